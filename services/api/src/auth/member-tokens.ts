import { createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import type { Sql } from '@roar/platform';
import type { AppContext } from '../context';
import { errorBody } from '../http/errors';

/** Staff tokens share the secret; the audience keeps one from ever passing as the other. */
export const MEMBER_AUDIENCE = 'roar-member';
export const MEMBER_ISSUER = 'roar-plus';
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
export const UNAUTHORIZED = 'Unauthorized';

export type MemberAuthApp = Pick<AppContext, 'sql' | 'jwtSecret' | 'now'>;

/** What the member console stores (spec "Login result"); `expires` is the access token's lifetime in ms. */
export interface MemberSession {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires: number;
}

export interface MemberPrincipal {
  readonly memberId: string;
  /** The refresh-token family (one per sign-in) this access token belongs to. */
  readonly familyId: string;
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

function signAccessToken(app: MemberAuthApp, memberId: string, familyId: string): string {
  const iat = seconds(app.now());
  return jwt.sign({ fam: familyId, iat }, app.jwtSecret, {
    algorithm: 'HS256',
    subject: memberId,
    audience: MEMBER_AUDIENCE,
    issuer: MEMBER_ISSUER,
    expiresIn: ACCESS_TOKEN_TTL_MS / 1000,
  });
}

/** Inserts one refresh token of `familyId` and returns it in clear (only its hash is stored). */
async function insertRefreshToken(sql: Sql, memberId: string, familyId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql.query(`insert into auth.refresh_tokens (id, member_id, family_id, token_hash, issued_at, expires_at) values ($1, $2, $3, $4, $5, $6)`, [
    randomUUID(),
    memberId,
    familyId,
    sha256(token),
    now.toISOString(),
    new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
  ]);
  return token;
}

/** A new sign-in: a new refresh-token family and an access token bound to it. */
export async function issueSession(app: MemberAuthApp, memberId: string): Promise<MemberSession> {
  const familyId = randomUUID();
  const refresh = await insertRefreshToken(app.sql, memberId, familyId, app.now());
  return { access_token: signAccessToken(app, memberId, familyId), refresh_token: refresh, expires: ACCESS_TOKEN_TTL_MS };
}

/**
 * Rotation: a refresh token works once. Using it marks it used and issues the next one of the same
 * family. Presenting a token that was already used means two parties hold it (one of them stole
 * it), so the whole family is revoked, the newer tokens and their access tokens included.
 * Null when the token is unknown, expired, revoked or reused.
 */
export async function refreshSession(app: MemberAuthApp, refreshToken: string): Promise<MemberSession | null> {
  const now = app.now();
  const hash = sha256(refreshToken);
  return app.sql.transaction(async (tx) => {
    // One conditional UPDATE: of two concurrent uses of the same token only one can win.
    const used = await tx.query<{ member_id: string; family_id: string }>(
      `update auth.refresh_tokens set used_at = $2
       where token_hash = $1 and used_at is null and revoked_at is null and expires_at > $2
       returning member_id::text as member_id, family_id::text as family_id`,
      [hash, now.toISOString()],
    );
    const row = used.rows[0];
    if (row) {
      const next = await insertRefreshToken(tx, row.member_id, row.family_id, now);
      return { access_token: signAccessToken(app, row.member_id, row.family_id), refresh_token: next, expires: ACCESS_TOKEN_TTL_MS };
    }
    const reused = await tx.query<{ family_id: string }>(
      'select family_id::text as family_id from auth.refresh_tokens where token_hash = $1 and used_at is not null',
      [hash],
    );
    const family = reused.rows[0]?.family_id;
    if (family)
      await tx.query('update auth.refresh_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [family, now.toISOString()]);
    return null;
  });
}

/**
 * Logout: ends the session (the refresh-token family) that `refreshToken` belongs to, used or not,
 * and with it that session's access tokens. False when the token is unknown.
 */
export async function revokeFamilyOf(sql: Sql, refreshToken: string, at: Date): Promise<boolean> {
  const r = await sql.query(
    `update auth.refresh_tokens set revoked_at = $2
     where family_id = (select family_id from auth.refresh_tokens where token_hash = $1) and revoked_at is null`,
    [sha256(refreshToken), at.toISOString()],
  );
  return r.affectedRows > 0;
}

/** Ends every session of the member (password reset); `exceptFamily` keeps the caller's own. */
export async function revokeAllSessions(sql: Sql, memberId: string, options: { exceptFamily?: string; at?: Date } = {}): Promise<number> {
  const r = await sql.query(
    `update auth.refresh_tokens set revoked_at = $2 where member_id = $1 and revoked_at is null and ($3::uuid is null or family_id <> $3::uuid)`,
    [memberId, (options.at ?? new Date()).toISOString(), options.exceptFamily ?? null],
  );
  return r.affectedRows;
}

const claimsSchema = z.object({ sub: z.uuid(), fam: z.uuid() });

/**
 * The signing secret as a KeyObject, made once per secret: given a string, jsonwebtoken first
 * tries to parse it as a public key on every verify (a measurable share of a busy API's CPU).
 */
const secretKeys = new Map<string, KeyObject>();
function secretKeyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

/**
 * The principal a member access token names, or null. The algorithm is pinned (no `alg: none`,
 * no RS/ES confusion), the audience keeps staff tokens out, and the family must still be live so
 * a revoked session loses its access tokens at once, not 15 minutes later.
 */
export async function verifyMemberToken(app: MemberAuthApp, token: string): Promise<MemberPrincipal | null> {
  let payload: unknown;
  try {
    payload = jwt.verify(token, secretKeyOf(app.jwtSecret), {
      algorithms: ['HS256'],
      audience: MEMBER_AUDIENCE,
      issuer: MEMBER_ISSUER,
      clockTimestamp: seconds(app.now()),
    });
  } catch {
    return null;
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return null;
  const live = await app.sql.query<{ live: boolean }>(
    'select exists(select 1 from auth.refresh_tokens where family_id = $1 and member_id = $2 and revoked_at is null) as live',
    [claims.data.fam, claims.data.sub],
  );
  return live.rows[0]?.live ? { memberId: claims.data.sub, familyId: claims.data.fam } : null;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9\-_.]+)$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/** 401 `{errors:[{message:'Unauthorized'}]}` unless the request carries a valid member access token. */
export function requireMember(app: MemberAuthApp): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    const principal = token ? await verifyMemberToken(app, token) : null;
    if (!principal) {
      res.status(401).json(errorBody({ message: UNAUTHORIZED }));
      return;
    }
    res.locals.member = principal;
    next();
  };
}

/** The member `requireMember` authenticated for this request. */
export function memberOf(res: Response): MemberPrincipal {
  const principal: unknown = res.locals.member;
  if (!principal) throw new Error('memberOf called on a route without requireMember');
  return principal as MemberPrincipal;
}
