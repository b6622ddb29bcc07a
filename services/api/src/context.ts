import type { TestClock } from './test-clock';
import type { Config, EventRegistry, EventStore, Logger, PersonalDataKeys, Position, Sql } from '@roar/platform';
import type { ThrottleStore } from './auth/throttle';

/** What the jobs runtime offers the API: readiness and the staff view of failed jobs. */
export interface JobsPort {
  readonly mode: 'bullmq' | 'in-process';
  ping(): Promise<void>;
  /** At-least-once: the job id makes a repeated enqueue harmless. In-process, resolves after the job ran. */
  enqueue(queue: 'email' | 'tracking', jobId: string, data: unknown): Promise<void>;
  listFailed(): Promise<unknown[]>;
  retryFailed(id: string): Promise<boolean>;
}

export interface ProjectionsPort {
  /**
   * True once every projector in `scope` has passed `position` (default: all of them); false when
   * `timeoutMs` ran out first. `readModels` names the projectors the request reads next, `types`
   * the event types it appended (a projector handling none of them has nothing to wait for).
   */
  waitFor(
    position: Position,
    timeoutMs: number,
    scope?: { readonly readModels?: readonly string[]; readonly types?: readonly string[] },
  ): Promise<boolean>;
  /**
   * Changes whenever one of the named read models may have changed (from an event of one of `types`,
   * when given; see content/cache.ts, shop/read-cache.ts); absent: no caching.
   */
  readModelVersion?(names: readonly string[], types?: readonly string[]): Promise<string>;
  /** Each projector's state and the event it stopped at, if any (for /ready). */
  status?(): Promise<
    readonly { readonly name: string; readonly failedEvent: { readonly type: string; readonly id: string; readonly error: string } | null }[]
  >;
}

/** Everything a route needs, built once at start-up (see infrastructure.ts). */
export interface AppContext {
  readonly config: Config;
  readonly logger: Logger;
  /** Read models, auth tables and checkpoints. */
  readonly sql: Sql;
  /** The validated event store (every append checked against the registry). */
  readonly store: EventStore;
  readonly registry: EventRegistry;
  /** The member keys behind the personal fields (issue 24): `erase(memberId)` forgets a member's personal data everywhere. */
  readonly personalData: PersonalDataKeys;
  readonly projections: ProjectionsPort;
  readonly jobs: JobsPort | null;
  readonly jwtSecret: string;
  readonly now: () => Date;
  /** Tests only (NODE_ENV=test and TEST_CLOCK=1): the clock `now` reads, moved by POST /api/test/clock. */
  readonly testClock?: TestClock;
  /**
   * The absolute origin links in emails and checkout return URLs use: PUBLIC_URL, else this
   * server's own address. Never the request's Host header, which any caller can forge.
   */
  readonly publicUrl: () => string;
  /** Where the sign-in throttles keep their counters (Redis with REDIS_URL); absent: this process's memory. */
  readonly throttleStore?: ThrottleStore;
}
