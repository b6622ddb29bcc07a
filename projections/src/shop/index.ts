export { shopProjector } from './projector';
export * from './rows';
export * from './queries';
