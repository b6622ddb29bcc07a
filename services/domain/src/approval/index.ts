export * from './events';
export * from './decider';
export * from './settings';
export * from './staff-account';
