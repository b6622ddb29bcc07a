import { Router } from 'express';
import { z } from 'zod';
import type { Config } from '@roar/platform';
import { parseBody } from '../http/validate';

/**
 * A clock tests move forward: the real time plus an offset. It exists only with NODE_ENV=test and
 * TEST_CLOCK=1 (loadConfig refuses the flag otherwise); the api (AppContext.now), the sweepers and
 * the draw scheduler all read it, and each listener runs after every advance so the work that
 * falls due (unclaimed prizes, expired invites) is done before the route answers.
 */
export interface TestClock {
  now(): Date;
  /** Moves the clock forward by `ms` and runs the sweepers registered with onAdvance. */
  advance(ms: number): Promise<Date>;
  onAdvance(listener: (now: Date) => Promise<unknown>): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  const listeners: Array<(now: Date) => Promise<unknown>> = [];
  const now = () => new Date(Date.now() + offset);
  return {
    now,
    async advance(ms) {
      offset += ms;
      for (const listener of listeners) await listener(now());
      return now();
    },
    onAdvance(listener) {
      listeners.push(listener);
    },
  };
}

/** The clock the configuration allows: a test clock with NODE_ENV=test and TEST_CLOCK=1, else none. */
export function testClockOf(config: Config): TestClock | null {
  return config.NODE_ENV === 'test' && config.TEST_CLOCK ? createTestClock() : null;
}

const advanceBody = z
  .object({
    advanceDays: z.number().min(0).max(3660).optional(),
    advanceMinutes: z.number().min(0).max(5_270_400).optional(),
  })
  .strict()
  .refine((b) => b.advanceDays !== undefined || b.advanceMinutes !== undefined, 'Give advanceDays or advanceMinutes.');

/**
 * `GET /api/test/clock` answers the clock's time; `POST /api/test/clock {advanceDays | advanceMinutes}`
 * moves it forward (never back) and answers once the sweepers have run. Mounted only with a test clock.
 */
export function testClockRouter(clock: TestClock): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.json({ now: clock.now().toISOString() });
  });
  router.post('/', async (req, res) => {
    const body = parseBody(advanceBody, req);
    const ms = (body.advanceDays ?? 0) * 86_400_000 + (body.advanceMinutes ?? 0) * 60_000;
    res.json({ now: (await clock.advance(ms)).toISOString() });
  });
  return router;
}
