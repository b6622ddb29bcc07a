import { z } from 'zod';
import { documentRoute } from '../http/openapi';

export const membershipResourceSchema = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  status: z.enum(['published', 'archived', 'draft']),
  visible: z.boolean(),
  code: z.string(),
  tier: z.string(),
  colour: z.string(),
  icon: z.string(),
  initial_tickets: z.number().int(),
  cumulative_tickets: z.number().int(),
  items: z.array(z.object({ title: z.string() })),
  type: z.enum(['free', 'single-entry', 'monthly-subscription']),
  bonus_draws: z.boolean(),
  weekly_draws: z.boolean(),
  rewards_access: z.boolean(),
  shop_access: z.boolean(),
  price: z.number(),
  referee_entries: z.number().int(),
  referrer_entries: z.number().int(),
  rewards_days: z.number().int(),
  cashback_maximum_value: z.number(),
  stripe_id: z.string().nullable(),
});

const itemsQuery = z.object({
  filter: z.string().optional().describe('filter[field][_eq|_in]=value, or the same as one JSON object'),
  sort: z.string().optional().describe('comma-separated fields, - for descending'),
  limit: z.number().int().optional(),
});

documentRoute({
  method: 'get',
  path: '/items/membership',
  tag: 'content',
  summary: 'Membership tiers (published and archived), sorted by sort',
  query: itemsQuery,
  response: z.object({ data: z.array(membershipResourceSchema) }),
});
documentRoute({
  method: 'get',
  path: '/items/pages',
  tag: 'content',
  summary: 'Information pages, filtered by path',
  query: itemsQuery,
  response: z.object({ data: z.array(z.object({ path: z.string(), status: z.string(), title: z.string(), content: z.string() })) }),
});
documentRoute({
  method: 'get',
  path: '/items/faqs',
  tag: 'content',
  summary: 'Published FAQs',
  query: itemsQuery,
  response: z.object({ data: z.array(z.object({ id: z.number(), sort: z.number(), status: z.string(), question: z.string(), answer: z.string() })) }),
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
