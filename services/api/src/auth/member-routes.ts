import { Router, type Response } from 'express';
import { memberLoginStreamId } from '@roar/domain';
import { testHold } from '@roar/platform';
import {
  changePasswordSchema as changeSchema,
  memberLoginSchema as loginSchema,
  memberLogoutSchema as logoutSchema,
  memberRefreshSchema as refreshSchema,
  resetPasswordSchema as resetSchema,
  updatePasswordSchema as updateSchema,
} from '@roar/contracts/auth';
import { COULD_NOT_UPDATE_PASSWORD } from '@roar/contracts/errors';
import { getMember } from '@roar/projections';
import type { AppContext } from '../context';
import { memberCommandContext } from '../kernel/context';
import { errorBody } from '../http/errors';
import { parseBody } from '../http/validate';
import {
  authenticateMember,
  checkMemberPassword,
  findMemberIdByEmail,
  memberPasswordOwner,
  normaliseMemberEmail,
  setMemberPassword,
} from './member-credentials';
import { checkPassword } from './password-policy';
import { recordFact } from './facts';
import { memberOfResetToken, resetPasswordWithToken } from './member-reset';
import { issueSession, memberOf, refreshSession, requireMember, revokeAllSessions, revokeFamilyOf } from './member-tokens';
import { createSignInThrottle, MEMBER_SIGN_IN_POLICY, type SignInThrottlePolicy } from './sign-in-throttle';
import { createCounter, memoryThrottleStore, type CounterLimit } from './throttle';

export const INVALID_USER_CREDENTIALS = 'Invalid user credentials.';
export const TOO_MANY_MEMBER_ATTEMPTS = 'Too many attempts. Try again later.';
export { COULD_NOT_UPDATE_PASSWORD };
export const INVALID_EMAIL = 'Please enter a valid email';
/** Staff suspended the account (issue 14): said plainly, after the password was checked. */
export const ACCOUNT_SUSPENDED = 'Your account is suspended. Please contact support.';

export interface MemberAuthLimits {
  /** Sign-in: per client address, per email and address, and a growing delay per email. */
  readonly login: SignInThrottlePolicy;
  /** Reset requests per email, and per client address. */
  readonly resetPerEmail: CounterLimit;
  readonly resetPerIp: CounterLimit;
}

export const DEFAULT_MEMBER_AUTH_LIMITS: MemberAuthLimits = {
  login: MEMBER_SIGN_IN_POLICY,
  resetPerEmail: { points: 5, windowSec: 60 * 60 },
  resetPerIp: { points: 20, windowSec: 60 * 60 },
};

/** 429 with Retry-After (seconds) and the reason in the route's own error shape. */
export function tooManyAttempts(res: Response, waitSeconds: number, body: unknown): void {
  res.setHeader('Retry-After', String(waitSeconds));
  res.status(429).json(body);
}

/**
 * Member sign-in and passwords (spec 7): `/auth/login`, `/auth/refresh`, `/auth/logout`, `/api/reset-password`,
 * `/api/change-password`, `/api/update-password`. Mounted at `/`.
 */
export function createMemberAuthRouter(app: AppContext, limits: MemberAuthLimits = DEFAULT_MEMBER_AUTH_LIMITS): Router {
  const router = Router();
  const store = app.throttleStore ?? memoryThrottleStore();
  const loginThrottle = createSignInThrottle(store, 'member-login', limits.login);
  const resetEmailLimiter = createCounter(store, 'reset-email', limits.resetPerEmail);
  const resetIpLimiter = createCounter(store, 'reset-address', limits.resetPerIp);

  router.post('/auth/login', async (req, res) => {
    const body = parseBody(loginSchema, req);
    const attempt = { account: normaliseMemberEmail(body.email), address: req.ip ?? '' };
    const wait = await loginThrottle.wait(attempt);
    if (wait > 0) return tooManyAttempts(res, wait, errorBody({ message: TOO_MANY_MEMBER_ATTEMPTS }));
    const memberId = await authenticateMember(app.sql, body.email, body.password);
    if (!memberId) {
      await loginThrottle.failed(attempt);
      res.status(401).json(errorBody({ message: INVALID_USER_CREDENTIALS }));
      return;
    }
    await loginThrottle.succeeded(attempt);
    if ((await getMember(app.sql, memberId))?.status === 'suspended') {
      res.status(403).json(errorBody({ message: ACCOUNT_SUSPENDED }));
      return;
    }
    const session = await issueSession(app, memberId);
    // The sign-in is a fact; the member-tracking reactor sends its `login` event. Tracking never fails a sign-in.
    const signedIn = {
      memberId,
      email: normaliseMemberEmail(body.email),
      clientIp: req.ip?.slice(0, 100) || null,
      userAgent: req.get('user-agent')?.slice(0, 1000) || null,
    };
    await recordFact(app, memberLoginStreamId(memberId), 'MemberSignedIn', signedIn, memberCommandContext(memberId, req, app.now())).catch(
      (err: unknown) => {
        app.logger.error({ err: err instanceof Error ? err.message : String(err), memberId }, 'could not record the sign-in; no login tracked');
      },
    );
    res.json({ data: session });
  });

  router.post('/auth/refresh', async (req, res) => {
    const body = parseBody(refreshSchema, req);
    const session = await refreshSession(app, body.refresh_token);
    if (!session) {
      res.status(401).json(errorBody({ message: INVALID_USER_CREDENTIALS }));
      return;
    }
    res.json({ data: session });
  });

  // Ends this device's session at once: its refresh token and the access tokens of its family.
  // The same answer for an unknown or already-ended token: logging out twice is not an error.
  router.post('/auth/logout', async (req, res) => {
    const body = parseBody(logoutSchema, req);
    await revokeFamilyOf(app.sql, body.refresh_token, app.now());
    res.json({});
  });

  // The same answer for known and unknown emails, so the form cannot be used to find accounts.
  router.post('/api/reset-password', async (req, res) => {
    const parsed = resetSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ error: INVALID_EMAIL });
      return;
    }
    const email = normaliseMemberEmail(parsed.data.email);
    // Every request counts here (each may send an email), not only failures.
    const wait = Math.max(await resetIpLimiter.hit(req.ip ?? ''), await resetEmailLimiter.hit(email));
    if (wait > 0) return tooManyAttempts(res, wait, { error: TOO_MANY_MEMBER_ATTEMPTS });
    const memberId = await findMemberIdByEmail(app.sql, email);
    if (memberId) {
      // The request is a fact; the member-emails reactor mints the link's token and sends it. Same answer either way.
      const ctx = memberCommandContext(memberId, req, app.now());
      await recordFact(app, memberLoginStreamId(memberId), 'PasswordResetRequested', { memberId, email }, ctx).catch((err: unknown) => {
        app.logger.error({ err: err instanceof Error ? err.message : String(err), memberId }, 'could not record the reset request; no email sent');
      });
      // Where the route used to mint the token and enqueue the email: the kill test stops the process here.
      await testHold('password-reset:recorded', email);
    }
    res.json({ error: '' });
  });

  // The policy is checked before the link is spent, so a refused password does not burn it.
  router.post('/api/change-password', async (req, res) => {
    const parsed = changeSchema.safeParse(req.body ?? {});
    const memberId = parsed.success ? await memberOfResetToken(app.sql, parsed.data.token, app.now()) : null;
    if (!parsed.success || !memberId) {
      res.status(400).json({ error: COULD_NOT_UPDATE_PASSWORD });
      return;
    }
    const verdict = checkPassword(parsed.data.password, await memberPasswordOwner(app.sql, memberId));
    if (!verdict.ok) {
      res.status(400).json({ error: COULD_NOT_UPDATE_PASSWORD, details: verdict.reason });
      return;
    }
    if (!(await resetPasswordWithToken(app.sql, parsed.data.token, parsed.data.password, app.now()))) {
      res.status(400).json({ error: COULD_NOT_UPDATE_PASSWORD });
      return;
    }
    res.json({ error: '' });
  });

  router.patch('/api/update-password', requireMember(app), async (req, res) => {
    const { memberId, familyId } = memberOf(res);
    const parsed = updateSchema.safeParse(req.body ?? {});
    if (!parsed.success || !(await checkMemberPassword(app.sql, memberId, parsed.data.current_password))) {
      res.status(400).json({ error: COULD_NOT_UPDATE_PASSWORD });
      return;
    }
    const verdict = checkPassword(parsed.data.password, await memberPasswordOwner(app.sql, memberId));
    if (!verdict.ok) {
      res.status(400).json({ error: COULD_NOT_UPDATE_PASSWORD, details: verdict.reason });
      return;
    }
    const now = app.now();
    await setMemberPassword(app.sql, memberId, parsed.data.password, now);
    // Other devices must sign in again; this one keeps its session.
    await revokeAllSessions(app.sql, memberId, { exceptFamily: familyId, at: now });
    res.json({});
  });

  return router;
}
