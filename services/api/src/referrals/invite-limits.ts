import type { Sql } from '@roar/platform';

/**
 * Invite flood control, kept in PostgreSQL so that it holds across API processes: at most
 * `perMemberPerHour` invites a member sends in an hour, and one from that member per invited email
 * in 24 hours (per kind: a referral invite and a team invite are counted apart).
 */
export const INVITE_LIMITS = { perMemberPerHour: 10, perEmailWindowMs: 24 * 60 * 60_000, memberWindowMs: 60 * 60_000 } as const;

const MIGRATION = `
create schema if not exists invites;
create table if not exists invites.sent (
  id bigserial primary key,
  kind text not null,
  member_id text not null,
  email text not null,
  sent_at timestamptz not null
);
create index if not exists invites_sent_member on invites.sent (member_id, sent_at);
create index if not exists invites_sent_email on invites.sent (member_id, kind, email, sent_at);
`;

const migrated = new WeakMap<Sql, Promise<void>>();
function ready(sql: Sql): Promise<void> {
  let p = migrated.get(sql);
  if (!p) {
    p = sql.exec(MIGRATION).catch((e: unknown) => (migrated.delete(sql), Promise.reject(e)));
    migrated.set(sql, p);
  }
  return p;
}

/**
 * Takes one invite from the allowance, or answers false when a limit is reached. The check and the
 * insert run in one transaction under an advisory lock on the member, so concurrent sends count right.
 */
export async function takeInvite(sql: Sql, input: { kind: 'referral' | 'team'; memberId: string; email: string; at: Date }): Promise<boolean> {
  await ready(sql);
  return sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`invites:${input.memberId}`]);
    const hourAgo = new Date(input.at.getTime() - INVITE_LIMITS.memberWindowMs).toISOString();
    const dayAgo = new Date(input.at.getTime() - INVITE_LIMITS.perEmailWindowMs).toISOString();
    const r = await tx.query<{ by_member: number | string; by_email: number | string }>(
      `select (select count(*) from invites.sent where member_id = $1 and sent_at > $2) as by_member,
              (select count(*) from invites.sent where member_id = $1 and kind = $3 and email = $4 and sent_at > $5) as by_email`,
      [input.memberId, hourAgo, input.kind, input.email, dayAgo],
    );
    const row = r.rows[0];
    if (Number(row?.by_member ?? 0) >= INVITE_LIMITS.perMemberPerHour || Number(row?.by_email ?? 0) >= 1) return false;
    await tx.query('insert into invites.sent (kind, member_id, email, sent_at) values ($1, $2, $3, $4)', [
      input.kind,
      input.memberId,
      input.email,
      input.at.toISOString(),
    ]);
    return true;
  });
}

/** Gives an invite back when it could not be sent after all (the member is not charged a send). */
export async function returnInvite(sql: Sql, input: { kind: 'referral' | 'team'; memberId: string; email: string; at: Date }): Promise<void> {
  await ready(sql);
  await sql.query('delete from invites.sent where kind = $1 and member_id = $2 and email = $3 and sent_at = $4', [
    input.kind,
    input.memberId,
    input.email,
    input.at.toISOString(),
  ]);
}
