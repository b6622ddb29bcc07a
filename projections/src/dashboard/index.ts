import type {
  EntriesGrantedEvent,
  EntriesRevokedEvent,
  MemberRegisteredEvent,
  MembershipActivatedEvent,
  MembershipCancelledEvent,
  MembershipPaymentFailedEvent,
} from '@roar/domain';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import { decodeAll, occurredAt } from '../runner/table';
import type { ApplyContext, Projector } from '../runner/projector';

/**
 * The staff dashboard's read model (issue 14). Daily counters keyed by (Sydney day, metric,
 * dimension), so every chart reads a few hundred rows however many members there are:
 * - signups; joined/left per tier (active members by tier = running sum); cancelled per tier
 *   (churn); mrr_cents (running sum: + a monthly tier's price on joining it, - on cancelling or
 *   leaving it for another tier); payment_failed; entries per grant source.
 * - draw_entries: entries held per draw before its close (single entries bound to it) and the
 *   stacked pool ('*'), an estimate until the close freezes the real list.
 * A later feature adds a metric by writing its own rows (e.g. 'cashback_claims'): the query reads
 * any metric it is asked for. Renewals due come from read.members (its end dates), not from here.
 */
const HANDLES = [
  'MemberRegistered',
  'MembershipActivated',
  'MembershipCancelled',
  'MembershipPaymentFailed',
  'EntriesGranted',
  'EntriesRevoked',
] as const;
const STACKED = '*';

const sydneyDay = new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The club's calendar day of an instant: 'YYYY-MM-DD' in Australia/Sydney. */
export const clubDay = (iso: string): string => sydneyDay.format(new Date(iso));

async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    create table if not exists ${s}.dashboard_daily (day date not null, metric text not null, dimension text not null, value bigint not null, primary key (day, metric, dimension));
    create index if not exists dashboard_daily_metric on ${s}.dashboard_daily (metric, day);
    create table if not exists ${s}.dashboard_members (member_id text primary key, tier_code text, monthly_cents integer not null, renewing boolean not null);
    create table if not exists ${s}.dashboard_draw_entries (prize_id text primary key, entries bigint not null);
  `);
}

interface MemberTier {
  tier_code: string | null;
  monthly_cents: number;
  renewing: boolean;
}

class Batch {
  readonly daily = new Map<string, number>();
  readonly draws = new Map<string, number>();
  add(day: string, metric: string, dimension: string, value: number): void {
    if (value === 0) return;
    const key = JSON.stringify([day, metric, dimension]);
    this.daily.set(key, (this.daily.get(key) ?? 0) + value);
  }
  addDraw(prizeId: string, value: number): void {
    this.draws.set(prizeId, (this.draws.get(prizeId) ?? 0) + value);
  }
}

async function loadMembers(tx: Sql, schema: string, ids: readonly string[]): Promise<Map<string, MemberTier>> {
  if (ids.length === 0) return new Map();
  const r = await tx.query<MemberTier & { member_id: string }>(
    `select member_id, tier_code, monthly_cents, renewing from ${ident(schema)}.dashboard_members where member_id = any($1)`,
    [ids],
  );
  return new Map(r.rows.map((row) => [row.member_id, { tier_code: row.tier_code, monthly_cents: row.monthly_cents, renewing: row.renewing }]));
}

/** Leaving a tier: it loses an active member, and MRR loses its price while it was renewing. */
function leave(batch: Batch, day: string, m: MemberTier): void {
  if (m.tier_code === null || !m.renewing) return;
  batch.add(day, 'left', m.tier_code, 1);
  batch.add(day, 'mrr_cents', '', -m.monthly_cents);
}

function foldEvent(batch: Batch, members: Map<string, MemberTier>, e: RecordedEvent): void {
  const day = clubDay(occurredAt(e));
  switch (e.type) {
    case 'MemberRegistered': {
      const d = e.data as MemberRegisteredEvent['data'];
      batch.add(day, 'signups', '', 1);
      if (!members.has(d.memberId)) members.set(d.memberId, { tier_code: null, monthly_cents: 0, renewing: false });
      return;
    }
    case 'MembershipActivated': {
      const d = e.data as MembershipActivatedEvent['data'];
      const before = members.get(d.memberId) ?? { tier_code: null, monthly_cents: 0, renewing: false };
      leave(batch, day, before);
      const monthly = d.tier.type === 'monthly-subscription' ? d.tier.price_cents : 0;
      batch.add(day, 'joined', d.tier.code, 1);
      batch.add(day, 'mrr_cents', '', monthly);
      members.set(d.memberId, { tier_code: d.tier.code, monthly_cents: monthly, renewing: true });
      return;
    }
    case 'MembershipCancelled': {
      const d = e.data as MembershipCancelledEvent['data'];
      const m = members.get(d.memberId);
      if (!m || !m.renewing || m.tier_code === null) return;
      batch.add(day, 'cancelled', m.tier_code, 1);
      leave(batch, day, m);
      members.set(d.memberId, { ...m, renewing: false });
      return;
    }
    case 'MembershipPaymentFailed': {
      const d = e.data as MembershipPaymentFailedEvent['data'];
      if (d.subscriptionId !== null) batch.add(day, 'payment_failed', '', 1);
      return;
    }
    case 'EntriesGranted': {
      const d = e.data as EntriesGrantedEvent['data'];
      batch.add(day, 'entries', d.source, d.count);
      batch.addDraw(d.prizeId ?? STACKED, d.count);
      return;
    }
    case 'EntriesRevoked': {
      const d = e.data as EntriesRevokedEvent['data'];
      // Revocations come off the stacked pool (the ledger never revokes a bound single entry).
      batch.add(day, 'entries_revoked', '', d.count);
      batch.addDraw(STACKED, -d.count);
      return;
    }
    default:
      return;
  }
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const decoded = decodeAll(events, ctx, 'dashboard');
  const ids = [...new Set(decoded.filter((e) => e.type.startsWith('Member')).map((e) => (e.data as { memberId: string }).memberId))];
  const members = await loadMembers(tx, ctx.schema, ids);
  const batch = new Batch();
  for (const e of decoded) foldEvent(batch, members, e);
  const s = ident(ctx.schema);
  const daily = [...batch.daily].map(([key, value]) => [...(JSON.parse(key) as [string, string, string]), value] as const);
  if (daily.length > 0) {
    await tx.query(
      `insert into ${s}.dashboard_daily (day, metric, dimension, value)
       select * from unnest($1::date[], $2::text[], $3::text[], $4::bigint[])
       on conflict (day, metric, dimension) do update set value = ${s}.dashboard_daily.value + excluded.value`,
      [daily.map((r) => r[0]), daily.map((r) => r[1]), daily.map((r) => r[2]), daily.map((r) => r[3])],
    );
  }
  const touched = [...members];
  if (touched.length > 0) {
    await tx.query(
      `insert into ${s}.dashboard_members (member_id, tier_code, monthly_cents, renewing)
       select * from unnest($1::text[], $2::text[], $3::int[], $4::boolean[])
       on conflict (member_id) do update set tier_code = excluded.tier_code, monthly_cents = excluded.monthly_cents, renewing = excluded.renewing`,
      [touched.map(([id]) => id), touched.map(([, m]) => m.tier_code), touched.map(([, m]) => m.monthly_cents), touched.map(([, m]) => m.renewing)],
    );
  }
  const draws = [...batch.draws];
  if (draws.length > 0) {
    await tx.query(
      `insert into ${s}.dashboard_draw_entries (prize_id, entries) select * from unnest($1::text[], $2::bigint[])
       on conflict (prize_id) do update set entries = ${s}.dashboard_draw_entries.entries + excluded.entries`,
      [draws.map(([id]) => id), draws.map(([, n]) => n)],
    );
  }
}

export const dashboardProjector: Projector = {
  name: 'dashboard',
  version: 1,
  tables: [
    { name: 'dashboard_daily', primaryKey: ['day', 'metric', 'dimension'] },
    { name: 'dashboard_members', primaryKey: ['member_id'] },
    { name: 'dashboard_draw_entries', primaryKey: ['prize_id'] },
  ],
  handles: HANDLES,
  // Counts for the staff dashboard: written a quarter-second's events at a time on a busy evening.
  gatherMs: 250,
  migrate,
  apply,
};

export { dashboardFigures, type DashboardFigures } from './queries';
