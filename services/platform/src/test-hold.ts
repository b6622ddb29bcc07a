import { appendFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Named points where a kill test holds a request, so that the process is killed mid-request by
 * construction instead of by timing on a loaded machine. Inert unless NODE_ENV is `test` and
 * ROAR_TEST_HOLD names the point.
 *
 * ROAR_TEST_HOLD=`point=count[,point=count...]` holds the first `count` distinct keys that reach
 * `point`, and every later arrival of one of those keys (a retried delivery of the same event), for
 * good: the test kills the process with them held. Other keys pass. Each hold appends a line
 * `point<TAB>key` to ROAR_TEST_HOLD_FILE, which the test reads to know they are held.
 */
export type TestHoldPoint =
  | 'sign-up:reserved'
  | 'sign-up:before-credentials'
  | 'payment-webhook:before-apply'
  | 'payment-webhook:before-ack'
  | 'cashback:decided'
  | 'password-reset:recorded';

const spec = z
  .string()
  .regex(/^[a-z-]+:[a-z-]+=\d+(,[a-z-]+:[a-z-]+=\d+)*$/, 'ROAR_TEST_HOLD is point=count[,point=count...]')
  .transform((s) => new Map(s.split(',').map((part) => [part.split('=')[0]!, Number(part.split('=')[1])])));

type Hold = (point: TestHoldPoint, key: string) => Promise<void>;

/** The hold function for this environment: inert (always resolved) outside a test process or without ROAR_TEST_HOLD. */
export function createTestHold(env: NodeJS.ProcessEnv): Hold {
  if (env.NODE_ENV !== 'test' || !env.ROAR_TEST_HOLD) return () => Promise.resolve();
  const limits = spec.parse(env.ROAR_TEST_HOLD);
  const file = env.ROAR_TEST_HOLD_FILE || null;
  const held = new Map<string, Set<string>>();
  return (point, key) => {
    const limit = limits.get(point);
    if (limit === undefined) return Promise.resolve();
    let keys = held.get(point);
    if (!keys) held.set(point, (keys = new Set()));
    if (!keys.has(key)) {
      if (keys.size >= limit) return Promise.resolve();
      keys.add(key);
    }
    if (file) appendFileSync(file, `${point}\t${key}\n`);
    return new Promise<void>(() => undefined);
  };
}

let processHold: Hold | undefined;

/** Resolves at once, unless this process holds `key` at `point` (test processes only): then never. */
export function testHold(point: TestHoldPoint, key: string): Promise<void> {
  processHold ??= createTestHold(process.env);
  return processHold(point, key);
}
