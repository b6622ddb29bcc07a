import { randomBytes, randomUUID, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';
import { staffRoleSchema, type StaffRole } from '@roar/contracts/auth';
import { migrateExclusively, type Sql } from '@roar/platform';
import { checkPassword, MAX_PASSWORD_LENGTH } from './password-policy';
import { endStaffSessions, STAFF_SESSIONS_SCHEMA_SQL } from './staff-sessions';

/**
 * Staff accounts of the admin console. They live in a plain table owned by the auth module, not
 * in the event log: a password hash is a secret and the log is forever (ARCHITECTURE.md).
 */
export { staffRoleSchema, type StaffRole };

export interface StaffUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
}

export const STAFF_AUTH_SCHEMA_SQL = `
create schema if not exists auth;
create table if not exists auth.staff_users (
  id uuid primary key,
  email text not null unique,
  name text not null,
  role text not null check (role in ('admin', 'staff', 'auditor')),
  password_hash text not null,
  created_at timestamptz not null default now()
);
`;

export async function migrateStaffAuth(sql: Sql): Promise<void> {
  await migrateExclusively(sql, async (tx) => {
    await tx.exec(STAFF_AUTH_SCHEMA_SQL);
    await tx.exec(STAFF_SESSIONS_SCHEMA_SQL);
  });
}

// N=2^14, r=8: the OWASP-recommended floor for scrypt, about 50 ms and 16 MiB per hash.
const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 } as const;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url), so the parameters can be raised later without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// A hash of nothing in particular: an unknown email still costs one scrypt, so response time
// does not tell which addresses have accounts.
let decoyHash: Promise<string> | undefined;

interface StaffRow extends StaffUser {
  readonly password_hash: string;
}

const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export async function findStaffById(sql: Sql, id: string): Promise<StaffUser | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const r = await sql.query<StaffRow>('select id::text as id, email, name, role from auth.staff_users where id = $1', [id]);
  return r.rows[0] ?? null;
}

/** The staff user whose email and password match, or null (same time either way). */
export async function authenticateStaff(sql: Sql, email: string, password: string): Promise<StaffUser | null> {
  const r = await sql.query<StaffRow>('select id::text as id, email, name, role, password_hash from auth.staff_users where email = $1', [
    normaliseEmail(email),
  ]);
  const row = r.rows[0];
  if (!row) {
    decoyHash ??= hashPassword(randomUUID());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, row.password_hash))) return null;
  return { id: row.id, email: row.email, name: row.name, role: staffRoleSchema.parse(row.role) };
}

export const newStaffUserSchema = z
  .object({
    email: z.email(),
    password: z.string().max(MAX_PASSWORD_LENGTH),
    role: staffRoleSchema,
    name: z.string().min(1).max(120),
  })
  .superRefine((user, ctx) => {
    const verdict = checkPassword(user.password, { email: user.email, names: [user.name] });
    if (!verdict.ok) ctx.addIssue({ code: 'custom', path: ['password'], message: verdict.reason });
  });
export type NewStaffUser = z.infer<typeof newStaffUserSchema>;

/** Creates the staff user, or updates name, role and password of the one with that email. */
export async function ensureStaffUser(sql: Sql, input: NewStaffUser): Promise<StaffUser> {
  const user = newStaffUserSchema.parse(input);
  const passwordHash = await hashPassword(user.password);
  const r = await sql.query<StaffUser>(
    `insert into auth.staff_users (id, email, name, role, password_hash) values ($1, $2, $3, $4, $5)
     on conflict (email) do update set name = excluded.name, role = excluded.role, password_hash = excluded.password_hash
     returning id::text as id, email, name, role`,
    [randomUUID(), normaliseEmail(user.email), user.name, user.role, passwordHash],
  );
  const saved = r.rows[0]!;
  // An existing account whose role or password was just set again starts from no session.
  await endStaffSessions(sql, saved.id, new Date());
  return saved;
}

export async function countStaffUsers(sql: Sql): Promise<number> {
  const r = await sql.query<{ n: unknown }>('select count(*)::int as n from auth.staff_users');
  return Number(r.rows[0]?.n ?? 0);
}

/** Whether `password` is the staff user's current one (their own password change proves it so). */
export async function checkStaffPassword(sql: Sql, staffId: string, password: string): Promise<boolean> {
  const r = await sql.query<{ password_hash: string }>('select password_hash from auth.staff_users where id = $1', [staffId]);
  const row = r.rows[0];
  return row ? verifyPassword(password, row.password_hash) : false;
}

/** Sets a staff user's password (the caller checked the policy) and ends their other sessions. */
export async function setStaffPassword(sql: Sql, staffId: string, password: string, at: Date, keepSession?: string): Promise<void> {
  const hash = await hashPassword(password);
  await sql.transaction(async (tx) => {
    await tx.query('update auth.staff_users set password_hash = $2 where id = $1', [staffId, hash]);
    await endStaffSessions(tx, staffId, at, keepSession);
  });
}
