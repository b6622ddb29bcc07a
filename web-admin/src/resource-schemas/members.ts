import type { ResourceSchemas } from './types';

/** The members group's staff resources: row and record schemas from @roar/contracts. */
export const membersSchemas: ResourceSchemas = {};
