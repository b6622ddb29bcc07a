import type { z } from 'zod';

/** For one react-admin resource: the schema of a list row and of one record, from @roar/contracts. */
export interface ResourceSchema {
  readonly row: z.ZodType;
  readonly record?: z.ZodType;
}
export type ResourceSchemas = Readonly<Record<string, ResourceSchema>>;
