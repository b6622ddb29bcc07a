/**
 * @roar/contracts: the wire between the api and the two consoles. zod only, no I/O, and it imports
 * nothing of ours. Each feature's shapes live in their own module (`@roar/contracts/shop`), so a
 * console bundle carries only the schemas its pages parse with.
 */
export * from './time';
export * from './http';
export * from './errors';
export * from './common';
export * from './shop';
export * from './auth';
export * from './members';
export * from './staff';
export * from './support';
export * from './prizes';
export * from './draws';
export * from './referrals';
export * from './teams';
export * from './content';
export * from './text';
export * from './event-history';
export * from './clubhouse';
export * from './cashback';
export * from './rewards';
export * from './transparency';
export * from './member-controls';
export * from './my-data';
export * from './compliance';
export * from './draw-settings';
export * from './draw-records';
export * from './erasure';
