import type { ResourceSchemas } from './types';

/** The draws group's staff resources: row and record schemas from @roar/contracts. */
export const drawsSchemas: ResourceSchemas = {};
