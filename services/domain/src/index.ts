export * from './membership-catalogue';
export * from './member';
export * from './entries';
export * from './checkout';
export * from './email-reservation';
export * from './access';
export * from './draw';
export * from './referral';
export * from './team';
export * from './prize';
export * from './shop';
// Both the member profile and the shop's addresses name the states; they are the same eight.
export type { AuState } from './member';
export * from './rewards';
export * from './cashback';
export { createEventRegistry } from './registry';
export * from './primitives';
export * from './handicap';
