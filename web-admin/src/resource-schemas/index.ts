import { commerceSchemas } from './commerce';
import { peopleSchemas } from './people';
import type { ResourceSchemas } from './types';

/** Every staff resource's answer schema, by resource name: the data provider parses what it reads with them. */
export const resourceSchemas: ResourceSchemas = { ...peopleSchemas, ...commerceSchemas };
export type { ResourceSchema, ResourceSchemas } from './types';
