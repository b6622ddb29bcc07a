export * from './membership-catalogue';
export { createEventRegistry } from './registry';
