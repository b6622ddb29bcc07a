import type { DashboardFigures } from '@roar/contracts/staff';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import type { Sql } from '@roar/platform';
import { memberControlCounts } from '../member-controls';

/** The dashboard's figures: the contract's shape (the staff console parses them with the same schema). */
export type { DashboardFigures };

const dayString = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const sydney = new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Every day from `from` to `to` inclusive ('YYYY-MM-DD'), so a chart has no gaps. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * The dashboard's figures for the `days` Sydney days ending on `now`'s. Reads the dashboard
 * counters (rows per day and dimension, not per member), the draws and, for renewals due, an
 * indexed range of read.members; answers in milliseconds at 100,000 members (bench/dashboard.ts).
 */
export async function dashboardFigures(sql: Sql, now: Date, days = 90): Promise<DashboardFigures> {
  const to = sydney.format(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const calendar = daysBetween(from, to);

  const [daily, running, entries, renewals, draws, pool] = await Promise.all([
    sql.query<{ day: unknown; metric: string; value: string }>(
      `select day, metric, sum(value)::text as value from read.dashboard_daily
       where metric in ('signups', 'cancelled', 'payment_failed') and day between $1 and $2 group by day, metric`,
      [from, to],
    ),
    // Running sums from the first day ever, so the window opens on the true level (rows per day
    // and tier, never per member).
    sql.query<{ day: unknown; metric: string; dimension: string; value: string }>(
      `select day, metric, dimension, total::text as value from (
         select day, metric, dimension, sum(value) over (partition by metric, dimension order by day) as total
         from (select day, case when metric = 'mrr_cents' then 'mrr' else 'active' end as metric, dimension,
                      sum(case when metric = 'left' then -value else value end) as value
               from read.dashboard_daily where metric in ('joined', 'left', 'mrr_cents') and day <= $1 group by 1, 2, 3) d
       ) r`,
      [to],
    ),
    sql.query<{ source: string; value: string }>(
      `select dimension as source, sum(value)::text as value from read.dashboard_daily where metric = 'entries' and day between $1 and $2 group by dimension order by 2 desc`,
      [from, to],
    ),
    sql.query<{ n: string }>(
      `select count(*)::text as n from read.members where membership_status = 'active' and membership_type = 'monthly-subscription'
       and membership_end_date >= $1 and membership_end_date < $2`,
      [now.toISOString(), new Date(now.getTime() + 7 * 86_400_000).toISOString()],
    ),
    sql.query<{
      id: string;
      title: string;
      slug: string;
      prize_end_date: unknown;
      draw_status: string | null;
      singles: string | null;
      total_tickets: string | null;
    }>(
      `select p.id, p.title, p.slug, p.prize_end_date, d.status as draw_status, e.entries::text as singles, d.total_tickets::text as total_tickets
       from read.prizes p left join read.draws d on d.prize_id = p.id left join read.dashboard_draw_entries e on e.prize_id = p.id
       where p.status = 'published' and coalesce(d.status, 'unscheduled') in ('unscheduled', 'scheduled', 'closed')
       order by p.prize_end_date limit 50`,
    ),
    sql.query<{ entries: string }>(`select entries::text from read.dashboard_draw_entries where prize_id = '*'`),
  ]);

  const byDay = new Map<string, Record<string, number>>();
  for (const r of daily.rows) {
    const d = dayString(r.day);
    byDay.set(d, { ...byDay.get(d), [r.metric]: Number(r.value) });
  }
  const levels = new Map<string, Map<string, number>>(); // key `${metric}|${dimension}` -> day -> level
  for (const r of running.rows) {
    const key = `${r.metric}|${r.dimension}`;
    const series = levels.get(key) ?? new Map<string, number>();
    series.set(dayString(r.day), Number(r.value));
    levels.set(key, series);
  }
  /** The level on each calendar day: the last change on or before it (carried forward). */
  const carried = (key: string): number[] => {
    const series = levels.get(key);
    const changes = series ? [...series].sort(([a], [b]) => a.localeCompare(b)) : [];
    let i = 0;
    let level = 0;
    return calendar.map((day) => {
      while (i < changes.length && changes[i]![0] <= day) level = changes[i++]![1];
      return level;
    });
  };
  const tiers = [...levels.keys()]
    .filter((k) => k.startsWith('active|'))
    .map((k) => k.slice('active|'.length))
    .sort();
  const tierLevels = new Map(tiers.map((t) => [t, carried(`active|${t}`)]));
  const mrr = carried('mrr|');
  const stackedPool = Number(pool.rows[0]?.entries ?? 0);

  return {
    from,
    to,
    signups: calendar.map((day) => ({ day, count: byDay.get(day)?.signups ?? 0 })),
    activeByTier: calendar.map((day, i) => ({ day, tiers: Object.fromEntries(tiers.map((t) => [t, tierLevels.get(t)![i]!])) })),
    tiers,
    mrrAndChurn: calendar.map((day, i) => ({ day, mrrCents: mrr[i]!, cancelled: byDay.get(day)?.cancelled ?? 0 })),
    failedPayments: calendar.map((day) => ({ day, count: byDay.get(day)?.payment_failed ?? 0 })),
    entriesBySource: entries.rows.map((r) => ({ source: r.source, entries: Number(r.value) })),
    renewalsDue: Number(renewals.rows[0]?.n ?? 0),
    memberControls: await memberControlCounts(sql, now),
    drawCalendar: draws.rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      prizeEndDate: r.prize_end_date instanceof Date ? r.prize_end_date.toISOString() : String(r.prize_end_date),
      drawStatus: r.draw_status ?? 'unscheduled',
      singleEntries: Number(r.singles ?? 0),
      stackedPool,
      frozenTickets: r.total_tickets === null ? null : Number(r.total_tickets),
    })),
  };
}
