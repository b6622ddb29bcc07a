export * from './whs';
export * from './events';
export * from './state';
export * from './record';
export * from './eligibility';
export * from './decider';
export * from './course';
export * from './courses-seed';
