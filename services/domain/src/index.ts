export * from './membership-catalogue';
export * from './member';
export * from './entries';
export * from './checkout';
export * from './email-reservation';
export * from './access';
export * from './draw';
export { createEventRegistry } from './registry';
