import { Router } from 'express';
import { staffLoginSchema as loginSchema } from '@roar/contracts/auth';
import type { AppContext } from '../context';
import { errorBody, HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { createSignInThrottle, STAFF_SIGN_IN_POLICY, type SignInThrottlePolicy } from './sign-in-throttle';
import { memoryThrottleStore } from './throttle';
import { isStaffSuspended } from './staff-sessions';
import { authenticateStaff } from './staff-users';
import { issueStaffToken, requireStaff, staffOf } from './staff-tokens';
import { afterPassword, createStaffSecondStepRouter, type IssueSession } from './staff-second-step';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Try again in a few minutes.';
export const STAFF_SUSPENDED = 'This staff account is suspended. Ask an administrator.';

/** `POST /auth/login` and `GET /auth/me`, mounted under `/api/admin` by the admin router. */
export function createStaffAuthRouter(app: AppContext, limits: SignInThrottlePolicy = STAFF_SIGN_IN_POLICY): Router {
  const router = Router();
  const throttle = createSignInThrottle(app.throttleStore ?? memoryThrottleStore(), 'staff-login', limits);
  const issue: IssueSession = async (user) => ({ token: await issueStaffToken(app, user), user });

  router.post('/auth/login', async (req, res) => {
    const body = parseBody(loginSchema, req);
    const attempt = { account: body.email.toLowerCase(), address: req.ip ?? '' };
    const wait = await throttle.wait(attempt);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
    }
    const user = await authenticateStaff(app.sql, body.email, body.password);
    if (!user) {
      await throttle.failed(attempt);
      res.status(401).json(errorBody({ message: INVALID_CREDENTIALS, extensions: { code: 'INVALID_CREDENTIALS' } }));
      return;
    }
    await throttle.succeeded(attempt);
    if (await isStaffSuspended(app.sql, user.id)) throw new HttpError(403, STAFF_SUSPENDED, 'SUSPENDED');
    app.logger.info({ staffId: user.id, role: user.role }, 'staff signed in');
    // A second factor comes next for anyone enrolled, and enrolment first for a role that requires it.
    res.json(await afterPassword(app, user, issue));
  });
  router.use(createStaffSecondStepRouter(app, issue));

  router.get('/auth/me', requireStaff(app), (_req, res) => {
    res.json(staffOf(res));
  });

  return router;
}
