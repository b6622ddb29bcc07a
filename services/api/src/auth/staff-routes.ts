import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorBody, HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { authenticateStaff } from './staff-users';
import { requireStaff, signStaffToken, staffOf } from './staff-tokens';
import { afterPassword, createStaffSecondStepRouter, type IssueSession } from './staff-second-step';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Try again in a few minutes.';

const loginSchema = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(200) }).strict();

export interface LoginLimiterOptions {
  readonly maxAttempts: number;
  readonly windowMs: number;
}

/**
 * Fixed-window attempt counter per (email, client address), in memory. Per process only: with
 * several API replicas an attacker gets `maxAttempts` per replica, still far from a brute force.
 */
export function createLoginLimiter(options: LoginLimiterOptions, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Records an attempt; returns the seconds to wait when over the limit, else 0. */
    hit(key: string): number {
      const t = now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (t - w.start >= options.windowMs) windows.delete(k);
      const w = windows.get(key);
      if (!w || t - w.start >= options.windowMs) {
        windows.set(key, { start: t, count: 1 });
        return 0;
      }
      w.count += 1;
      return w.count > options.maxAttempts ? Math.ceil((w.start + options.windowMs - t) / 1000) : 0;
    },
    reset(key: string): void {
      windows.delete(key);
    },
  };
}

/** `POST /auth/login` and `GET /auth/me`, mounted under `/api/admin` by the admin router. */
export function createStaffAuthRouter(app: AppContext, limits: LoginLimiterOptions = { maxAttempts: 10, windowMs: 15 * 60_000 }): Router {
  const router = Router();
  const limiter = createLoginLimiter(limits, () => app.now().getTime());
  const issue: IssueSession = (user) => ({ token: signStaffToken(app.jwtSecret, user), user });

  router.post('/auth/login', async (req, res) => {
    const body = parseBody(loginSchema, req);
    const key = `${body.email.toLowerCase()}|${req.ip ?? ''}`;
    const wait = limiter.hit(key);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
    }
    const user = await authenticateStaff(app.sql, body.email, body.password);
    if (!user) {
      res.status(401).json(errorBody({ message: INVALID_CREDENTIALS, extensions: { code: 'INVALID_CREDENTIALS' } }));
      return;
    }
    limiter.reset(key);
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
