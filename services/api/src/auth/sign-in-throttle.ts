import { createCounter, createGrowingDelay, type CounterLimit, type GrowingDelayPolicy, type ThrottleStore } from './throttle';

/**
 * Three limits on password guessing (issue 19), each answering 429 with Retry-After:
 * - per client address, failures only: one client spraying guesses across many accounts (members
 *   and staff alike) is stopped after a few dozen, whatever emails it uses;
 * - per account and address, failures only: the old limit, a guesser at one account;
 * - per account, a growing delay: a guesser spread over many addresses slows down at each failure.
 *   It never locks: the longest wait is minutes, and an address the account signed in from before
 *   skips it, so a stranger failing on purpose cannot keep the member out.
 * A sign-in that works clears the account's counts. The client address is `req.ip`: the socket's
 * peer unless TRUST_PROXY names the proxies in front (see trust-proxy.ts).
 */
export interface SignInThrottlePolicy {
  readonly perAddress: CounterLimit;
  readonly perAccountAddress: CounterLimit;
  readonly perAccount: GrowingDelayPolicy;
  /** How long an address that signed in to an account is known to it. */
  readonly knownAddressSec: number;
}

export const MEMBER_SIGN_IN_POLICY: SignInThrottlePolicy = {
  perAddress: { points: 30, windowSec: 15 * 60 },
  perAccountAddress: { points: 10, windowSec: 15 * 60 },
  perAccount: { free: 5, baseDelaySec: 2, maxDelaySec: 5 * 60, memorySec: 24 * 60 * 60 },
  // Under 24.8 days: the memory store's expiry is a setTimeout, which fires at once past 2^31 ms.
  knownAddressSec: 14 * 24 * 60 * 60,
};

/** Staff accounts open every member's data: fewer tries per address. */
export const STAFF_SIGN_IN_POLICY: SignInThrottlePolicy = {
  ...MEMBER_SIGN_IN_POLICY,
  perAddress: { points: 20, windowSec: 15 * 60 },
};

export interface Attempt {
  /** The normalised email (known or not: unknown emails are throttled alike, so answers match). */
  readonly account: string;
  readonly address: string;
}

export interface SignInThrottle {
  /** Seconds before this attempt may be checked; 0 when it may go ahead. Counts nothing. */
  wait(attempt: Attempt): Promise<number>;
  failed(attempt: Attempt): Promise<void>;
  succeeded(attempt: Attempt): Promise<void>;
}

export function createSignInThrottle(store: ThrottleStore, name: string, policy: SignInThrottlePolicy): SignInThrottle {
  const perAddress = createCounter(store, `${name}:address`, policy.perAddress);
  const perAccountAddress = createCounter(store, `${name}:account-address`, policy.perAccountAddress);
  const perAccount = createGrowingDelay(store, `${name}:account`, policy.perAccount);
  // Known addresses: a count that never refuses, kept for knownAddressSec after each sign-in.
  const known = createCounter(store, `${name}:known`, { points: Number.MAX_SAFE_INTEGER, windowSec: policy.knownAddressSec });
  const pair = (a: Attempt) => `${a.account}|${a.address}`;
  const isKnown = async (a: Attempt) => (await known.count(pair(a))) > 0;
  return {
    async wait(attempt) {
      const waits = await Promise.all([perAddress.wait(attempt.address), perAccountAddress.wait(pair(attempt))]);
      const own = Math.max(...waits);
      if (own > 0) return own;
      return (await isKnown(attempt)) ? 0 : perAccount.wait(attempt.account);
    },
    async failed(attempt) {
      await Promise.all([perAddress.hit(attempt.address), perAccountAddress.hit(pair(attempt)), perAccount.failed(attempt.account)]);
    },
    async succeeded(attempt) {
      await Promise.all([perAccountAddress.clear(pair(attempt)), perAccount.clear(attempt.account), known.hit(pair(attempt))]);
    },
  };
}
