export * from './catalogue';
export * from './decider';
export * from './seed';
