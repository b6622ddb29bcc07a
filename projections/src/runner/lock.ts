import type { Sql } from '@roar/platform';

/** Namespace of the projector locks among the product's advisory locks. */
const LOCK_CLASS = 7321003;

/** Another process holds the projector's advisory lock (its active instance). */
export class ProjectorBusyError extends Error {
  override readonly name = 'ProjectorBusyError';
  constructor(readonly projector: string) {
    super(`projector ${projector} is active in another process; stop it (or its daemon) first`);
  }
}

/**
 * Session-level advisory lock on the dedicated session `s`: held until released or until the
 * connection ends, so a crashed process hands over to a standby. PGlite is one process with one
 * connection, so there is nothing to exclude.
 */
export async function tryProjectorLock(s: Sql, name: string): Promise<boolean> {
  if (s.kind === 'pglite') return true;
  const r = await s.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [LOCK_CLASS, name]);
  return r.rows[0]?.locked === true;
}

export async function releaseProjectorLock(s: Sql, name: string): Promise<void> {
  if (s.kind === 'pglite') return;
  await s.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, name]);
}

/** Runs `fn` on a session holding the projector's lock; ProjectorBusyError when another holds it. */
export async function withProjectorLock<T>(sql: Sql, name: string, fn: (s: Sql) => Promise<T>): Promise<T> {
  return sql.session(async (s) => {
    if (!(await tryProjectorLock(s, name))) throw new ProjectorBusyError(name);
    try {
      return await fn(s);
    } finally {
      await releaseProjectorLock(s, name);
    }
  });
}
