import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '@roar/platform';
import { JobQueueUnavailableError } from './types';

/** Races `work` against our own deadline, so an unanswering Redis never hangs a caller. */
export async function within<T>(what: string, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JobQueueUnavailableError(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } catch (error) {
    if (error instanceof JobQueueUnavailableError) throw error;
    throw new JobQueueUnavailableError(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Two kinds of connection. The producer (enqueue, ping, failed-set reads) fails fast: no offline
 * queue and a command timeout, so a caller gets an error instead of waiting for Redis to return.
 * Worker connections must wait forever on blocking commands (BullMQ needs
 * `maxRetriesPerRequest: null`) and simply reconnect when Redis comes back.
 */
export function openRedis(url: string, kind: 'producer' | 'worker', timeoutMs: number, logger: Logger): Redis {
  const options: RedisOptions =
    kind === 'producer'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: timeoutMs, commandTimeout: timeoutMs }
      : { maxRetriesPerRequest: null, connectTimeout: timeoutMs };
  const redis = new Redis(url, { ...options, connectionName: `roar-jobs-${kind}` });
  let down = false;
  // Without a listener ioredis prints every reconnect failure; one warning per outage is enough.
  redis.on('error', (err: Error) => {
    if (!down) logger.warn({ err: err.message, kind }, 'Redis connection failed; retrying in the background');
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.info({ kind }, 'Redis connection back');
    down = false;
  });
  return redis;
}

/** Resolves once the connection is ready; rejects at the first connection error or after `ms`. */
export function waitReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      redis.off('end', onEnd);
    };
    const onReady = () => {
      cleanup();
      resolve();
    };
    const onError = (err: Error) => {
      cleanup();
      reject(new JobQueueUnavailableError(`Redis is unreachable: ${err.message}`, err));
    };
    const onEnd = () => {
      cleanup();
      reject(new JobQueueUnavailableError('Redis connection is closed'));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new JobQueueUnavailableError(`Redis did not become ready within ${ms} ms (status ${redis.status})`));
    }, ms);
    redis.on('ready', onReady);
    redis.on('error', onError);
    redis.on('end', onEnd);
  });
}

/** Closes politely, then forcibly when Redis does not answer the QUIT. */
export async function closeRedis(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'end') return;
  try {
    await within('Redis quit', ms, () => redis.quit());
  } catch {
    redis.disconnect();
  }
}
