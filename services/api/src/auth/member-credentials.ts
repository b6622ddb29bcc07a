import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { migrateExclusively, type Sql } from '@roar/platform';
import { getMember } from '@roar/projections';
import { assertStrongPassword, type PasswordOwner, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, TOO_LONG, TOO_SHORT } from './password-policy';
import { hashPassword, verifyPassword } from './staff-users';

/**
 * Member passwords, refresh tokens and reset tokens. Plain tables in the `auth` schema, never the
 * event log: they are secrets, and the log is forever (members-design.md, "Secrets never go in events").
 */
export const MEMBER_AUTH_SCHEMA_SQL = `
create schema if not exists auth;
create table if not exists auth.member_credentials (
  member_id uuid primary key,
  email text not null unique,
  password_hash text not null,
  password_changed_at timestamptz not null default now()
);
create table if not exists auth.refresh_tokens (
  id uuid primary key,
  member_id uuid not null,
  family_id uuid not null,
  token_hash text not null unique,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index if not exists refresh_tokens_member_idx on auth.refresh_tokens (member_id);
create index if not exists refresh_tokens_family_idx on auth.refresh_tokens (family_id);
create table if not exists auth.reset_tokens (
  token_hash text primary key,
  member_id uuid not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
`;

export async function migrateMemberAuth(sql: Sql): Promise<void> {
  await migrateExclusively(sql, async (tx) => {
    await tx.exec(MEMBER_AUTH_SCHEMA_SQL);
  });
}

/** The length bounds only; the whole policy (password-policy.ts) is checked where the owner is known. */
export const memberPasswordSchema = z.string().min(MIN_PASSWORD_LENGTH, TOO_SHORT).max(MAX_PASSWORD_LENGTH, TOO_LONG);

export const normaliseMemberEmail = (email: string): string => email.trim().toLowerCase();

export class EmailTakenError extends Error {
  override readonly name = 'EmailTakenError';
}

/**
 * Stores the first password of a member (the sign-up flow calls this, possibly inside its own
 * transaction). A second account on the same email is refused with EmailTakenError, a password the
 * policy refuses with WeakPasswordError (the sign-up route checks it first, with the reason).
 */
export async function createCredentials(
  sql: Sql,
  input: { memberId: string; email: string; password: string; names?: readonly string[] },
): Promise<void> {
  const password = memberPasswordSchema.parse(input.password);
  assertStrongPassword(password, { email: input.email, names: input.names });
  const hash = await hashPassword(password);
  const r = await sql.query(`insert into auth.member_credentials (member_id, email, password_hash) values ($1, $2, $3) on conflict do nothing`, [
    input.memberId,
    normaliseMemberEmail(input.email),
    hash,
  ]);
  if (r.affectedRows !== 1) throw new EmailTakenError('An account with this email already exists.');
}

interface CredentialRow {
  readonly member_id: string;
  readonly password_hash: string;
}

// An unknown email still costs one scrypt, so response time does not tell which emails have accounts.
let decoyHash: Promise<string> | undefined;

/** The member id whose email and password match, or null (about the same time either way). */
export async function authenticateMember(sql: Sql, email: string, password: string): Promise<string | null> {
  const r = await sql.query<CredentialRow>('select member_id::text as member_id, password_hash from auth.member_credentials where email = $1', [
    normaliseMemberEmail(email),
  ]);
  const row = r.rows[0];
  if (!row) {
    decoyHash ??= hashPassword(randomUUID());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, row.password_hash)) ? row.member_id : null;
}

export async function checkMemberPassword(sql: Sql, memberId: string, password: string): Promise<boolean> {
  const r = await sql.query<CredentialRow>('select member_id::text as member_id, password_hash from auth.member_credentials where member_id = $1', [
    memberId,
  ]);
  const row = r.rows[0];
  return row ? verifyPassword(password, row.password_hash) : false;
}

export async function findMemberIdByEmail(sql: Sql, email: string): Promise<string | null> {
  const r = await sql.query<{ member_id: string }>('select member_id::text as member_id from auth.member_credentials where email = $1', [
    normaliseMemberEmail(email),
  ]);
  return r.rows[0]?.member_id ?? null;
}

/** Replaces the password; false when the member has no credentials. The caller checks the rule first. */
export async function setMemberPassword(sql: Sql, memberId: string, password: string, at: Date): Promise<boolean> {
  const hash = await hashPassword(memberPasswordSchema.parse(password));
  const r = await sql.query('update auth.member_credentials set password_hash = $2, password_changed_at = $3 where member_id = $1', [
    memberId,
    hash,
    at.toISOString(),
  ]);
  return r.affectedRows === 1;
}

/** Whose credentials hold this email, and whether `password` is theirs (a retried sign-up proves itself so). */
export async function credentialsOwner(sql: Sql, email: string, password: string): Promise<{ memberId: string; passwordMatches: boolean } | null> {
  const r = await sql.query<CredentialRow>('select member_id::text as member_id, password_hash from auth.member_credentials where email = $1', [
    normaliseMemberEmail(email),
  ]);
  const row = r.rows[0];
  return row ? { memberId: row.member_id, passwordMatches: await verifyPassword(password, row.password_hash) } : null;
}

/** Whose password it is, for the policy's "not built from your name or email" rule. */
export async function memberPasswordOwner(sql: Sql, memberId: string): Promise<PasswordOwner> {
  const r = await sql.query<{ email: string }>('select email from auth.member_credentials where member_id = $1', [memberId]);
  const member = await getMember(sql, memberId);
  return { email: r.rows[0]?.email ?? member?.email ?? null, names: [member?.firstname, member?.lastname] };
}
