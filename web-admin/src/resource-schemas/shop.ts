import type { ResourceSchemas } from './types';

/** The shop group's staff resources: row and record schemas from @roar/contracts. */
export const shopSchemas: ResourceSchemas = {};
