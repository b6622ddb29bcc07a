export * from './tier-snapshot';
export * from './events';
export * from './state';
export * from './decider';
export * from './age';
export * from './cancellation-notice';
