import {
  ELIGIBILITY_EVENT_TYPES,
  foldEligibilityEvent,
  type EligibilityEvent,
  type EligibilityFold,
  type MemberAccount,
  type TicketRange,
} from '@roar/domain';
import { ident, type RecordedEvent, type Sql } from '@roar/platform';
import type { ApplyContext, Projector } from '../runner/projector';
import { withErasure } from '../runner/erasure';

/**
 * Draw eligibility as it happens: every member's eligibility state (tier flags, paid period,
 * cancellation, stacked tickets, single entries per prize) and every complete team, folded by the
 * domain's own eligibility fold (`foldEligibilityEvent`), so closing a draw reads these rows at the
 * projector's checkpoint instead of replaying the log. The audit never reads them: it replays the
 * log itself and must arrive at the same list.
 *
 * The fold runs with no as-of limit; each row keeps the latest occurred-at folded into it
 * (`last_at_ms`) and the streams its events came from, so a close whose as-of instant is earlier
 * re-folds just those keys from their streams (services/api/src/draws/eligibility.ts).
 * Payloads are folded as stored, exactly as the audit's log read hands them over.
 */
async function migrate(tx: Sql, schema: string): Promise<void> {
  const s = ident(schema);
  await tx.exec(`
    create table if not exists ${s}.draw_eligibility_members (
      member_id text primary key, has_tier boolean not null, bonus_draws boolean not null, weekly_draws boolean not null,
      period_end text, cancelled_ends_at text, stacked bigint not null, singles jsonb not null,
      last_at_ms double precision, streams text[] not null, suspended boolean not null default false);
    alter table ${s}.draw_eligibility_members add column if not exists suspended boolean not null default false;
    alter table ${s}.draw_eligibility_members add column if not exists residence_state text;
    alter table ${s}.draw_eligibility_members add column if not exists dob text;
    create table if not exists ${s}.draw_eligibility_teams (
      team_id text primary key, member_ids jsonb not null, last_at_ms double precision, streams text[] not null);
  `);
}

/** Where a key's events came from and when the latest of them occurred. */
interface Trail {
  lastAtMs: number | null;
  readonly streams: Set<string>;
}

interface MemberRow {
  member_id: string;
  has_tier: boolean;
  bonus_draws: boolean;
  weekly_draws: boolean;
  period_end: string | null;
  cancelled_ends_at: string | null;
  stacked: unknown;
  singles: unknown;
  last_at_ms: unknown;
  streams: string[];
  suspended: boolean;
  residence_state: string | null;
  dob: string | null;
}

const asObject = (v: unknown): Record<string, unknown> => {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
};
const asStrings = (v: unknown): string[] => {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [];
};
const msOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A stored row as the fold's account. Ticket ranges are not kept: a close needs counts only. */
/**
 * The singles of every account read for a close that holds none: one map for all of them (a new
 * Map per account was most of the cost of building 100,000 accounts). Nothing may add to it:
 * changing it would change every such account, so it refuses.
 */
class NoSingles extends Map<string, { count: number; ranges: TicketRange[] }> {
  override set(): this {
    throw new Error('draw_eligibility: an account read for a close is not folded further');
  }
  override delete(): boolean {
    throw new Error('draw_eligibility: an account read for a close is not folded further');
  }
  override clear(): void {
    throw new Error('draw_eligibility: an account read for a close is not folded further');
  }
}
const NO_SINGLES = new NoSingles();

/**
 * The fold's account of a member row. `readOnly`: the account is only read (a close's entrants),
 * never folded further, so a row without singles shares one empty map that refuses changes.
 */
export function accountOfRow(
  row: Pick<MemberRow, 'has_tier' | 'bonus_draws' | 'weekly_draws' | 'period_end' | 'cancelled_ends_at' | 'stacked' | 'singles' | 'suspended'> &
    Partial<Pick<MemberRow, 'residence_state' | 'dob'>>,
  readOnly = false,
): MemberAccount {
  const entries = Object.entries(asObject(row.singles));
  const singles =
    readOnly && entries.length === 0 ? NO_SINGLES : new Map(entries.map(([prizeId, count]) => [prizeId, { count: Number(count), ranges: [] }]));
  return {
    tier: row.has_tier ? { bonus_draws: row.bonus_draws, weekly_draws: row.weekly_draws } : null,
    periodEnd: row.period_end,
    cancelledEndsAt: row.cancelled_ends_at,
    suspended: row.suspended === true,
    stacked: Number(row.stacked),
    stackedRanges: [],
    singles,
    state: row.residence_state ?? null,
    dob: row.dob ?? null,
  };
}

/** The member or team an eligibility event belongs to, as the fold keys it. */
export function eligibilityKeyOf(e: Pick<RecordedEvent, 'type' | 'data'>): { kind: 'member' | 'team'; id: string } | null {
  const d = (e.data ?? {}) as Record<string, unknown>;
  if (e.type === 'TeamCompleted') return typeof d.teamId === 'string' ? { kind: 'team', id: d.teamId } : null;
  return typeof d.memberId === 'string' ? { kind: 'member', id: d.memberId } : null;
}

async function load(tx: Sql, schema: string, memberIds: string[], teamIds: string[]) {
  const s = ident(schema);
  const fold: EligibilityFold = { accounts: new Map(), teams: new Map() };
  const trails = new Map<string, Trail>();
  const members = await tx.query<MemberRow>(`select * from ${s}.draw_eligibility_members where member_id = any($1::text[])`, [memberIds]);
  for (const r of members.rows) {
    fold.accounts.set(r.member_id, accountOfRow(r));
    trails.set(`member:${r.member_id}`, { lastAtMs: msOrNull(r.last_at_ms), streams: new Set(r.streams) });
  }
  const teams = await tx.query<{ team_id: string; member_ids: unknown; last_at_ms: unknown; streams: string[] }>(
    `select * from ${s}.draw_eligibility_teams where team_id = any($1::text[])`,
    [teamIds],
  );
  for (const r of teams.rows) {
    fold.teams.set(r.team_id, asStrings(r.member_ids));
    trails.set(`team:${r.team_id}`, { lastAtMs: msOrNull(r.last_at_ms), streams: new Set(r.streams) });
  }
  return { fold, trails };
}

async function apply(tx: Sql, events: readonly RecordedEvent[], ctx: ApplyContext): Promise<void> {
  const keyed = events.map((e) => ({ e, key: eligibilityKeyOf(e) }));
  const memberIds = [...new Set(keyed.flatMap((k) => (k.key?.kind === 'member' ? [k.key.id] : [])))];
  const teamIds = [...new Set(keyed.flatMap((k) => (k.key?.kind === 'team' ? [k.key.id] : [])))];
  if (memberIds.length === 0 && teamIds.length === 0) return;
  const { fold, trails } = await load(tx, ctx.schema, memberIds, teamIds);
  for (const { e, key } of keyed) {
    if (!key) continue;
    const event: EligibilityEvent = { type: e.type, data: e.data, occurredAt: e.metadata.occurredAt };
    foldEligibilityEvent(fold, event, Number.POSITIVE_INFINITY);
    const trailKey = `${key.kind}:${key.id}`;
    const trail = trails.get(trailKey) ?? { lastAtMs: null, streams: new Set<string>() };
    const ms = Date.parse(event.occurredAt);
    // An unparsable occurred-at is folded whatever the as-of instant, so it never makes a row stale.
    if (Number.isFinite(ms)) trail.lastAtMs = trail.lastAtMs === null ? ms : Math.max(trail.lastAtMs, ms);
    trail.streams.add(e.streamId);
    trails.set(trailKey, trail);
  }
  await saveMembers(tx, ctx.schema, memberIds, fold, trails);
  await saveTeams(tx, ctx.schema, teamIds, fold, trails);
}

async function saveMembers(tx: Sql, schema: string, ids: string[], fold: EligibilityFold, trails: Map<string, Trail>): Promise<void> {
  const rows = ids.flatMap((id) => {
    const a = fold.accounts.get(id);
    return a ? [{ id, a, trail: trails.get(`member:${id}`) }] : [];
  });
  if (rows.length === 0) return;
  await tx.query(
    `insert into ${ident(schema)}.draw_eligibility_members
       (member_id, has_tier, bonus_draws, weekly_draws, period_end, cancelled_ends_at, stacked, singles, last_at_ms, streams, suspended,
        residence_state, dob)
     select r.member_id, r.has_tier, r.bonus_draws, r.weekly_draws, r.period_end, r.cancelled_ends_at, r.stacked, r.singles, r.last_at_ms,
       array(select jsonb_array_elements_text(r.streams)), r.suspended, r.residence_state, r.dob
     from jsonb_to_recordset($1::jsonb) as r(member_id text, has_tier boolean, bonus_draws boolean, weekly_draws boolean, period_end text,
       cancelled_ends_at text, stacked bigint, singles jsonb, last_at_ms double precision, streams jsonb, suspended boolean,
       residence_state text, dob text)
     on conflict (member_id) do update set has_tier = excluded.has_tier, bonus_draws = excluded.bonus_draws, weekly_draws = excluded.weekly_draws,
       period_end = excluded.period_end, cancelled_ends_at = excluded.cancelled_ends_at, stacked = excluded.stacked, singles = excluded.singles,
       last_at_ms = excluded.last_at_ms, streams = excluded.streams, suspended = excluded.suspended,
       residence_state = excluded.residence_state, dob = excluded.dob`,
    [
      JSON.stringify(
        rows.map(({ id, a, trail }) => ({
          member_id: id,
          has_tier: a.tier !== null,
          bonus_draws: a.tier?.bonus_draws ?? false,
          weekly_draws: a.tier?.weekly_draws ?? false,
          period_end: a.periodEnd,
          cancelled_ends_at: a.cancelledEndsAt,
          stacked: a.stacked,
          singles: Object.fromEntries([...a.singles].map(([prizeId, s]) => [prizeId, s.count])),
          last_at_ms: trail?.lastAtMs ?? null,
          streams: [...(trail?.streams ?? [])],
          suspended: a.suspended,
          residence_state: a.state,
          dob: a.dob,
        })),
      ),
    ],
  );
}

async function saveTeams(tx: Sql, schema: string, ids: string[], fold: EligibilityFold, trails: Map<string, Trail>): Promise<void> {
  const rows = ids.flatMap((id) => {
    const memberIds = fold.teams.get(id);
    return memberIds
      ? [
          {
            team_id: id,
            member_ids: memberIds,
            last_at_ms: trails.get(`team:${id}`)?.lastAtMs ?? null,
            streams: [...(trails.get(`team:${id}`)?.streams ?? [])],
          },
        ]
      : [];
  });
  if (rows.length === 0) return;
  await tx.query(
    `insert into ${ident(schema)}.draw_eligibility_teams (team_id, member_ids, last_at_ms, streams)
     select r.team_id, r.member_ids, r.last_at_ms, array(select jsonb_array_elements_text(r.streams))
     from jsonb_to_recordset($1::jsonb) as r(team_id text, member_ids jsonb, last_at_ms double precision, streams jsonb)
     on conflict (team_id) do update set member_ids = excluded.member_ids, last_at_ms = excluded.last_at_ms, streams = excluded.streams`,
    [JSON.stringify(rows)],
  );
}

export const drawEligibilityProjector: Projector = withErasure(
  {
    name: 'draw_eligibility',
    // 3: residence facts (state, dob) for eligibility rule 2; rebuilt so members registered before fold them.
    version: 3,
    tables: [
      { name: 'draw_eligibility_members', primaryKey: ['member_id'] },
      { name: 'draw_eligibility_teams', primaryKey: ['team_id'] },
    ],
    handles: ELIGIBILITY_EVENT_TYPES,
    migrate,
    apply,
  },
  // The date of birth the age rule reads: an erased member's reads 1900-01-01, as the opened events give it.
  [{ table: 'draw_eligibility_members', member: 'member_id', columns: { dob: 'date' } }],
);
