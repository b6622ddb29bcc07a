import { randomUUID } from 'node:crypto';
import type { Sql } from '@roar/platform';
import { staffRoleSchema, type StaffRole, type StaffUser } from './staff-users';

/**
 * Server-side staff sessions (issue 19). A staff token names its session; `requireStaff` finds the
 * session and its user in one indexed query per request, so logging out, a password change, a
 * suspension or a role change ends the session at once instead of when its 8-hour token expires.
 */
export const STAFF_SESSIONS_SCHEMA_SQL = `
create table if not exists auth.staff_sessions (
  id uuid primary key,
  staff_id uuid not null references auth.staff_users (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index if not exists staff_sessions_staff_idx on auth.staff_sessions (staff_id);
alter table auth.staff_users add column if not exists suspended_at timestamptz;
`;

export async function startStaffSession(sql: Sql, staffId: string, now: Date, ttlSeconds: number): Promise<string> {
  const id = randomUUID();
  await sql.query('insert into auth.staff_sessions (id, staff_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    id,
    staffId,
    now.toISOString(),
    new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
  ]);
  return id;
}

/**
 * The staff user of a live session (not revoked, user not suspended), or null. Expiry is the
 * token's own `exp`, checked before this; `expires_at` tells which rows may be cleared away.
 */
export async function staffOfSession(sql: Sql, staffId: string, sessionId: string): Promise<StaffUser | null> {
  const r = await sql.query<StaffUser>(
    `select u.id::text as id, u.email, u.name, u.role from auth.staff_sessions s join auth.staff_users u on u.id = s.staff_id
     where s.id = $1 and s.staff_id = $2 and s.revoked_at is null and u.suspended_at is null`,
    [sessionId, staffId],
  );
  const row = r.rows[0];
  return row ? { id: row.id, email: row.email, name: row.name, role: staffRoleSchema.parse(row.role) } : null;
}

/** Ends one session (logout). */
export async function endStaffSession(sql: Sql, sessionId: string, at: Date): Promise<void> {
  await sql.query('update auth.staff_sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, at.toISOString()]);
}

/** Ends every session of a staff user; `exceptSession` keeps the caller's own (their own password change). */
export async function endStaffSessions(sql: Sql, staffId: string, at: Date, exceptSession?: string): Promise<number> {
  const r = await sql.query(
    'update auth.staff_sessions set revoked_at = $2 where staff_id = $1 and revoked_at is null and ($3::uuid is null or id <> $3::uuid)',
    [staffId, at.toISOString(), exceptSession ?? null],
  );
  return r.affectedRows;
}

export async function isStaffSuspended(sql: Sql, staffId: string): Promise<boolean> {
  const r = await sql.query<{ suspended: boolean }>('select suspended_at is not null as suspended from auth.staff_users where id = $1', [staffId]);
  return r.rows[0]?.suspended ?? false;
}

/**
 * Sets a staff user's role and suspension in one transaction. A new role or a suspension ends all
 * of their sessions: the next sign-in carries the new role. False when there is no such user.
 */
export async function changeStaffAccount(sql: Sql, staffId: string, change: { role: StaffRole; suspended: boolean }, at: Date): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const before = await tx.query<{ role: string; suspended: boolean }>(
      'select role, suspended_at is not null as suspended from auth.staff_users where id = $1 for update',
      [staffId],
    );
    const row = before.rows[0];
    if (!row) return false;
    await tx.query(
      `update auth.staff_users set role = $2, suspended_at = case when $3::boolean then coalesce(suspended_at, $4::timestamptz) else null end where id = $1`,
      [staffId, change.role, change.suspended, at.toISOString()],
    );
    if (row.role !== change.role || (change.suspended && !row.suspended)) await endStaffSessions(tx, staffId, at);
    return true;
  });
}

export interface StaffAccount extends StaffUser {
  readonly suspended: boolean;
}

export async function listStaffAccounts(sql: Sql): Promise<StaffAccount[]> {
  const r = await sql.query<StaffUser & { suspended: boolean }>(
    'select id::text as id, email, name, role, suspended_at is not null as suspended from auth.staff_users order by email',
  );
  return r.rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: staffRoleSchema.parse(row.role),
    suspended: Boolean(row.suspended),
  }));
}
