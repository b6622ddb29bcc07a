export * from './events';
export * from './decider';
