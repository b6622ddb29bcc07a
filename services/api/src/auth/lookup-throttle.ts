import type { Request, Response } from 'express';
import type { AppContext } from '../context';
import { createCounter, memoryThrottleStore, type CounterLimit } from './throttle';

/**
 * Public look-ups of invites and referral codes (issue 19): the codes are long and random, but a
 * client guessing at them still gets only so many misses per address, then 429 with Retry-After.
 * Failures only: a member following a real link is never slowed.
 */
export const LOOKUP_FAILURES: CounterLimit = { points: 30, windowSec: 15 * 60 };
export const TOO_MANY_LOOKUPS = 'Too many tries from this connection. Try again later.';

export interface LookupThrottle {
  /** Answers 429 (with Retry-After) and returns true when the address has missed too often. */
  refuse(req: Request, res: Response): Promise<boolean>;
  /** Counts a miss of the address. */
  missed(req: Request): Promise<void>;
}

export function createLookupThrottle(app: Pick<AppContext, 'throttleStore'>, name: string, limit: CounterLimit = LOOKUP_FAILURES): LookupThrottle {
  const misses = createCounter(app.throttleStore ?? memoryThrottleStore(), `lookup:${name}`, limit);
  return {
    async refuse(req, res) {
      const wait = await misses.wait(req.ip ?? '');
      if (wait === 0) return false;
      res.setHeader('Retry-After', String(wait));
      res.status(429).json({ error: TOO_MANY_LOOKUPS });
      return true;
    },
    async missed(req) {
      await misses.hit(req.ip ?? '');
    },
  };
}
