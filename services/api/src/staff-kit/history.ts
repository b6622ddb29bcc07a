import { listEvents, type EventLogRow } from '@roar/projections';
import type { Sql } from '@roar/platform';
import { toAdminEvent } from './event-view';

const positionKey = (p: string): [bigint, bigint] => {
  const [commit = '0', prepare = '0'] = p.split('/');
  return [BigInt(commit), BigInt(prepare)];
};
const byPosition = (a: EventLogRow, b: EventLogRow): number => {
  const [ac, ap] = positionKey(a.position);
  const [bc, bp] = positionKey(b.position);
  return ac === bc ? Number(ap - bp) : ac < bc ? -1 : 1;
};

/**
 * The event history behind a member, a referral or a team for the staff console: whole streams
 * (`streams`) plus the events of other streams (`filtered`, e.g. the members' ledgers) that `keep`
 * picks, in store order.
 */
export async function historyOf(
  sql: Sql,
  streams: readonly string[],
  filtered: readonly string[] = [],
  keep: (row: EventLogRow) => boolean = () => false,
) {
  const whole = await Promise.all(streams.map((stream) => listEvents(sql, { stream, sort: 'position', order: 'ASC', limit: 1000 })));
  const partial = await Promise.all([...new Set(filtered)].map((stream) => listEvents(sql, { stream, sort: 'position', order: 'ASC', limit: 5000 })));
  const rows = [...whole.flatMap((p) => p.rows), ...partial.flatMap((p) => p.rows.filter(keep))];
  const seen = new Set<string>();
  return rows
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
    .sort(byPosition)
    .map(toAdminEvent);
}

/** True for a ledger event whose causation key starts with `prefix` (grants and their revocations). */
export const causedBy =
  (prefix: string) =>
  (row: EventLogRow): boolean => {
    const key = (row.data as { causationKey?: unknown } | null)?.causationKey;
    return typeof key === 'string' && key.startsWith(prefix);
  };
