import { drawStreamId, formatClubDate } from '@roar/domain';
import { DomainError } from '@roar/platform';
import { clubDay } from '@roar/contracts/time';
import type { AppContext } from '../context';
import { recordsRetentionYears } from '../compliance/rules';

/** The club day `years` after `day` (29 February falls back to 28 February). */
function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/**
 * Until when a draw's records must be kept (issue 22): `recordsRetentionYears` (a compliance rule,
 * 3 today) from the club day of the latest event in the draw's records. Null for no such prize.
 */
export async function drawRecordsRetainedUntil(
  app: Pick<AppContext, 'store' | 'now'>,
  prizeId: string,
): Promise<{ until: string; years: number } | null> {
  const events = await app.store.readStream(drawStreamId(prizeId));
  const last = events[events.length - 1];
  if (!last) return null;
  const years = await recordsRetentionYears(app);
  return { until: addYears(clubDay(last.metadata.occurredAt), years), years };
}

/** The sentence a refused deletion answers with, naming the day the records may be deleted. */
export const recordsKeptMessage = (until: string, years: number): string =>
  `This draw's records must be kept for ${years} years: nothing in them can be deleted before ${formatClubDate(until)}.`;

/**
 * Refuses (409) any deletion of a draw's records before their retention date. Every staff path
 * that could remove draw records calls it first (today: deleting a prize; the member erasure of a
 * later issue must too). After the date the records are still never deleted by this product:
 * a prize is archived instead.
 */
export async function refuseDrawRecordsDeletion(app: Pick<AppContext, 'store' | 'now'>, prizeId: string): Promise<never> {
  const kept = await drawRecordsRetainedUntil(app, prizeId);
  if (!kept) throw new DomainError('not_found', 'Not found.');
  if (clubDay(app.now()) < kept.until) throw new DomainError('conflict', recordsKeptMessage(kept.until, kept.years));
  throw new DomainError('conflict', 'A prize is archived, never deleted: its draw records stay in the event log.');
}
