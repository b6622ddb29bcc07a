import { Router, type Request, type Response } from 'express';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { twoFactorConfirmSchema, twoFactorEnrolSchema, twoFactorVerifySchema } from '@roar/contracts/auth';
import { staffAccountStreamId, type StaffAccountEvent } from '@roar/domain';
import { newCorrelationId, toNewEvents, type Actor } from '@roar/platform';
import type { AppContext } from '../context';
import { staffSecuritySettings, twoFactorRequired, twoFactorRequiredNow } from './staff-security';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { findStaffById, type StaffUser } from './staff-users';
import { requireStaff, staffOf } from './staff-tokens';
import {
  checkTotp,
  hasTwoFactor,
  otpauthUrl,
  qrDataUrl,
  readTwoFactor,
  replaceRecoveryCodes,
  startEnrolment,
  totpKeyFrom,
  useRecoveryCode,
  type CodeCheck,
} from './staff-two-factor';

/**
 * The second step of staff sign-in. The password step (staff-routes.ts) hands the staff user to
 * `afterPassword`: with a confirmed second factor it answers a short-lived challenge to redeem with
 * a code (`/auth/two-factor/verify`); without one, when the role requires it, a challenge that
 * only enrols (`/auth/two-factor/enrol`, then `/auth/two-factor/confirm`); otherwise the session.
 * A challenge is a JWT for its own audience: it never passes as a staff token.
 */
export const SECOND_STEP_AUDIENCE = 'roar-staff-second-step';
const CHALLENGE_TTL_SECONDS = 10 * 60;
export const WRONG_CODE = 'That code is not right. Type the six digits your authenticator app shows now.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was used already.';
export const TOO_MANY_CODES = 'Too many wrong codes. Wait 15 minutes, or use a recovery code.';
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Sign in again.';

/** Starts the staff session (the password step's own token issue): the body the console signs in with. */
export type IssueSession = (user: StaffUser) => object | Promise<object>;
type Stage = 'verify' | 'enrol';

export type PasswordStepAnswer = { readonly two_factor: Stage; readonly challenge: string; readonly user: StaffUser } | object;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

function signChallenge(app: AppContext, user: StaffUser, stage: Stage): string {
  return jwt.sign({ stage, iat: seconds(app.now()) }, app.jwtSecret, {
    algorithm: 'HS256',
    subject: user.id,
    audience: SECOND_STEP_AUDIENCE,
    issuer: 'roar-plus',
    expiresIn: CHALLENGE_TTL_SECONDS,
  });
}

const challengeClaims = z.object({ sub: z.uuid(), stage: z.enum(['verify', 'enrol']) });

async function redeemChallenge(app: AppContext, token: string, stage: Stage): Promise<StaffUser> {
  let claims: z.infer<typeof challengeClaims> | null = null;
  try {
    const parsed = challengeClaims.safeParse(
      jwt.verify(token, app.jwtSecret, {
        algorithms: ['HS256'],
        audience: SECOND_STEP_AUDIENCE,
        issuer: 'roar-plus',
        clockTimestamp: seconds(app.now()),
      }),
    );
    claims = parsed.success ? parsed.data : null;
  } catch {
    claims = null;
  }
  const user = claims && claims.stage === stage ? await findStaffById(app.sql, claims.sub) : null;
  if (!user) throw new HttpError(401, CHALLENGE_EXPIRED, 'UNAUTHENTICATED');
  return user;
}

export function totpKey(app: AppContext): Buffer {
  return totpKeyFrom(app.config.STAFF_TOTP_KEY ?? app.jwtSecret);
}

/** What the password step answers once the password is right. */
export async function afterPassword(app: AppContext, user: StaffUser, issue: IssueSession): Promise<PasswordStepAnswer> {
  if (await hasTwoFactor(app.sql, user.id)) return { two_factor: 'verify', challenge: signChallenge(app, user, 'verify'), user };
  if (await twoFactorRequiredNow(app, user.role)) return { two_factor: 'enrol', challenge: signChallenge(app, user, 'enrol'), user };
  return await issue(user);
}

async function logAccountEvent(app: AppContext, staffId: string, actor: Actor, event: StaffAccountEvent, reason?: string): Promise<void> {
  const ctx = { actor, correlationId: newCorrelationId(), causationId: null, occurredAt: app.now(), ...(reason ? { reason } : {}) };
  await app.store.append(staffAccountStreamId(staffId), toNewEvents(app.registry, [event], ctx), 'any');
}

function refuseCode(check: Exclude<CodeCheck, { ok: true }>, res: Response): never {
  if (check.reason === 'locked') {
    res.setHeader('Retry-After', String(15 * 60));
    throw new HttpError(429, TOO_MANY_CODES, 'RATE_LIMITED');
  }
  if (check.reason === 'missing') throw new HttpError(409, 'Two-factor sign-in is not set up for this account.', 'CONFLICT');
  throw new HttpError(401, WRONG_CODE, 'INVALID_CODE');
}

const verifySchema = twoFactorVerifySchema;
const enrolSchema = twoFactorEnrolSchema;
const confirmSchema = twoFactorConfirmSchema;

/** The staff user an enrolment request is for: its challenge's, or the signed-in one's (enrolling by choice). */
async function enrollee(app: AppContext, req: Request, res: Response, given: string | undefined): Promise<{ user: StaffUser; signedIn: boolean }> {
  if (given) return { user: await redeemChallenge(app, given, 'enrol'), signedIn: false };
  await new Promise<void>((resolve, reject) => {
    void Promise.resolve(requireStaff(app)(req, res, (error?: unknown) => (error ? reject(error) : resolve()))).catch(reject);
  });
  return { user: staffOf(res), signedIn: true };
}

/** `/auth/two-factor/*`, mounted beside the password step. */
export function createStaffSecondStepRouter(app: AppContext, issue: IssueSession): Router {
  const router = Router();

  router.post('/auth/two-factor/verify', async (req, res) => {
    const body = parseBody(verifySchema, req);
    const user = await redeemChallenge(app, body.challenge, 'verify');
    if ('code' in body) {
      const check = await checkTotp(app.sql, totpKey(app), user.id, body.code, app.now());
      if (!check.ok) refuseCode(check, res);
    } else {
      const spent = await useRecoveryCode(app.sql, user.id, body.recovery_code, app.now());
      if (!spent.ok) throw new HttpError(401, WRONG_RECOVERY_CODE, 'INVALID_CODE');
      await logAccountEvent(
        app,
        user.id,
        { type: 'staff', id: user.id, role: user.role },
        { type: 'StaffRecoveryCodeUsed', data: { staffId: user.id, remaining: spent.remaining } },
      );
    }
    app.logger.info({ staffId: user.id, role: user.role }, 'staff signed in with a second factor');
    res.json(await issue(user));
  });

  router.post('/auth/two-factor/enrol', async (req, res) => {
    const body = parseBody(enrolSchema, req);
    const { user } = await enrollee(app, req, res, body.challenge);
    if (await hasTwoFactor(app.sql, user.id)) throw new HttpError(409, 'Two-factor sign-in is already set up for this account.', 'CONFLICT');
    const secret = await startEnrolment(app.sql, totpKey(app), user.id);
    const url = otpauthUrl(secret, user.email);
    res.json({ secret, otpauth_url: url, qr: await qrDataUrl(url) });
  });

  router.post('/auth/two-factor/confirm', async (req, res) => {
    const body = parseBody(confirmSchema, req);
    const { user, signedIn } = await enrollee(app, req, res, body.challenge);
    const check = await checkTotp(app.sql, totpKey(app), user.id, body.code, app.now(), { confirm: true });
    if (!check.ok) refuseCode(check, res);
    const recoveryCodes = await replaceRecoveryCodes(app.sql, user.id);
    await logAccountEvent(
      app,
      user.id,
      { type: 'staff', id: user.id, role: user.role },
      { type: 'StaffTwoFactorEnrolled', data: { staffId: user.id, method: 'totp', recoveryCodes: recoveryCodes.length } },
    );
    app.logger.info({ staffId: user.id }, 'staff enrolled a second factor');
    const session = signedIn ? {} : await issue(user);
    res.json({ ...session, user, recovery_codes: recoveryCodes });
  });

  router.get('/auth/two-factor', requireStaff(app), async (_req, res) => {
    const user = staffOf(res);
    const row = await readTwoFactor(app.sql, totpKey(app), user.id);
    res.json({ enrolled: row?.confirmed ?? false, required: twoFactorRequired(await staffSecuritySettings(app), user.role) });
  });

  return router;
}
