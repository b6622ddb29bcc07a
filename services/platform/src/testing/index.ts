export * from './services';
export * from './scratch-store';
