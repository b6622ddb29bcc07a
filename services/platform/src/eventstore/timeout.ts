import { EventStoreUnavailableError } from './types';

/**
 * Races a call against our own deadline. The EventStoreDB client can hang past its own deadline
 * when a peer accepts the connection but never answers, so every adapter call goes through this.
 */
export async function withTimeout<T>(what: string, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EventStoreUnavailableError(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
