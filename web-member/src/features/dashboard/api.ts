import { ENTRIES_ERROR } from '@roar/contracts/errors';
import { userTicketsAnswerSchema, type EntryGrant, type UserTicketsAnswer } from '@roar/contracts/members';
import type { ApiResult } from '../../lib/api-client';
import { memberRequest } from '../../lib/member-api';

export { ENTRIES_ERROR };

export type { EntryGrant };
export type EntryLedger = UserTicketsAnswer['data'];

/** `GET /api/user-tickets`: the member's entry ledger; any failure reads 'Error getting entries.'. */
export async function fetchEntries(): Promise<ApiResult<EntryLedger>> {
  const result = await memberRequest('/api/user-tickets', { schema: userTicketsAnswerSchema });
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
