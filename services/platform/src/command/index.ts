export * from './decider';
export * from './handle';
