import { ENTRIES_ERROR } from '@roar/contracts/errors';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import {
  entryStatementAnswerSchema,
  userTicketsAnswerSchema,
  type EntryGrant,
  type EntryStatementAnswer,
  type UserTicketsAnswer,
} from '@roar/contracts/members';
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

export type EntryStatement = EntryStatementAnswer['data'];

/** `GET /api/entry-statement`: the member's entries month by month; any failure reads 'Error getting entries.'. */
export async function fetchStatement(): Promise<ApiResult<EntryStatement>> {
  const result = await memberRequest('/api/entry-statement', { schema: entryStatementAnswerSchema });
  return result.ok ? { ok: true, data: result.data.data } : { ...result, error: ENTRIES_ERROR };
}

/** 'November 2026' for the club month '2026-11'. */
export function monthTitle(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, (m ?? 1) - 1, 15)).toLocaleDateString('en-AU', { month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE });
}

const SOURCE_LABELS: Record<string, string> = {
  initial: 'Membership',
  renewal: 'Monthly renewal',
  'single-entry': 'Single entry',
  'staff-adjustment': 'Adjustment',
  referral: 'Referral bonus',
  team: 'Team draw',
  revocation: 'Entries removed',
};

export const sourceLabel = (source: string): string => SOURCE_LABELS[source] ?? source;
