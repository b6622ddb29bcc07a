export * from './services';
