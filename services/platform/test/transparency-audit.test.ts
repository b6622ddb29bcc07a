import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteSql, type Sql } from '../src/db';
import { createPostgresEventStore, type EventStore, type NewEvent } from '../src/eventstore';
import { createLogger } from '../src/logger';
import { findPostgres, openScratchPostgresStore, servicesRequired } from '../src/testing';
import {
  allTreeHeads,
  auditLog,
  createSealer,
  describeDifference,
  insertTreeHead,
  latestSigningKey,
  migrateTransparency,
  sealOnce,
  signingKeyFromPem,
  signTreeHead,
  storedConsistencyProof,
  storedInclusionProof,
  storedRoot,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
  readSealedLeaves,
  type SigningKey,
} from '../src/transparency';

const postgresAdmin = await findPostgres();
if (!postgresAdmin && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

const logger = createLogger('silent');
const newKey = (): SigningKey => signingKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());

function event(n: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'TestHappened',
    data: { n, note: `event ${n}`, nested: { b: 2, a: [1, 'x'] } },
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'system', id: 'test' },
      occurredAt: new Date(0).toISOString(),
      schemaVersion: 1,
    },
  };
}

/** 12 events over three streams (one append each), sealed into a head; 4 more, sealed into a second. */
async function sealedLog(store: EventStore, sql: Sql, key: SigningKey, prefix = ''): Promise<string[]> {
  const streams = ['member-a', 'member-b', 'draw-c'].map((s) => `${prefix}${s}`);
  const order: string[] = [];
  for (let n = 0; n < 16; n++) {
    const stream = streams[n % 3]!;
    await store.append(stream, [event(n)], 'any');
    order.push(stream);
    if (n === 11) expect((await sealOnce({ sql, store, key, logger }))?.treeSize).toBe(12);
  }
  expect((await sealOnce({ sql, store, key, logger }))?.treeSize).toBe(16);
  return order;
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

describe.runIf(postgresAdmin)('audit:log on the PostgreSQL store', () => {
  async function setUp() {
    const scratch = await openScratchPostgresStore('roar_transparency');
    open.push(() => scratch.close());
    const key = newKey();
    const streams = await sealedLog(scratch.store, scratch.sql, key);
    const rows = await scratch.sql.query<{ global_position: string; transaction_id: string }>(
      'select global_position::text, transaction_id::text from es.events order by transaction_id, global_position',
    );
    return { ...scratch, key, streams, rows: rows.rows };
  }

  it('says VERIFIED for an untouched log, with proofs that check against the signed heads', async () => {
    const { sql, store, key } = await setUp();
    const report = await auditLog({ sql, store, publicKey: key.publicKey });
    expect(report.differences).toEqual([]);
    expect(report).toMatchObject({ verified: true, events: 16, heads: 2, latest: { treeSize: 16 } });
    const [first, second] = await allTreeHeads(sql);
    expect(verifyTreeHead(key.publicKey, first!)).toBe(true);
    expect((await storedRoot(sql, 12)).equals(first!.rootHash)).toBe(true);
    const proof = await storedConsistencyProof(sql, 12, 16);
    expect(verifyConsistency(12, 16, first!.rootHash, second!.rootHash, proof)).toBe(true);
    const [leaf] = await readSealedLeaves(sql, 7, 1);
    expect(verifyInclusion(7, 16, leaf!.hash, await storedInclusionProof(sql, 7, 16), second!.rootHash)).toBe(true);
    expect(verifyInclusion(7, 16, leaf!.hash, await storedInclusionProof(sql, 6, 16), second!.rootHash)).toBe(false);
  });

  it('names an edited event with its position and stream', async () => {
    const { sql, store, key, rows, streams } = await setUp();
    await sql.query(`update es.events set data = jsonb_set(data, '{n}', '99') where global_position = $1`, [rows[4]!.global_position]);
    const report = await auditLog({ sql, store, publicKey: key.publicKey });
    expect(report.verified).toBe(false);
    expect(report.differences).toEqual([{ kind: 'edited', position: 4, streamId: streams[4], revision: '1' }]);
    expect(describeDifference(report.differences[0]!)).toBe(`edited event at position 4, stream ${streams[4]} (revision 1)`);
  });

  it('names a deleted event', async () => {
    const { sql, store, key, rows, streams } = await setUp();
    await sql.query('delete from es.events where global_position = $1', [rows[9]!.global_position]);
    const report = await auditLog({ sql, store, publicKey: key.publicKey });
    expect(report.differences).toEqual([{ kind: 'deleted', position: 9, streamId: streams[9], revision: '3' }]);
  });

  it('names an inserted event', async () => {
    const { sql, store, key, rows } = await setUp();
    // Same transaction as the event at 4, a later global position: it sorts between 4 and 5.
    const e = event(100);
    await sql.query(
      `insert into es.events (transaction_id, stream_id, stream_position, event_id, event_type, data, metadata)
       values ($1::text::xid8, 'intruder-1', 0, $2, $3, $4, $5)`,
      [rows[4]!.transaction_id, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
    );
    const report = await auditLog({ sql, store, publicKey: key.publicKey });
    expect(report.differences).toEqual([{ kind: 'inserted', position: 5, streamId: 'intruder-1', revision: '0' }]);
  });

  it('names two reordered events', async () => {
    const { sql, store, key, rows, streams } = await setUp();
    const [a, b] = [rows[2]!, rows[3]!];
    await sql.transaction(async (tx) => {
      await tx.query(`update es.events set global_position = -1, transaction_id = $2::text::xid8 where global_position = $1`, [
        a.global_position,
        b.transaction_id,
      ]);
      await tx.query(`update es.events set global_position = $1, transaction_id = $2::text::xid8 where global_position = $3`, [
        a.global_position,
        a.transaction_id,
        b.global_position,
      ]);
      await tx.query(`update es.events set global_position = $1 where global_position = -1`, [b.global_position]);
    });
    const report = await auditLog({ sql, store, publicKey: key.publicKey });
    expect(report.differences).toEqual([
      { kind: 'reordered', position: 2, streamId: streams[2], revision: '0' },
      { kind: 'reordered', position: 3, streamId: streams[3], revision: '1' },
    ]);
  });

  it('names the tree heads the sealed records no longer reproduce when the node table is altered', async () => {
    const { sql, store, key } = await setUp();
    await sql.query(`update transparency.nodes set hash = sha256(hash) where level = 0 and node_index = 13`);
    const report = await auditLog({ sql, store, publicKey: key.publicKey });
    expect(report.differences).toEqual([{ kind: 'head-mismatch', headId: 2, treeSize: 16, what: 'sealed-records' }]);
    expect(describeDifference(report.differences[0]!)).toBe("tree head 2 (size 16): the sealed records' root differs (the sealed tree was altered)");
  });

  it('names a tree head that contradicts an earlier one, and one with a bad signature', async () => {
    const { sql, store, key } = await setUp();
    const [, second] = await allTreeHeads(sql);
    // Signed with the club's key, but of another history: the consistency proof from 16 fails.
    await insertTreeHead(
      sql,
      signTreeHead(key, { treeSize: 17, rootHash: Buffer.alloc(32, 7), issuedAt: new Date().toISOString(), drandRound: null }),
    );
    await insertTreeHead(sql, { ...second!, treeSize: 16, signature: Buffer.alloc(64, 1) });
    const report = await auditLog({ sql, store, publicKey: key.publicKey });
    expect(report.differences).toEqual([
      { kind: 'contradicting-head', headId: 3, treeSize: 17, earlierTreeSize: 16 },
      { kind: 'bad-signature', headId: 4, treeSize: 16 },
    ]);
    expect(describeDifference(report.differences[0]!)).toBe('tree head 3 (size 17) contradicts the earlier tree head of size 16');
  });

  it('the sealer seals as the log grows, one instance active, and a standby takes over', async () => {
    const { sql, store } = await openScratchPostgresStore('roar_sealer', { max: 8 }).then((s) => (open.push(() => s.close()), s));
    const key = newKey();
    await migrateTransparency(sql);
    const options = { sql, store, key, logger, headIntervalMs: 50, lockRetryMs: 50, latestDrandRound: async () => 4242 };
    const first = createSealer(options);
    const second = createSealer(options);
    open.unshift(async () => {
      await first.stop();
      await second.stop();
    });
    await first.start();
    await expect.poll(() => first.state).toBe('active');
    await second.start();
    await expect.poll(() => second.state).toBe('standby');
    for (let n = 0; n < 30; n++) await store.append(`stream-${n % 4}`, [event(n)], 'any');
    await expect.poll(async () => (await allTreeHeads(sql)).at(-1)?.treeSize, { timeout: 10_000 }).toBe(30);
    await first.stop();
    await expect.poll(() => second.state).toBe('active');
    for (let n = 30; n < 35; n++) await store.append(`stream-${n % 4}`, [event(n)], 'any');
    await expect.poll(async () => (await allTreeHeads(sql)).at(-1)?.treeSize, { timeout: 10_000 }).toBe(35);
    const heads = await allTreeHeads(sql);
    expect(heads.every((h) => h.drandRound === 4242 && verifyTreeHead(key.publicKey, h))).toBe(true);
    expect(await latestSigningKey(sql)).toEqual({ keyId: key.keyId, publicKeyPem: key.publicKeyPem });
    const report = await auditLog({ sql, store, publicKey: key.publicKey });
    expect(report).toMatchObject({ verified: true, events: 35, differences: [] });
  });
});

describe('audit:log on the PGlite store (the same PostgreSQL tables, embedded)', () => {
  it('says VERIFIED, then names an edited event', async () => {
    const sql = await createPgliteSql(null);
    const store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
    open.push(async () => {
      await store.close();
      await sql.close();
    });
    const key = newKey();
    const streams = await sealedLog(store, sql, key);
    expect(await auditLog({ sql, store, publicKey: key.publicKey })).toMatchObject({ verified: true, events: 16 });
    await sql.query(`update es.events set metadata = jsonb_set(metadata, '{actor,id}', '"someone"') where stream_id = $1 and stream_position = 2`, [
      streams[6],
    ]);
    expect((await auditLog({ sql, store, publicKey: key.publicKey })).differences).toEqual([
      { kind: 'edited', position: 6, streamId: streams[6], revision: '2' },
    ]);
  });
});
