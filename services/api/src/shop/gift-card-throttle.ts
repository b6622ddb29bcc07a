import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * Wrong gift card codes per member and per client address. Only misses count (a code that is not
 * a card, or cannot be one); a right code, even an expired one, costs nothing. Over the limit, the
 * cart hears no code at all until the window has passed, so a guesser learns nothing more.
 *
 * Two calls, `blockedFor` and `miss`, over named keys: the shape sec-auth's shared throttling
 * helper (services/api/src/auth) is expected to offer, so this can move onto it when it lands.
 * Until then it is rate-limiter-flexible in memory, per api process: with several replicas a
 * guesser gets the limit once per replica, still nothing against 80-bit codes.
 */
export interface GuessThrottle {
  /** Seconds before another guess is heard for any of the keys; 0 when free. */
  blockedFor(keys: readonly string[]): Promise<number>;
  /** Counts one wrong guess against each key. */
  miss(keys: readonly string[]): Promise<void>;
}

export interface GuessLimits {
  /** Wrong codes a member may enter per window. */
  readonly perMember: number;
  /** Wrong codes one client address may enter per window (several members behind one address). */
  readonly perAddress: number;
  readonly windowSeconds: number;
}

export const GIFT_CARD_GUESS_LIMITS: GuessLimits = { perMember: 5, perAddress: 20, windowSeconds: 15 * 60 };

export function createGuessThrottle(limits: GuessLimits = GIFT_CARD_GUESS_LIMITS): GuessThrottle {
  const member = new RateLimiterMemory({ keyPrefix: 'gift-card-member', points: limits.perMember, duration: limits.windowSeconds });
  const address = new RateLimiterMemory({ keyPrefix: 'gift-card-address', points: limits.perAddress, duration: limits.windowSeconds });
  const limiterOf = (key: string) => (key.startsWith('member:') ? member : address);
  return {
    async blockedFor(keys) {
      let wait = 0;
      for (const key of keys) {
        const limiter = limiterOf(key);
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= limiter.points) wait = Math.max(wait, Math.ceil(res.msBeforeNext / 1000));
      }
      return wait;
    },
    async miss(keys) {
      // consume() rejects once over the limit: that is the state blockedFor reads, not an error here.
      for (const key of keys)
        await limiterOf(key)
          .consume(key)
          .catch(() => undefined);
    },
  };
}

export const TOO_MANY_GIFT_CARD_GUESSES = (seconds: number): string =>
  `Too many gift card codes tried. Try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`;
