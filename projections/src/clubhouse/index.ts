export * from './projector';
export * from './queries';
