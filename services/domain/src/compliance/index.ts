export * from './events';
export * from './rules';
export * from './decider';
