export * from './events';
export * from './decider';
export * from './webhook';
export * from './refund';
