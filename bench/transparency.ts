import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  createPgSql,
  createPostgresEventStore,
  leafHash,
  migrateTransparency,
  readSealedState,
  storedInclusionProof,
  storedRoot,
  verifyInclusion,
  type EventStore,
  type NewEvent,
} from '@roar/platform';
import { createTestDatabase } from '@roar/platform/testing';

/**
 * The sealed log (issue 24) on PostgreSQL:
 * 1. Append throughput with the sealer running against the same run without it: 8 writers, one
 *    stream each, single-event appends; paired rounds, order alternating, median pair reported.
 *    The sealer runs in a process of its own, as the projector role runs it beside the api, and
 *    appends never wait for it (it reads the log every 250 ms). Goal >= 0.9.
 * 2. Building an inclusion proof in a log of 10 million leaves: the node table is synthesised in
 *    SQL (real RFC 9162 leaf and node hashes, level by level) rather than by appending 10 million
 *    events; then proofs for random positions are read from it (O(log n) rows each) and checked
 *    against the root. BENCH_TRANSPARENCY_LEAVES changes the size.
 */
const WRITERS = 8;
const PER_WRITER = 300;
const ROUNDS = 7;

function event(writer: number, n: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'BenchEventRecorded',
    data: { writer, n, note: 'a payload of roughly the size of a domain event', amount: 1234, tags: ['a', 'b'] },
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'system', id: 'bench' },
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

async function appendRound(store: EventStore, perWriter: number, round: string): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      const stream = `bench-${round}-${w}-${randomUUID()}`;
      let expected: bigint | 'no_stream' = 'no_stream';
      for (let n = 0; n < perWriter; n++) expected = (await store.append(stream, [event(w, n)], expected)).nextExpectedRevision;
    }),
  );
  return (WRITERS * perWriter) / ((performance.now() - started) / 1000);
}

export async function benchSealingOverhead(log: (line: string) => void): Promise<Record<string, number>> {
  const db = await createTestDatabase('roar_bench_seal');
  if (!db) throw new Error('bench: no PostgreSQL server reachable (set DATABASE_URL or start one on 127.0.0.1:5432)');
  const sql = createPgSql({ connectionString: db.url, max: WRITERS + 4, applicationName: 'roar-bench-seal' });
  try {
    const store = await createPostgresEventStore(sql);
    await migrateTransparency(sql);
    // The projector-role process exists either way; only its sealer is switched on and off.
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', new URL('./sealer-process.ts', import.meta.url).pathname, db.url], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let said = '';
    const waiting: Array<{ word: string; resolve: () => void }> = [];
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      for (const w of [...waiting]) {
        const at = said.indexOf(`${w.word}\n`);
        if (at >= 0) {
          said = said.slice(at + w.word.length + 1);
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve();
        }
      }
    });
    const answer = (word: string) => new Promise<void>((resolve) => waiting.push({ word, resolve }));
    const ready = answer('ready');
    child.stdout!.emit('data', Buffer.alloc(0));
    await ready;
    const sealer = {
      start: async () => {
        const done = answer('active');
        child.stdin!.write('start\n');
        await done;
      },
      stop: async () => {
        const done = answer('stopped');
        child.stdin!.write('stop\n');
        await done;
      },
    };
    const caughtUp = async () => {
      const total = (await sql.query<{ n: string }>('select count(*)::text as n from es.events')).rows[0]!.n;
      while ((await readSealedState(sql)).size < Number(total)) await new Promise((r) => setTimeout(r, 20));
    };
    await appendRound(store, 20, 'warm-off');
    await sealer.start();
    await appendRound(store, 20, 'warm-on');
    await caughtUp();
    await sealer.stop();
    const pairs: { on: number; off: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      const pair = { on: 0, off: 0 };
      for (const side of order) {
        if (side === 'on') await sealer.start();
        pair[side] = await appendRound(store, PER_WRITER, `${round}-${side}`);
        if (side === 'on') {
          await caughtUp();
          await sealer.stop();
        }
      }
      pairs.push(pair);
    }
    pairs.sort((a, b) => a.on / a.off - b.on / b.off);
    const median = pairs[Math.floor(pairs.length / 2)]!;
    const ratio = median.on / median.off;
    const heads = Number((await sql.query<{ n: string }>('select count(*)::text as n from transparency.tree_heads')).rows[0]!.n);
    log(`sealing (postgres, ${WRITERS} writers x ${PER_WRITER} single-event appends, median of ${ROUNDS} paired rounds)`);
    log(`  ${'append, sealer off'.padEnd(28)} ${median.off.toFixed(0).padStart(8)} events/s`);
    log(`  ${'append, sealer on'.padEnd(28)} ${median.on.toFixed(0).padStart(8)} events/s`);
    log(`  ${'ratio'.padEnd(28)} ${ratio.toFixed(2).padStart(8)}   (target >= 0.90: ${ratio >= 0.9 ? 'met' : 'NOT met'})`);
    log(`  ${'ratio per round'.padEnd(28)} ${pairs.map((p) => (p.on / p.off).toFixed(2)).join(' ')}`);
    log(`  ${'tree heads signed'.padEnd(28)} ${heads}`);
    child.stdin!.end();
    await new Promise((resolve) => child.once('exit', resolve));
    await store.close();
    return {
      sealing_pg_off_events_per_s: Math.round(median.off),
      sealing_pg_on_events_per_s: Math.round(median.on),
      sealing_pg_ratio: Number(ratio.toFixed(3)),
    };
  } finally {
    await sql.close();
    await db.drop();
  }
}

export async function benchProof(log: (line: string) => void): Promise<Record<string, number>> {
  const leaves = Number(process.env.BENCH_TRANSPARENCY_LEAVES ?? 10_000_000);
  const db = await createTestDatabase('roar_bench_proof');
  if (!db) throw new Error('bench: no PostgreSQL server reachable');
  const sql = createPgSql({ connectionString: db.url, max: 2, applicationName: 'roar-bench-proof' });
  try {
    await migrateTransparency(sql);
    await sql.exec('alter table transparency.nodes set unlogged');
    const built = performance.now();
    // Leaf i hashes SHA-256(0x00 || i as 8 bytes); each level pairs the one below (RFC 9162 nodes).
    await sql.query(
      `insert into transparency.nodes (level, node_index, hash)
       select 0, i, sha256('\\x00'::bytea || int8send(i)) from generate_series(0::bigint, $1::bigint - 1) as i`,
      [leaves],
    );
    let width = leaves;
    for (let level = 1; width > 1; level++) {
      await sql.query(
        `insert into transparency.nodes (level, node_index, hash)
         select $1, a.node_index / 2, sha256('\\x01'::bytea || a.hash || b.hash)
         from transparency.nodes a join transparency.nodes b on b.level = a.level and b.node_index = a.node_index + 1
         where a.level = $1 - 1 and a.node_index % 2 = 0`,
        [level],
      );
      width = Math.floor(width / 2);
    }
    await sql.exec('analyze transparency.nodes');
    const buildSeconds = (performance.now() - built) / 1000;
    const root = await storedRoot(sql, leaves);
    const samples: number[] = [];
    const COUNT = 200;
    for (let k = 0; k < COUNT + 20; k++) {
      // Half the proofs in an earlier, smaller tree; the leaf is always one that tree holds.
      const size = k % 2 === 0 ? leaves : leaves - Math.floor(Math.random() * 1000);
      const position = Math.floor(Math.random() * size);
      const started = performance.now();
      const proof = await storedInclusionProof(sql, position, size);
      const ms = performance.now() - started;
      if (k >= 20) samples.push(ms);
      if (size === leaves) {
        const leaf = Buffer.alloc(8);
        leaf.writeBigInt64BE(BigInt(position));
        if (!verifyInclusion(position, size, leafHash(leaf), proof, root)) throw new Error(`bench: the proof of ${position} does not verify`);
      }
    }
    samples.sort((a, b) => a - b);
    const p50 = samples[Math.floor(samples.length / 2)]!;
    const p99 = samples[Math.floor(samples.length * 0.99)]!;
    log(`inclusion proof in a log of ${leaves.toLocaleString('en-AU')} leaves (node table synthesised in ${buildSeconds.toFixed(0)} s)`);
    log(`  ${'build one proof, p50'.padEnd(28)} ${p50.toFixed(2).padStart(8)} ms`);
    log(`  ${'build one proof, p99'.padEnd(28)} ${p99.toFixed(2).padStart(8)} ms   (${COUNT} random positions, every full-size proof verified)`);
    return { proof_leaves: leaves, proof_p50_ms: Number(p50.toFixed(2)), proof_p99_ms: Number(p99.toFixed(2)) };
  } finally {
    await sql.close();
    await db.drop();
  }
}

export async function benchTransparency(log: (line: string) => void): Promise<Record<string, number>> {
  return { ...(await benchSealingOverhead(log)), ...(await benchProof(log)) };
}
