import type { RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { staffOfSession, startStaffSession } from './staff-sessions';
import { staffRoleSchema, type StaffRole, type StaffUser } from './staff-users';

/** Member tokens share the secret; the audience keeps one from ever passing as the other. */
export const STAFF_AUDIENCE = 'roar-staff';
export const STAFF_ISSUER = 'roar-plus';
export const STAFF_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export const ALL_STAFF_ROLES: readonly StaffRole[] = staffRoleSchema.options;
/** Roles that may change data; auditors only read. */
export const WRITER_ROLES: readonly StaffRole[] = ['admin', 'staff'];

/** A token for one server-side session (staff-sessions.ts): `sid` names it, so it can be ended early. */
export function signStaffToken(secret: string, user: StaffUser, sessionId: string): string {
  return jwt.sign({ role: user.role, sid: sessionId }, secret, {
    algorithm: 'HS256',
    subject: user.id,
    audience: STAFF_AUDIENCE,
    issuer: STAFF_ISSUER,
    expiresIn: STAFF_TOKEN_TTL_SECONDS,
  });
}

/** Starts a session for a staff user who just proved who they are, and signs its token. */
export async function issueStaffToken(app: Pick<AppContext, 'sql' | 'jwtSecret' | 'now'>, user: StaffUser): Promise<string> {
  const sessionId = await startStaffSession(app.sql, user.id, app.now(), STAFF_TOKEN_TTL_SECONDS);
  return signStaffToken(app.jwtSecret, user, sessionId);
}

const claimsSchema = z.object({ sub: z.uuid(), sid: z.uuid() });

export interface StaffTokenClaims {
  readonly staffId: string;
  readonly sessionId: string;
}

/**
 * The staff user and session a token names, or null. The algorithm is pinned: `alg: none`, RS/ES
 * tokens and tokens signed with any other key are all refused by jsonwebtoken before claims are read.
 */
export function verifyStaffToken(secret: string, token: string): StaffTokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], audience: STAFF_AUDIENCE, issuer: STAFF_ISSUER });
    const claims = claimsSchema.safeParse(payload);
    return claims.success ? { staffId: claims.data.sub, sessionId: claims.data.sid } : null;
  } catch {
    return null;
  }
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9\-_.]+)$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The staff user `requireStaff` authenticated for this request. */
export function staffOf(res: Response): StaffUser {
  const user: unknown = res.locals.staff;
  if (!user) throw new HttpError(401, 'Authentication required.', 'UNAUTHENTICATED');
  return user as StaffUser;
}

/** The session `requireStaff` found for this request. */
export function staffSessionOf(res: Response): string {
  const sessionId: unknown = res.locals.staffSession;
  if (typeof sessionId !== 'string') throw new HttpError(401, 'Authentication required.', 'UNAUTHENTICATED');
  return sessionId;
}

/**
 * 401 without a valid staff token of a live session, 403 for a role not in `roles`. The session,
 * the account and its role are read on every request (one query), so a logout, a password change,
 * a suspension or a role change takes effect at once, not when the token expires.
 */
export function requireStaff(app: Pick<AppContext, 'sql' | 'jwtSecret'>, roles: readonly StaffRole[] = ALL_STAFF_ROLES): RequestHandler {
  return async (req, res, next) => {
    const token = bearer(req.get('authorization'));
    const claims = token ? verifyStaffToken(app.jwtSecret, token) : null;
    const user = claims ? await staffOfSession(app.sql, claims.staffId, claims.sessionId) : null;
    if (!user || !claims) throw new HttpError(401, 'Authentication required.', 'UNAUTHENTICATED');
    if (!roles.includes(user.role)) throw new HttpError(403, 'Your role does not allow this.', 'FORBIDDEN');
    res.locals.staff = user;
    res.locals.staffSession = claims.sessionId;
    next();
  };
}
