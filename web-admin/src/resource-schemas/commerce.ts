import type { ResourceSchemas } from './types';

/** Shop, clubhouse, cashback, rewards and content resources. */
export const commerceSchemas: ResourceSchemas = {};
