export * from './rules';
export * from './events';
export * from './state';
export * from './decider';
export * from './seat';
