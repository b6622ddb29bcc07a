export * from './events';
export * from './decider';
export * from './month';
export * from './access';
