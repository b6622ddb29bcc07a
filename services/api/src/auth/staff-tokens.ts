import type { RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { findStaffById, staffRoleSchema, type StaffRole, type StaffUser } from './staff-users';

/** Member tokens share the secret; the audience keeps one from ever passing as the other. */
export const STAFF_AUDIENCE = 'roar-staff';
export const STAFF_ISSUER = 'roar-plus';
export const STAFF_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export const ALL_STAFF_ROLES: readonly StaffRole[] = staffRoleSchema.options;
/** Roles that may change data; auditors only read. */
export const WRITER_ROLES: readonly StaffRole[] = ['admin', 'staff'];

export function signStaffToken(secret: string, user: StaffUser): string {
  return jwt.sign({ role: user.role }, secret, {
    algorithm: 'HS256',
    subject: user.id,
    audience: STAFF_AUDIENCE,
    issuer: STAFF_ISSUER,
    expiresIn: STAFF_TOKEN_TTL_SECONDS,
  });
}

const claimsSchema = z.object({ sub: z.uuid() });

/**
 * The staff user id a token names, or null. The algorithm is pinned: `alg: none`, RS/ES tokens
 * and tokens signed with any other key are all refused by jsonwebtoken before claims are read.
 */
export function verifyStaffToken(secret: string, token: string): string | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], audience: STAFF_AUDIENCE, issuer: STAFF_ISSUER });
    const claims = claimsSchema.safeParse(payload);
    return claims.success ? claims.data.sub : null;
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

/**
 * 401 without a valid staff token, 403 for a role not in `roles`. The role is read from the
 * table on every request, so a demoted or removed account loses access before its token expires.
 */
export function requireStaff(app: Pick<AppContext, 'sql' | 'jwtSecret'>, roles: readonly StaffRole[] = ALL_STAFF_ROLES): RequestHandler {
  return async (req, res, next) => {
    const token = bearer(req.get('authorization'));
    const id = token ? verifyStaffToken(app.jwtSecret, token) : null;
    const user = id ? await findStaffById(app.sql, id) : null;
    if (!user) throw new HttpError(401, 'Authentication required.', 'UNAUTHENTICATED');
    if (!roles.includes(user.role)) throw new HttpError(403, 'Your role does not allow this.', 'FORBIDDEN');
    res.locals.staff = user;
    next();
  };
}
