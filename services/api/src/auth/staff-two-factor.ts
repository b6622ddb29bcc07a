import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { migrateExclusively, type Sql } from '@roar/platform';

/**
 * Staff two-factor sign-in: TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps) with one-time
 * recovery codes. The secret is a secret: it lives in the auth module's table, encrypted with
 * AES-256-GCM under a key from configuration, never in the event log (the enrolment is logged,
 * without it). Recovery codes are stored as SHA-256 hashes (they are 50 random bits each, so a
 * slow hash buys nothing) and each works once.
 */
export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'ROAR+ staff';
/** A code from the step before or after the server's is accepted: phones' clocks drift. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes allowed per staff user in FAILURE_WINDOW_MS before the second step refuses for a while. */
export const MAX_CODE_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;

const SCHEMA_SQL = `
create schema if not exists auth;
create table if not exists auth.staff_two_factor (
  staff_id uuid primary key references auth.staff_users (id) on delete cascade,
  secret_enc text not null,
  confirmed_at timestamptz,
  last_step bigint not null default -1,
  failures int not null default 0,
  failures_since timestamptz,
  created_at timestamptz not null default now()
);
create table if not exists auth.staff_recovery_codes (
  staff_id uuid not null references auth.staff_users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (staff_id, code_hash)
);
`;

const migrated = new WeakMap<Sql, Promise<void>>();

/** Creates the two tables once per connection pool (they follow auth.staff_users, created at start-up). */
export function migrateStaffTwoFactor(sql: Sql): Promise<void> {
  let done = migrated.get(sql);
  if (!done) {
    done = migrateExclusively(sql, async (tx) => {
      await tx.exec(SCHEMA_SQL);
    });
    done.catch(() => migrated.delete(sql));
    migrated.set(sql, done);
  }
  return done;
}

/** The AES-256 key for TOTP secrets: derived from STAFF_TOTP_KEY when set, else from the JWT secret. */
export function totpKeyFrom(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'roar-staff-totp', 'staff TOTP secrets v1', 32));
}

export function encryptSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('two-factor: unreadable secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

function totpOf(base32: string, label = 'staff'): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: Secret.fromBase32(base32) });
}

/** The time step (RFC 6238's T) of an instant. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD);
}

/** The code an authenticator app shows at `at` (what tests type). */
export function totpCode(base32: string, at: Date): string {
  return totpOf(base32).generate({ timestamp: at.getTime() });
}

/** The step the code belongs to (within the window around `at`), or null. */
export function matchTotp(base32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(base32: string, email: string): string {
  return totpOf(base32, email).toString();
}

/** The otpauth:// address as a QR code, an SVG data: URL the console shows as an image. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: ten characters of a 31-letter alphabet (about 50 bits), easy to read aloud. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[\s-]/g, '');
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

export interface TwoFactorRow {
  readonly staffId: string;
  readonly secret: string;
  readonly confirmed: boolean;
  readonly lastStep: number;
  readonly failures: number;
  readonly failuresSince: Date | null;
}

interface RawRow {
  readonly staff_id: string;
  readonly secret_enc: string;
  readonly confirmed: boolean;
  readonly last_step: unknown;
  readonly failures: unknown;
  readonly failures_ms: unknown;
}

export async function readTwoFactor(sql: Sql, key: Buffer, staffId: string): Promise<TwoFactorRow | null> {
  await migrateStaffTwoFactor(sql);
  const r = await sql.query<RawRow>(
    'select staff_id::text as staff_id, secret_enc, confirmed_at is not null as confirmed, last_step, failures, (extract(epoch from failures_since) * 1000)::float8 as failures_ms from auth.staff_two_factor where staff_id = $1',
    [staffId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    staffId: row.staff_id,
    secret: decryptSecret(key, row.secret_enc),
    confirmed: row.confirmed,
    lastStep: Number(row.last_step),
    failures: Number(row.failures),
    failuresSince: row.failures_ms === null ? null : new Date(Number(row.failures_ms)),
  };
}

/** Whether the staff user has a confirmed second factor. */
export async function hasTwoFactor(sql: Sql, staffId: string): Promise<boolean> {
  await migrateStaffTwoFactor(sql);
  const r = await sql.query<{ n: unknown }>('select count(*)::int as n from auth.staff_two_factor where staff_id = $1 and confirmed_at is not null', [
    staffId,
  ]);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/**
 * A new, unconfirmed secret for the staff user (replacing an unconfirmed one). A confirmed one is
 * left alone: enrolling again needs it removed first.
 */
export async function startEnrolment(sql: Sql, key: Buffer, staffId: string): Promise<string> {
  await migrateStaffTwoFactor(sql);
  const secret = newTotpSecret();
  const r = await sql.query(
    `insert into auth.staff_two_factor (staff_id, secret_enc) values ($1, $2)
     on conflict (staff_id) do update set secret_enc = excluded.secret_enc, last_step = -1, failures = 0, failures_since = null, created_at = now()
     where auth.staff_two_factor.confirmed_at is null`,
    [staffId, encryptSecret(key, secret)],
  );
  if (r.affectedRows === 0) throw new Error('two-factor: already enrolled');
  return secret;
}

export type CodeCheck = { readonly ok: true } | { readonly ok: false; readonly reason: 'wrong' | 'locked' | 'missing' };

/**
 * Checks a six-digit code against the stored secret: a code whose step is not later than the last
 * accepted one is refused (RFC 6238 5.2: a code works once), and after MAX_CODE_FAILURES wrong codes
 * in the window the check refuses until the window ends. `confirm` marks an enrolment confirmed.
 */
export async function checkTotp(
  sql: Sql,
  key: Buffer,
  staffId: string,
  code: string,
  at: Date,
  options: { confirm?: boolean } = {},
): Promise<CodeCheck> {
  await migrateStaffTwoFactor(sql);
  return sql.transaction(async (tx) => {
    const r = await tx.query<RawRow>(
      'select staff_id::text as staff_id, secret_enc, confirmed_at is not null as confirmed, last_step, failures, (extract(epoch from failures_since) * 1000)::float8 as failures_ms from auth.staff_two_factor where staff_id = $1 for update',
      [staffId],
    );
    const row = r.rows[0];
    if (!row || row.confirmed === (options.confirm === true)) return { ok: false, reason: 'missing' } as const;
    const since = row.failures_ms === null ? null : new Date(Number(row.failures_ms));
    const inWindow = since !== null && at.getTime() - since.getTime() < FAILURE_WINDOW_MS;
    const failures = inWindow ? Number(row.failures) : 0;
    if (failures >= MAX_CODE_FAILURES) return { ok: false, reason: 'locked' } as const;
    const step = matchTotp(decryptSecret(key, row.secret_enc), code.trim(), at);
    if (step === null || step <= Number(row.last_step)) {
      await tx.query('update auth.staff_two_factor set failures = $2, failures_since = $3 where staff_id = $1', [
        staffId,
        failures + 1,
        inWindow ? since : at,
      ]);
      return { ok: false, reason: failures + 1 >= MAX_CODE_FAILURES ? 'locked' : 'wrong' } as const;
    }
    await tx.query(
      `update auth.staff_two_factor set last_step = $2, failures = 0, failures_since = null${options.confirm ? ', confirmed_at = $3' : ''} where staff_id = $1`,
      options.confirm ? [staffId, step, at] : [staffId, step],
    );
    return { ok: true } as const;
  });
}

/** Replaces the staff user's recovery codes with fresh ones; returns them in clear, the only time they are seen. */
export async function replaceRecoveryCodes(sql: Sql, staffId: string): Promise<string[]> {
  await migrateStaffTwoFactor(sql);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await sql.transaction(async (tx) => {
    await tx.query('delete from auth.staff_recovery_codes where staff_id = $1', [staffId]);
    for (const code of codes)
      await tx.query('insert into auth.staff_recovery_codes (staff_id, code_hash) values ($1, $2)', [staffId, hashRecoveryCode(code)]);
  });
  return codes;
}

/** Spends a recovery code: true (with the codes left) once, false ever after or for a wrong one. */
export async function useRecoveryCode(sql: Sql, staffId: string, code: string, at: Date): Promise<{ ok: boolean; remaining: number }> {
  await migrateStaffTwoFactor(sql);
  return sql.transaction(async (tx) => {
    const wanted = hashRecoveryCode(code);
    const rows = await tx.query<{ code_hash: string }>(
      'select code_hash from auth.staff_recovery_codes where staff_id = $1 and used_at is null for update',
      [staffId],
    );
    // Compared in constant time, one by one: the hash is not looked up by value.
    const hit = rows.rows.find((r) => timingSafeEqual(Buffer.from(r.code_hash), Buffer.from(wanted)));
    if (!hit) return { ok: false, remaining: rows.rows.length };
    await tx.query('update auth.staff_recovery_codes set used_at = $3 where staff_id = $1 and code_hash = $2', [staffId, hit.code_hash, at]);
    return { ok: true, remaining: rows.rows.length - 1 };
  });
}

export async function removeTwoFactor(sql: Sql, staffId: string): Promise<boolean> {
  await migrateStaffTwoFactor(sql);
  const r = await sql.query('delete from auth.staff_two_factor where staff_id = $1', [staffId]);
  await sql.query('delete from auth.staff_recovery_codes where staff_id = $1', [staffId]);
  return r.affectedRows > 0;
}

/** Staff user ids with a confirmed second factor (the dashboard's and the checklist's count). */
export async function enrolledStaffIds(sql: Sql): Promise<Set<string>> {
  await migrateStaffTwoFactor(sql);
  const r = await sql.query<{ id: string }>('select staff_id::text as id from auth.staff_two_factor where confirmed_at is not null');
  return new Set(r.rows.map((row) => row.id));
}
