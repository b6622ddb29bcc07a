import type { Sql } from '../db/sql';
import type { Logger } from '../logger';
import { positionFromString, positionToString, START, type EventStore, type Position, type RecordedEvent } from '../eventstore/types';
import { eventLeafHash } from './leaf';
import type { Frontier } from './merkle';
import { appendSealedLeaves, loadFrontier, migrateTransparency, readSealedState, registerSigningKey } from './tree-store';
import { insertTreeHead, listTreeHeads, signTreeHead, type SigningKey, type TreeHead } from './tree-head';

/** Namespace of the sealer's advisory lock (the projectors' is 7321003). */
const SEALER_LOCK_CLASS = 7321009;
const SEALER_LOCK_NAME = 'transparency-sealer';

/**
 * The one active sealer, as a projector is: a session-level advisory lock on a dedicated session
 * (released when the connection ends, so a standby takes over from a crashed process); PGlite is
 * one process with one connection, so there is nothing to exclude.
 */
export async function trySealerLock(s: Sql): Promise<boolean> {
  if (s.kind === 'pglite') return true;
  const r = await s.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [SEALER_LOCK_CLASS, SEALER_LOCK_NAME]);
  return r.rows[0]?.locked === true;
}

export async function releaseSealerLock(s: Sql): Promise<void> {
  if (s.kind === 'pglite') return;
  await s.query('select pg_advisory_unlock($1, hashtext($2))', [SEALER_LOCK_CLASS, SEALER_LOCK_NAME]);
}

export interface SealerOptions {
  readonly sql: Sql;
  readonly store: EventStore;
  readonly key: SigningKey;
  readonly logger: Logger;
  /** The latest drand round the club's beacon has published; null (or absent) without a beacon. */
  readonly latestDrandRound?: () => Promise<number | null>;
  readonly now?: () => Date;
  /** Events sealed per transaction. */
  readonly batchSize?: number;
  /** A tree head is signed at most this often while the log grows, and this long after it stops. */
  readonly headIntervalMs?: number;
  readonly lockRetryMs?: number;
  /** How often the sealer looks for new events. */
  readonly pollMs?: number;
}

/** What the sealer holds between batches: the tree's right edge and where it is in the store. */
class SealedTree {
  private constructor(
    readonly frontier: Frontier,
    public position: Position,
    public headSize: number,
  ) {}

  static async load(sql: Sql): Promise<SealedTree> {
    const state = await readSealedState(sql);
    const [latest] = await listTreeHeads(sql, 1);
    return new SealedTree(await loadFrontier(sql, state.size), state.position ? positionFromString(state.position) : START, latest?.treeSize ?? 0);
  }

  get size(): number {
    return this.frontier.size;
  }
}

async function sealBatch(sql: Sql, tree: SealedTree, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const leaves = events.map((e) => ({
    eventId: e.id,
    streamId: e.streamId,
    revision: e.revision,
    position: positionToString(e.position),
    hash: eventLeafHash(e),
  }));
  const ok = await sql.transaction((tx) => appendSealedLeaves(tx, tree.frontier, leaves));
  if (!ok) throw new Error('the sealed tree moved under this sealer (another sealer is active)');
  tree.position = events[events.length - 1]!.position;
}

async function signHead(sql: Sql, tree: SealedTree, options: SealerOptions): Promise<TreeHead | null> {
  if (tree.size === 0 || tree.size === tree.headSize) return null;
  const drandRound = options.latestDrandRound ? await options.latestDrandRound().catch(() => null) : null;
  const head = signTreeHead(options.key, {
    treeSize: tree.size,
    rootHash: tree.frontier.root(),
    issuedAt: (options.now?.() ?? new Date()).toISOString(),
    drandRound,
  });
  await insertTreeHead(sql, head);
  tree.headSize = tree.size;
  return head;
}

/**
 * Seals every event the store holds now and signs a tree head if the tree grew: the sealer's work
 * in one call (tests, the audit's preparation, a manual `seal`). Takes the sealer's lock.
 */
export async function sealOnce(options: SealerOptions): Promise<TreeHead | null> {
  await migrateTransparency(options.sql);
  await registerSigningKey(options.sql, options.key);
  return options.sql.session(async (s) => {
    if (!(await trySealerLock(s))) throw new Error('the sealer is active in another process');
    try {
      const tree = await SealedTree.load(s);
      for (;;) {
        const events = await options.store.readAll(tree.position, options.batchSize ?? 1000);
        if (events.length === 0) break;
        await sealBatch(s, tree, events);
      }
      return await signHead(s, tree, options);
    } finally {
      await releaseSealerLock(s);
    }
  });
}

export interface Sealer {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** 'standby' while another process holds the sealer's lock. */
  readonly state: 'idle' | 'active' | 'standby' | 'failing';
}

/**
 * The sealer daemon: follows the store's global order (reading it every `pollMs`, so appends never
 * wait for it), seals what it finds in one transaction, and signs a tree head at most every
 * `headIntervalMs` while the log grows (and once more when it stops growing).
 */
export function createSealer(options: SealerOptions): Sealer {
  const { sql, store, logger } = options;
  const headIntervalMs = options.headIntervalMs ?? 3000;
  const lockRetryMs = options.lockRetryMs ?? 2000;
  const pollMs = options.pollMs ?? Math.min(250, headIntervalMs);
  const batchSize = options.batchSize ?? 2000;
  let state: Sealer['state'] = 'idle';
  let stopping = false;
  let running: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });

  // Polls rather than subscribes: one read and one transaction per interval, however many appends
  // came in, so sealing costs the writers next to nothing (a subscription woke on every append).
  const follow = async (s: Sql, tree: SealedTree) => {
    let lastHeadAt = 0;
    let grewAt = 0;
    while (!stopping) {
      const events = await store.readAll(tree.position, batchSize);
      if (events.length > 0) {
        await sealBatch(s, tree, events);
        grewAt = Date.now();
      }
      const now = Date.now();
      // A head at most every interval while the log grows, and one once it has stopped growing.
      if (tree.size > tree.headSize && (now - lastHeadAt >= headIntervalMs || now - grewAt >= headIntervalMs)) {
        if (await signHead(s, tree, options)) lastHeadAt = now;
      }
      if (events.length < batchSize) await pause(pollMs);
    }
  };

  const run = async () => {
    let failures = 0;
    await migrateTransparency(sql);
    await registerSigningKey(sql, options.key);
    while (!stopping) {
      try {
        const held = await sql.session(async (s) => {
          if (!(await trySealerLock(s))) return false;
          try {
            state = 'active';
            const tree = await SealedTree.load(s);
            logger.info({ size: tree.size }, 'sealer active');
            await follow(s, tree);
            return true;
          } finally {
            await releaseSealerLock(s).catch(() => undefined);
          }
        });
        if (!held && !stopping) {
          state = 'standby';
          await pause(lockRetryMs);
        }
        failures = 0;
      } catch (error) {
        failures += 1;
        state = 'failing';
        logger.error({ err: error }, 'sealer failed; reloading the sealed tree');
        if (!stopping) await pause(Math.min(30_000, 250 * 2 ** Math.min(failures, 7)));
      }
    }
    state = 'idle';
  };

  return {
    get state() {
      return state;
    },
    async start() {
      if (running) return;
      stopping = false;
      running = run();
    },
    async stop() {
      stopping = true;
      wake?.();
      await running;
      running = null;
    },
  };
}
