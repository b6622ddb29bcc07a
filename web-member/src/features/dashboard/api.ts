import { z } from 'zod';
import type { ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';

export const ENTRIES_ERROR = 'Error getting entries.';

export const grantSchema = z
  .object({
    id: z.union([z.string(), z.number()]),
    source: z.string(),
    count: z.number(),
    first_ticket: z.number().nullable().default(null),
    last_ticket: z.number().nullable().default(null),
    reason: z.string().nullable().default(null),
    occurred_at: z.string(),
  })
  .loose();
export type EntryGrant = z.infer<typeof grantSchema>;

const ticketsAnswer = z.object({ data: z.object({ total: z.number(), grants: z.array(grantSchema).default([]) }) });
export type EntryLedger = z.infer<typeof ticketsAnswer>['data'];

/** `GET /api/user-tickets`: the member's entry ledger; any failure reads 'Error getting entries.'. */
export async function fetchEntries(): Promise<ApiResult<EntryLedger>> {
  const result = await memberRequest('/api/user-tickets', { schema: ticketsAnswer });
  return result.ok ? { ok: true, data: result.data.data } : { ...result, error: ENTRIES_ERROR };
}

const SOURCE_LABELS: Record<string, string> = {
  initial: 'Membership',
  renewal: 'Monthly renewal',
  'single-entry': 'Single entry',
  'staff-adjustment': 'Adjustment',
  referral: 'Referral bonus',
  team: 'Team draw',
};

export const sourceLabel = (source: string): string => SOURCE_LABELS[source] ?? source;
