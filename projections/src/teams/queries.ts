import type { Sql } from '@roar/platform';
import { teamMemberRowSchema, teamRowSchema, type TeamMemberRow, type TeamRow } from './projector';

export interface TeamWithMembers extends TeamRow {
  /** Captain first, then invites in the order they were sent. */
  readonly members: TeamMemberRow[];
}

async function membersOf(sql: Sql, teamIds: readonly string[]): Promise<Map<string, TeamMemberRow[]>> {
  const out = new Map<string, TeamMemberRow[]>();
  if (teamIds.length === 0) return out;
  const r = await sql.query<{ row: unknown }>(
    `select to_jsonb(m) as row from read.team_members m where team_id in (select jsonb_array_elements_text($1::jsonb))
     order by team_id, (role = 'captain') desc, joined_at, id`,
    [JSON.stringify(teamIds)],
  );
  for (const { row } of r.rows) {
    const m = teamMemberRowSchema.parse(row);
    out.set(m.team_id, [...(out.get(m.team_id) ?? []), m]);
  }
  return out;
}

export async function getTeam(sql: Sql, teamId: string): Promise<TeamWithMembers | null> {
  const r = await sql.query<{ row: unknown }>('select to_jsonb(t) as row from read.teams t where id = $1', [teamId]);
  if (!r.rows[0]) return null;
  const team = teamRowSchema.parse(r.rows[0].row);
  return { ...team, members: (await membersOf(sql, [teamId])).get(teamId) ?? [] };
}

/**
 * The member's open team (as captain or paid mate), else their latest complete one (a mate whose
 * fee was refunded after completion is still one of its four; one refunded from an open team left it).
 */
export async function findTeamOfMember(sql: Sql, memberId: string): Promise<TeamWithMembers | null> {
  const r = await sql.query<{ id: string }>(
    `select t.id from read.teams t join read.team_members m on m.team_id = t.id
     where m.member_id = $1 and (m.status in ('captain', 'paid') or (m.status = 'refunded' and t.status = 'complete'))
     order by (t.status = 'open') desc, coalesce(t.completed_at, t.started_at) desc, t.id limit 1`,
    [memberId],
  );
  return r.rows[0] ? getTeam(sql, r.rows[0].id) : null;
}

export async function getTeamInvite(sql: Sql, inviteId: string): Promise<TeamMemberRow | null> {
  const r = await sql.query<{ row: unknown }>("select to_jsonb(m) as row from read.team_members m where id = $1 and role = 'mate'", [inviteId]);
  return r.rows[0] ? teamMemberRowSchema.parse(r.rows[0].row) : null;
}

/** Pending invites whose expiry has passed at `at` (the sweeper's work list). */
export async function listExpiredPendingInvites(sql: Sql, at: Date, limit = 500): Promise<TeamMemberRow[]> {
  const r = await sql.query<{ row: unknown }>(
    "select to_jsonb(m) as row from read.team_members m where status = 'pending' and expires_at <= $1 order by expires_at, id limit $2",
    [at.toISOString(), limit],
  );
  return r.rows.map(({ row }) => teamMemberRowSchema.parse(row));
}

/** The latest end of a team benefit the member earned by paying as a mate, if any is still running at `at`. */
export async function activeTeamBenefit(sql: Sql, memberId: string, at: Date): Promise<TeamMemberRow | null> {
  const r = await sql.query<{ row: unknown }>(
    "select to_jsonb(m) as row from read.team_members m where member_id = $1 and status = 'paid' and benefit_until > $2 order by benefit_until desc limit 1",
    [memberId, at.toISOString()],
  );
  return r.rows[0] ? teamMemberRowSchema.parse(r.rows[0].row) : null;
}

export const TEAM_SORT_FIELDS = ['started_at', 'completed_at', 'status', 'paid_mates', 'id'] as const;
export interface SearchTeamsOptions {
  readonly ids?: readonly string[];
  readonly status?: readonly string[];
  readonly captainId?: string;
  /** A member (captain or mate) by id. */
  readonly memberId?: string;
  /** Matches any member's email. */
  readonly q?: string;
  readonly sort?: (typeof TEAM_SORT_FIELDS)[number];
  readonly order?: 'ASC' | 'DESC';
  readonly offset?: number;
  readonly limit?: number;
}

export async function searchTeams(sql: Sql, o: SearchTeamsOptions): Promise<{ records: TeamWithMembers[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  if (o.ids?.length) where.push(`t.id in (select jsonb_array_elements_text(${p(JSON.stringify(o.ids))}::jsonb))`);
  if (o.status?.length) where.push(`t.status in (select jsonb_array_elements_text(${p(JSON.stringify(o.status))}::jsonb))`);
  if (o.captainId) where.push(`t.captain_id = ${p(o.captainId)}`);
  if (o.memberId) where.push(`exists (select 1 from read.team_members m where m.team_id = t.id and m.member_id = ${p(o.memberId)})`);
  if (o.q) where.push(`exists (select 1 from read.team_members m where m.team_id = t.id and lower(m.email) like ${p(`%${o.q.toLowerCase()}%`)})`);
  const w = where.length ? `where ${where.join(' and ')}` : '';
  const count = await sql.query<{ n: number | string }>(`select count(*) as n from read.teams t ${w}`, params);
  const sort = o.sort ?? 'started_at';
  const rows = await sql.query<{ row: unknown }>(
    `select to_jsonb(t) as row from read.teams t ${w} order by t.${sort} ${o.order === 'ASC' ? 'asc' : 'desc'} nulls last, t.id limit ${Number(o.limit ?? 100)} offset ${Number(o.offset ?? 0)}`,
    params,
  );
  const teams = rows.rows.map(({ row }) => teamRowSchema.parse(row));
  const members = await membersOf(
    sql,
    teams.map((t) => t.id),
  );
  return { records: teams.map((t) => ({ ...t, members: members.get(t.id) ?? [] })), total: Number(count.rows[0]?.n ?? 0) };
}
