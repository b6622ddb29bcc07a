import { migrateExclusively } from '../db/migrate';
import type { Sql } from '../db/sql';
import { toBigInt } from '../db/sql';
import {
  combineCover,
  consistencyProof,
  EMPTY_ROOT,
  Frontier,
  HASH_SIZE,
  inclusionProof,
  perfectCover,
  type Hash,
  type NodeId,
  type RangeHasher,
} from './merkle';

/**
 * The sealed log in PostgreSQL (or PGlite), beside the read models:
 * - transparency.nodes: the root of every perfect subtree, leaves at level 0 (2^level leaves
 *   starting at node_index * 2^level). Any range the RFC's proofs ask for is at most log2(n) of
 *   them, so a proof is one indexed read of O(log n) rows, never a rebuild.
 * - transparency.leaves: what each leaf was sealed from (event id, stream, revision, the store's
 *   position), so that the audit can say which event differs.
 * - transparency.state: the sealed size and the store position the sealer has reached.
 * - transparency.tree_heads: the signed tree heads, in the order they were signed.
 * - transparency.signing_keys: the public keys the sealer has signed with (what the api publishes,
 *   so that an api replica without the private key publishes the key that signs).
 */
export const TRANSPARENCY_SCHEMA_SQL = `
create schema if not exists transparency;
create table if not exists transparency.nodes (
  level int not null,
  node_index bigint not null,
  hash bytea not null,
  primary key (level, node_index)
);
create table if not exists transparency.leaves (
  leaf_index bigint primary key,
  event_id text not null,
  stream_id text not null,
  revision bigint not null,
  position text not null
);
create table if not exists transparency.state (
  id int primary key default 1 check (id = 1),
  tree_size bigint not null,
  position text not null
);
create table if not exists transparency.tree_heads (
  head_id bigserial primary key,
  tree_size bigint not null,
  root_hash bytea not null,
  issued_at text not null,
  drand_round bigint,
  key_id text not null,
  signature bytea not null
);
create index if not exists tree_heads_size on transparency.tree_heads (tree_size);
create table if not exists transparency.signing_keys (
  key_id text primary key,
  public_key_pem text not null,
  registered_at timestamptz not null default now()
);
`;

export async function migrateTransparency(sql: Sql): Promise<void> {
  await migrateExclusively(sql, async (tx) => {
    await tx.exec(TRANSPARENCY_SCHEMA_SQL);
  });
}

export interface SealedState {
  readonly size: number;
  /** positionToString of the last event sealed; '' before the first. */
  readonly position: string;
}

export async function readSealedState(sql: Sql): Promise<SealedState> {
  const r = await sql.query<{ tree_size: unknown; position: string }>('select tree_size, position from transparency.state where id = 1');
  const row = r.rows[0];
  return row ? { size: Number(toBigInt(row.tree_size)), position: row.position } : { size: 0, position: '' };
}

const HEX = (h: Hash): string => h.toString('hex');

/** Reads the given nodes in one query; throws when one is missing (the tree is not sealed that far). */
export async function readNodes(sql: Sql, ids: readonly NodeId[]): Promise<Map<string, Hash>> {
  const out = new Map<string, Hash>();
  if (ids.length === 0) return out;
  const r = await sql.query<{ level: number; node_index: unknown; hash: string }>(
    `select n.level, n.node_index, encode(n.hash, 'hex') as hash from transparency.nodes n
     join unnest($1::int[], $2::bigint[]) as want(level, node_index) on n.level = want.level and n.node_index = want.node_index`,
    [ids.map((n) => n.level), ids.map((n) => String(n.index))],
  );
  for (const row of r.rows) out.set(`${row.level}/${toBigInt(row.node_index)}`, Buffer.from(row.hash, 'hex'));
  for (const id of ids) if (!out.has(`${id.level}/${id.index}`)) throw new Error(`node ${id.level}/${id.index} is not sealed`);
  return out;
}

/**
 * Runs a proof algorithm over the stored tree in two passes: the first only records which
 * perfect subtrees its ranges need, one query reads them, the second computes with them.
 */
async function overStoredNodes<T>(sql: Sql, run: (mth: RangeHasher) => T): Promise<T> {
  const wanted = new Map<string, NodeId>();
  const dummy = Buffer.alloc(HASH_SIZE);
  run((lo, hi) => {
    for (const id of perfectCover(lo, hi)) wanted.set(`${id.level}/${id.index}`, id);
    return dummy;
  });
  const nodes = await readNodes(sql, [...wanted.values()]);
  return run((lo, hi) => combineCover(perfectCover(lo, hi).map((id) => nodes.get(`${id.level}/${id.index}`)!)));
}

export async function storedRoot(sql: Sql, size: number): Promise<Hash> {
  if (size === 0) return EMPTY_ROOT;
  return overStoredNodes(sql, (mth) => mth(0, size));
}

export async function storedInclusionProof(sql: Sql, index: number, size: number): Promise<Hash[]> {
  return overStoredNodes(sql, (mth) => inclusionProof(index, size, mth));
}

export async function storedConsistencyProof(sql: Sql, first: number, second: number): Promise<Hash[]> {
  return overStoredNodes(sql, (mth) => consistencyProof(first, second, mth));
}

/** The frontier of the sealed tree of `size` leaves, read from its stored perfect subtrees. */
export async function loadFrontier(sql: Sql, size: number): Promise<Frontier> {
  if (size === 0) return new Frontier();
  const cover = perfectCover(0, size);
  const nodes = await readNodes(sql, cover);
  return new Frontier(
    size,
    cover.map((id) => nodes.get(`${id.level}/${id.index}`)!),
  );
}

export interface SealedLeaf {
  readonly eventId: string;
  readonly streamId: string;
  readonly revision: bigint;
  readonly position: string;
  readonly hash: Hash;
}

/**
 * Appends leaves at the end of the sealed tree in one transaction: their rows, every perfect
 * subtree they complete, and the new state. Returns false (writing nothing) when the stored size
 * is not `frontier.size` any more (another sealer moved it): the caller must reload.
 */
export async function appendSealedLeaves(tx: Sql, frontier: Frontier, leaves: readonly SealedLeaf[]): Promise<boolean> {
  if (leaves.length === 0) return true;
  const from = frontier.size;
  const moved = await tx.query(
    `insert into transparency.state (id, tree_size, position) values (1, $1, $2)
     on conflict (id) do update set tree_size = excluded.tree_size, position = excluded.position
     where transparency.state.tree_size = $3`,
    [from + leaves.length, leaves[leaves.length - 1]!.position, from],
  );
  if (moved.affectedRows !== 1) return false;
  const levels: number[] = [];
  const indexes: string[] = [];
  const hashes: string[] = [];
  for (const leaf of leaves) {
    for (const node of frontier.append(leaf.hash)) {
      levels.push(node.level);
      indexes.push(String(node.index));
      hashes.push(HEX(node.hash));
    }
  }
  await tx.query(
    `insert into transparency.nodes (level, node_index, hash)
     select l, i, decode(h, 'hex') from unnest($1::int[], $2::bigint[], $3::text[]) as t(l, i, h)`,
    [levels, indexes, hashes],
  );
  await tx.query(
    `insert into transparency.leaves (leaf_index, event_id, stream_id, revision, position)
     select i, e, s, r, p from unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[]) as t(i, e, s, r, p)`,
    [
      leaves.map((_, n) => String(from + n)),
      leaves.map((l) => l.eventId),
      leaves.map((l) => l.streamId),
      leaves.map((l) => l.revision.toString()),
      leaves.map((l) => l.position),
    ],
  );
  return true;
}

/** The sealed leaves [from, from + count), each with its stored leaf hash. */
export async function readSealedLeaves(sql: Sql, from: number, count: number): Promise<Array<SealedLeaf & { index: number }>> {
  const r = await sql.query<{ leaf_index: unknown; event_id: string; stream_id: string; revision: unknown; position: string; hash: string }>(
    `select l.leaf_index, l.event_id, l.stream_id, l.revision, l.position, encode(n.hash, 'hex') as hash
     from transparency.leaves l join transparency.nodes n on n.level = 0 and n.node_index = l.leaf_index
     where l.leaf_index >= $1 order by l.leaf_index limit $2`,
    [from, count],
  );
  return r.rows.map((row) => ({
    index: Number(toBigInt(row.leaf_index)),
    eventId: row.event_id,
    streamId: row.stream_id,
    revision: toBigInt(row.revision),
    position: row.position,
    hash: Buffer.from(row.hash, 'hex'),
  }));
}

/** Records the public key the sealer signs with (once per key). */
export async function registerSigningKey(sql: Sql, key: { readonly keyId: string; readonly publicKeyPem: string }): Promise<void> {
  await sql.query('insert into transparency.signing_keys (key_id, public_key_pem) values ($1, $2) on conflict (key_id) do nothing', [
    key.keyId,
    key.publicKeyPem,
  ]);
}

/** The public key the sealer registered last, or null before it first ran. */
export async function latestSigningKey(sql: Sql): Promise<{ readonly keyId: string; readonly publicKeyPem: string } | null> {
  const r = await sql.query<{ key_id: string; public_key_pem: string }>(
    'select key_id, public_key_pem from transparency.signing_keys order by registered_at desc, key_id limit 1',
  );
  const row = r.rows[0];
  return row ? { keyId: row.key_id, publicKeyPem: row.public_key_pem } : null;
}

/**
 * Forgets the sealed tree while no tree head has been signed over it (the one-time re-write of
 * plain personal data changes the stored bytes its leaves hashed): the sealer seals the log again
 * from its start. Refuses (returns false, changing nothing) once a head exists: a signed head is
 * never contradicted. Run it holding the sealer's lock.
 */
/** True once any tree head has been signed: from then on the log it covers must never be rewritten. */
export async function treeHeadSigned(sql: Sql): Promise<boolean> {
  const r = await sql.query<{ signed: boolean }>('select exists (select 1 from transparency.tree_heads) as signed');
  return r.rows[0]?.signed === true;
}

export async function discardUnsignedTree(sql: Sql): Promise<boolean> {
  return sql.transaction(async (tx) => {
    if (await treeHeadSigned(tx)) return false;
    await tx.exec('delete from transparency.nodes; delete from transparency.leaves; delete from transparency.state;');
    return true;
  });
}
