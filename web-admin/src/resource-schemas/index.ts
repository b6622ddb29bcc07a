import { clubhouseSchemas } from './clubhouse';
import { complianceSchemas } from './compliance';
import { drawsSchemas } from './draws';
import { membersSchemas } from './members';
import { shopSchemas } from './shop';
import type { ResourceSchemas } from './types';

/** Every staff resource's answer schema, by resource name: the data provider parses what it reads with them. */
export const resourceSchemas: ResourceSchemas = { ...membersSchemas, ...drawsSchemas, ...shopSchemas, ...clubhouseSchemas, ...complianceSchemas };
export type { ResourceSchema, ResourceSchemas } from './types';
