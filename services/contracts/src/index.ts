/**
 * @roar/contracts: the wire between the api and the two consoles. zod only, no I/O, and it imports
 * nothing of ours. Each feature's shapes live in their own module (`@roar/contracts/shop`), so a
 * console bundle carries only the schemas its pages parse with.
 */
export * from './time';
export * from './http';
export * from './errors';
export * from './text';
export * from './event-history';
export * from './clubhouse';
export * from './cashback';
export * from './rewards';
