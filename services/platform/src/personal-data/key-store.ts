import { migrateExclusively } from '../db/migrate';
import type { Listening, Sql } from '../db/sql';
import type { Logger } from '../logger';
import { masterKeyId, newDataKey, unwrapDataKey, wrapDataKey } from './cipher';
import type { PersonalDataKeys } from './spec';

/**
 * The member keys behind the personal fields (issue 24), in PostgreSQL (or PGlite) beside the read
 * models, never in the event log:
 * - personal_data.master_key: the fingerprint of the master key that wraps every member key, so a
 *   process configured with another master key refuses to start instead of reading everything as erased.
 * - personal_data.member_keys: one row per member, holding their AES-256 data key wrapped by the
 *   master key (AES-256-GCM), or, once erased, no key and the erasure's time (the tombstone that
 *   keeps a later seal from making a new key).
 */
export const PERSONAL_DATA_SCHEMA_SQL = `
create schema if not exists personal_data;
create table if not exists personal_data.master_key (
  id int primary key default 1 check (id = 1),
  key_id text not null,
  registered_at timestamptz not null default now()
);
create table if not exists personal_data.member_keys (
  member_id text primary key,
  wrapped_key bytea,
  created_at timestamptz not null default now(),
  erased_at timestamptz,
  constraint key_or_tombstone check ((wrapped_key is null) = (erased_at is not null))
);
-- The one-time re-write of plain personal data in stored events: each type once per spec.
create table if not exists personal_data.plain_migration (
  event_type text primary key,
  spec text not null,
  migrated_at timestamptz not null default now()
);
`;

/** Erasures are announced on this channel (payload: the member id) so every process drops the key it cached. */
export const ERASED_CHANNEL = 'roar_pd_erased';

export async function migratePersonalDataKeys(sql: Sql): Promise<void> {
  await migrateExclusively(sql, async (tx) => {
    await tx.exec(PERSONAL_DATA_SCHEMA_SQL);
  });
}

/** A member's key as a read needs it: the key, erased (key deleted), or none (never sealed anything). */
export type MemberKeyState = Buffer | 'erased' | 'none';

export interface PersonalDataKeyStore extends PersonalDataKeys {
  /**
   * The members' keys for sealing: made (race-safe) for members who have none, 'erased' for erased
   * members. One query for what the cache lacks (two when keys are made).
   */
  keysForSealing(memberIds: Iterable<string>): Promise<Map<string, Buffer | 'erased'>>;
  /** The members' keys for opening, one query for what the cache lacks; `fresh` skips the cache. */
  keysForOpening(memberIds: Iterable<string>, options?: { readonly fresh?: boolean }): Promise<Map<string, MemberKeyState>>;
  /** Changes whenever this process learns of an erasure: what was opened before may be stale. */
  readonly generation: number;
  readonly logger: Logger | undefined;
  /** Stops listening for other processes' erasures (the Sql stays open: it is the caller's). */
  close(): Promise<void>;
}

export interface PersonalDataKeyStoreOptions {
  readonly sql: Sql;
  /** 32 bytes: PERSONAL_DATA_KEY, or the generated one (loadMasterKey). */
  readonly masterKey: Buffer;
  readonly logger?: Logger;
  /** Member keys kept in memory (least recently used dropped first). */
  readonly cacheSize?: number;
}

interface KeyRow {
  member_id: string;
  wrapped_key: string | null;
}

/**
 * Opens the key store: migrates its tables, checks the master key against the one that wrapped the
 * stored keys, and listens for erasures made by other processes (LISTEN/NOTIFY on PostgreSQL; PGlite
 * is one process, whose notifications reach its own listeners).
 */
export async function createPersonalDataKeyStore(options: PersonalDataKeyStoreOptions): Promise<PersonalDataKeyStore> {
  const { sql, masterKey, logger } = options;
  if (masterKey.length !== 32) throw new Error('the personal data master key must be 32 bytes');
  const cacheSize = options.cacheSize ?? 200_000;
  await migratePersonalDataKeys(sql);
  const ownKeyId = masterKeyId(masterKey);
  await checkMasterKey(sql, ownKeyId);

  const cache = new Map<string, MemberKeyState>();
  let generation = 0;
  const remember = (memberId: string, state: MemberKeyState) => {
    cache.delete(memberId);
    cache.set(memberId, state);
    if (cache.size > cacheSize) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
  };
  const forget = (memberId: string) => {
    generation += 1;
    cache.set(memberId, 'erased');
  };
  let listening: Listening | null = null;
  if (sql.listen) {
    listening = await sql
      .listen(
        ERASED_CHANNEL,
        (memberId) => forget(memberId),
        () => {
          // Erasures announced while the connection was down are lost: start again from the database.
          generation += 1;
          cache.clear();
        },
      )
      .catch((err: unknown) => {
        logger?.warn({ err }, 'personal data: no LISTEN connection; erasures by other processes are seen only after their keys leave the cache');
        return null;
      });
  }

  const stateOf = (row: KeyRow): MemberKeyState => {
    if (row.wrapped_key === null) return 'erased';
    return unwrapDataKey(masterKey, row.member_id, Buffer.from(row.wrapped_key, 'hex'));
  };

  async function load(ids: readonly string[]): Promise<Map<string, MemberKeyState>> {
    const before = generation;
    const r = await sql.query<KeyRow>(
      `select member_id, encode(wrapped_key, 'hex') as wrapped_key from personal_data.member_keys where member_id = any($1::text[])`,
      [ids],
    );
    const out = new Map<string, MemberKeyState>(ids.map((id) => [id, 'none']));
    for (const row of r.rows) out.set(row.member_id, stateOf(row));
    // An erasure heard while this read was on its way may be older than what it read: keep nothing.
    if (generation === before) for (const [id, state] of out) remember(id, state);
    return out;
  }

  async function keysForOpening(memberIds: Iterable<string>, opts: { readonly fresh?: boolean } = {}): Promise<Map<string, MemberKeyState>> {
    const out = new Map<string, MemberKeyState>();
    const missing: string[] = [];
    for (const id of memberIds) {
      if (out.has(id)) continue;
      const cached = opts.fresh ? undefined : cache.get(id);
      if (cached === undefined) {
        missing.push(id);
        out.set(id, 'none');
      } else out.set(id, cached);
    }
    if (missing.length > 0) for (const [id, state] of await load(missing)) out.set(id, state);
    return out;
  }

  async function keysForSealing(memberIds: Iterable<string>): Promise<Map<string, Buffer | 'erased'>> {
    // The usual append: every member's key is cached.
    const cached = new Map<string, Buffer | 'erased'>();
    for (const id of memberIds) {
      const state = cache.get(id);
      if (state === undefined || state === 'none') {
        cached.clear();
        break;
      }
      cached.set(id, state);
    }
    if (cached.size > 0) return cached;
    const states = await keysForOpening(memberIds);
    const without = [...states].filter(([, s]) => s === 'none').map(([id]) => id);
    if (without.length > 0) {
      // Two first seals for one member race to insert; the loser's insert does nothing and both read the winner's key.
      // A tombstone is a row too, so a member erased meanwhile gets no new key.
      await sql.query(
        `insert into personal_data.member_keys (member_id, wrapped_key)
         select m, decode(k, 'hex') from unnest($1::text[], $2::text[]) as t(m, k)
          where exists (select 1 from personal_data.master_key where id = 1 and key_id = $3)
         on conflict (member_id) do nothing`,
        [without, without.map((id) => wrapDataKey(masterKey, id, newDataKey()).toString('hex')), ownKeyId],
      );
      for (const [id, state] of await load(without)) states.set(id, state);
    }
    const out = new Map<string, Buffer | 'erased'>();
    for (const [id, state] of states) {
      // Only a process holding the registered master key makes member keys: two processes started with different
      // keys on an empty database would otherwise wrap keys that the other cannot unwrap.
      if (state === 'none') throw new Error(`personal data: no key could be made for member ${id} (is PERSONAL_DATA_KEY the same in every process?)`);
      out.set(id, state);
    }
    return out;
  }

  return {
    keysForSealing,
    keysForOpening,
    get generation() {
      return generation;
    },
    logger,
    async erase(memberId: string): Promise<void> {
      await sql.transaction(async (tx) => {
        await tx.query(
          `insert into personal_data.member_keys as k (member_id, wrapped_key, erased_at) values ($1, null, now())
           on conflict (member_id) do update set wrapped_key = null, erased_at = coalesce(k.erased_at, excluded.erased_at)`,
          [memberId],
        );
        // Delivered at commit, to every process listening (this one included).
        await tx.query('select pg_notify($1, $2)', [ERASED_CHANNEL, memberId]);
      });
      forget(memberId);
    },
    async isErased(memberId: string): Promise<boolean> {
      return (await keysForOpening([memberId]))?.get(memberId) === 'erased';
    },
    async close() {
      await listening?.close().catch(() => undefined);
      listening = null;
    },
  };
}

async function checkMasterKey(sql: Sql, keyId: string): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7321020)');
    await tx.query('insert into personal_data.master_key (id, key_id) values (1, $1) on conflict (id) do nothing', [keyId]);
    const r = await tx.query<{ key_id: string; live: boolean }>(
      `select key_id, exists (select 1 from personal_data.member_keys where wrapped_key is not null) as live from personal_data.master_key where id = 1`,
    );
    const row = r.rows[0]!;
    if (row.key_id === keyId) return;
    if (row.live)
      throw new Error(
        `PERSONAL_DATA_KEY (key id ${keyId}) is not the master key that wrapped the member keys in this database (key id ${row.key_id}): ` +
          'configure the original key; with another one no personal data could be read',
      );
    // No live member key depends on the old master key: the new one takes its place.
    await tx.query('update personal_data.master_key set key_id = $1, registered_at = now() where id = 1', [keyId]);
  });
}
