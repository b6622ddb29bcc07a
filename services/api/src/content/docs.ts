import { z } from 'zod';
import { faqsAnswerSchema, itemsQuerySchema, openApiDocumentSchema, pagesAnswerSchema } from '@roar/contracts/content';
import { membershipStatusSchema, membershipTypeSchema } from '@roar/domain';
import { membershipResourceSchema } from '@roar/projections';
import { documentRoute } from '../http/openapi';

// The projection's resource schema, with the closed vocabularies spelled out for API readers.
const membershipDocSchema = membershipResourceSchema.extend({
  status: membershipStatusSchema,
  type: membershipTypeSchema,
});

const itemsQuery = itemsQuerySchema;

documentRoute({
  method: 'get',
  path: '/items/membership',
  tag: 'content',
  summary: 'Membership tiers (published and archived), sorted by sort',
  query: itemsQuery,
  response: z.object({ data: z.array(membershipDocSchema) }),
});
documentRoute({
  method: 'get',
  path: '/items/pages',
  tag: 'content',
  summary: 'Information pages, filtered by path',
  query: itemsQuery,
  response: pagesAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/items/faqs',
  tag: 'content',
  summary: 'Published FAQs',
  query: itemsQuery,
  response: faqsAnswerSchema,
});
documentRoute({
  method: 'get',
  path: '/api/openapi.json',
  tag: 'operations',
  summary: 'This document (OpenAPI 3.1), built from the zod schemas the routes parse with',
  response: openApiDocumentSchema,
});
documentRoute({ method: 'get', path: '/health', tag: 'operations', summary: 'Liveness', response: z.object({ status: z.literal('ok') }) });
documentRoute({
  method: 'get',
  path: '/ready',
  tag: 'operations',
  summary: 'Readiness: database, event store and Redis (when configured) answer',
  response: z.object({ status: z.string(), checks: z.record(z.string(), z.enum(['up', 'down', 'not configured'])) }),
  errors: [503],
});
