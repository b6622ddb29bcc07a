import { Redis } from 'ioredis';
import type { Logger } from '@roar/platform';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Counters of the sign-in throttles (issue 19). With REDIS_URL they live in Redis, so every api
 * replica sees the same counts; without it (the embedded default, one process) in memory. When
 * Redis stops answering, each replica falls back to its own memory counters (rate-limiter-flexible's
 * insurance limiter) rather than letting every attempt through or refusing every sign-in.
 */
export interface ThrottleStore {
  readonly redis: Redis | null;
  /** Keeps the counters of different deployments (and test runs) sharing one Redis apart. */
  readonly prefix: string;
}

export const memoryThrottleStore = (prefix = 'roar'): ThrottleStore => ({ redis: null, prefix });

export interface CounterLimit {
  /** How many hits the window allows; once they are spent, the key waits for the window's end. */
  readonly points: number;
  readonly windowSec: number;
}

/** A counter of hits per key over a fixed window. */
export interface ThrottleCounter {
  /** Seconds until a key that is over its limit may try again; 0 when it may try now. Counts nothing. */
  wait(key: string): Promise<number>;
  /** Counts one hit; returns the wait that follows it (0 while still within the limit). */
  hit(key: string): Promise<number>;
  /** Hits counted in the key's current window. */
  count(key: string): Promise<number>;
  clear(key: string): Promise<void>;
}

const secondsOf = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * The seconds a key waits once `spent` points are used up; 0 when fewer are. A record whose time
 * ran out counts as gone (the memory store deletes it on a timer, a little later).
 */
function waitOf(res: RateLimiterRes | null, spent: number): number {
  if (!res || res.consumedPoints < spent || res.msBeforeNext <= 0) return 0;
  return secondsOf(res.msBeforeNext);
}

function limiterOf(store: ThrottleStore, name: string, points: number, durationSec: number): RateLimiterAbstract {
  const options = { keyPrefix: `${store.prefix}:throttle:${name}`, points, duration: durationSec };
  if (!store.redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** consume() rejects with a RateLimiterRes when over the limit, and with an Error only when the store failed. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection;
    throw rejection;
  }
}

export function createCounter(store: ThrottleStore, name: string, limit: CounterLimit): ThrottleCounter {
  const limiter = limiterOf(store, name, limit.points, limit.windowSec);
  return {
    async wait(key) {
      return waitOf(await limiter.get(key), limit.points);
    },
    async hit(key) {
      return waitOf(await consume(limiter, key), limit.points + 1);
    },
    async count(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async clear(key) {
      await limiter.delete(key);
    },
  };
}

export interface GrowingDelayPolicy {
  /** Failures allowed without any delay. */
  readonly free: number;
  /** The first delay; each further failure doubles it, up to `maxDelaySec`. */
  readonly baseDelaySec: number;
  readonly maxDelaySec: number;
  /** Failures older than this are forgotten. */
  readonly memorySec: number;
}

/**
 * A delay per account that grows with each failure: never a lock. A guesser gets a handful of
 * tries an hour at most, while the member waits seconds to minutes, never days; a sign-in that
 * works clears it.
 */
export interface GrowingDelay {
  wait(key: string): Promise<number>;
  /** Counts a failure and starts the delay it earns; returns that delay in seconds (0 if none). */
  failed(key: string): Promise<number>;
  clear(key: string): Promise<void>;
}

export function delayFor(policy: GrowingDelayPolicy, failures: number): number {
  if (failures <= policy.free) return 0;
  return Math.min(policy.maxDelaySec, policy.baseDelaySec * 2 ** Math.min(30, failures - policy.free - 1));
}

export function createGrowingDelay(store: ThrottleStore, name: string, policy: GrowingDelayPolicy): GrowingDelay {
  // The failure count: never refuses by itself (points far above any real count).
  const failures = limiterOf(store, `${name}:failures`, Number.MAX_SAFE_INTEGER, policy.memorySec);
  // The current delay: a key blocked for the delay's length.
  const delay = limiterOf(store, `${name}:delay`, 1, policy.maxDelaySec);
  return {
    async wait(key) {
      // block() marks the key with points + 1.
      return waitOf(await delay.get(key), 2);
    },
    async failed(key) {
      const res = await consume(failures, key);
      const seconds = delayFor(policy, res.consumedPoints);
      if (seconds > 0) await delay.block(key, seconds);
      return seconds;
    },
    async clear(key) {
      await Promise.all([failures.delete(key), delay.delete(key)]);
    },
  };
}

/**
 * The throttles' own Redis connection: fails fast (no offline queue, a command timeout), so a
 * Redis outage sends the counters to the in-memory insurance at once instead of holding sign-ins.
 */
export function openThrottleStore(
  redisUrl: string | undefined,
  prefix: string,
  timeoutMs: number,
  logger: Logger,
): ThrottleStore & { close(): Promise<void> } {
  if (!redisUrl) return { ...memoryThrottleStore(prefix), close: async () => undefined };
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    connectionName: 'roar-throttle',
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) logger.warn({ err: err.message }, 'sign-in throttle: Redis unreachable, counting in memory until it is back');
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  return {
    redis,
    prefix,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
