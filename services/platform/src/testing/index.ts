export * from './services';
export * from './scratch-store';
export * from './decider-specification';
export * from './personal-data';
