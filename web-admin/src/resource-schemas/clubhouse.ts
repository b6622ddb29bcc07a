import type { ResourceSchemas } from './types';

/** The clubhouse group's staff resources: row and record schemas from @roar/contracts. */
export const clubhouseSchemas: ResourceSchemas = {};
