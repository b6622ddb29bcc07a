export * from './events';
export * from './eligibility';
export * from './state';
export * from './decider';
export * from './audit';
export * from './slug';
export * from './terms';
export * from './cancellation-standing';
