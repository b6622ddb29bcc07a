import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, createPostgresEventStore, START, type Position } from '@roar/platform';
import { countedEvents, countingProjector, event, openBackend, silent, testDatabase, type Backend } from '../../test/helpers';
import { readCheckpoint } from './checkpoints';
import { createProjectionDaemon } from './daemon';
import { ProjectorBusyError } from './lock';
import { checkpointLags, describeLag } from './lag';
import { rebuildProjector } from './rebuild';

const db = await testDatabase();

async function appendMany(backend: Backend, stream: string, n: number): Promise<Position> {
  let last: Position = START;
  for (let i = 0; i < n; i += 50) {
    const events = Array.from({ length: Math.min(50, n - i) }, (_, j) => event('Ping', { i: i + j }));
    last = (await backend.store.append(stream, events, 'any')).position;
  }
  return last;
}

describe.skipIf(!db)('projection daemon on PostgreSQL', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await openBackend('postgres', db);
  });
  afterAll(async () => {
    await backend?.close();
    await db?.drop();
  });

  it('stores the checkpoint with the batch and resumes after a restart without applying twice', async () => {
    const head = await appendMany(backend, 'ping-1', 230);
    const first = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [countingProjector], logger: silent, batchSize: 40 });
    await first.start();
    expect(await first.waitFor(head, 10_000)).toBe(true);
    expect((await readCheckpoint(backend.sql, 'event_count'))?.position).toEqual(head);
    expect(await countedEvents(backend.sql)).toBe(230);
    await first.stop();

    const more = await appendMany(backend, 'ping-1', 70);
    const second = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [countingProjector], logger: silent, batchSize: 40 });
    await second.start();
    expect(await second.waitFor(more, 10_000)).toBe(true);
    expect(await countedEvents(backend.sql)).toBe(300);
    await second.stop();
  });

  it('waitFor answers false at its timeout when a position is not reached', async () => {
    const daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [countingProjector], logger: silent });
    const started = Date.now();
    expect(await daemon.waitFor({ commit: 10n ** 15n, prepare: 0n }, 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('keeps one active instance per projector across processes; the standby takes over and waitFor sees the other process', async () => {
    const otherPool = createPgSql({ connectionString: db!.url, max: 4 });
    const otherStore = await createPostgresEventStore(otherPool, { pollIntervalMs: 20 });
    const a = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [countingProjector], logger: silent, lockRetryMs: 100 });
    const b = createProjectionDaemon({ sql: otherPool, store: otherStore, projectors: [countingProjector], logger: silent, lockRetryMs: 100 });
    try {
      await a.start();
      // a holds the lock before b asks for it: wait for the state, not for a head start in time.
      await expect.poll(async () => (await a.status())[0]!.state).toBe('active');
      await b.start();
      await expect.poll(async () => (await b.status())[0]!.state).toBe('standby');
      const head = await appendMany(backend, 'ping-2', 120);
      // b applies nothing itself, yet sees a's checkpoint through the table.
      expect(await b.waitFor(head, 10_000)).toBe(true);
      const states = [(await a.status())[0]!.state, (await b.status())[0]!.state];
      expect(states).toEqual(['active', 'standby']);
      await expect(rebuildProjector({ sql: otherPool, store: otherStore, projector: countingProjector, logger: silent })).rejects.toBeInstanceOf(
        ProjectorBusyError,
      );
      await expect(b.rebuild('event_count')).rejects.toBeInstanceOf(ProjectorBusyError);

      await a.stop();
      const later = await appendMany(backend, 'ping-2', 60);
      expect(await b.waitFor(later, 10_000)).toBe(true);
      expect((await b.status())[0]!.state).toBe('active');
      expect(await countedEvents(backend.sql)).toBe(480);
    } finally {
      await a.stop();
      await b.stop();
      await otherPool.close();
    }
  });

  it('rebuilds a projector whose version changed, on start', async () => {
    await backend.sql.query('update read.event_count set n = 1 where id = 1');
    const v2 = { ...countingProjector, version: 2 };
    const daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [v2], logger: silent });
    await daemon.start();
    try {
      expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
      expect(await countedEvents(backend.sql)).toBe(480);
      expect((await daemon.status())[0]).toMatchObject({ storedVersion: 2, version: 2, state: 'active' });
      const rebuilt = await daemon.rebuild('event_count');
      expect(rebuilt.events).toBe(480);
      expect(await countedEvents(backend.sql)).toBe(480);
    } finally {
      await daemon.stop();
    }
  });

  it('a gathering projector writes many appends in one batch, and a wait for it cuts the gathering short', async () => {
    let batches = 0;
    let applied = 0;
    // Gathers for ten minutes after each batch it writes: far longer than the waits below, so a wait
    // that answers true can only have cut the gathering short (no bound on elapsed time needed).
    const gathering = {
      ...countingProjector,
      name: 'event_count_gathered',
      gatherMs: 600_000,
      apply: async (...args: Parameters<typeof countingProjector.apply>) => {
        batches += 1;
        applied += args[1].length;
        await countingProjector.apply(...args);
      },
    };
    const daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [gathering], logger: silent });
    await daemon.start();
    try {
      expect(await daemon.waitFor(await backend.store.headPosition(), 30_000)).toBe(true);
      // One append waited for: once the wait sees it applied, the worker is gathering after that batch
      // (it sets its position and starts the pause in one step).
      const primer = (await backend.store.append('ping-gather', [event('Ping', { i: -1 })], 'any')).position;
      expect(await daemon.waitFor(primer, 30_000)).toBe(true);
      const before = { batches, applied };
      // Twenty appends one at a time while nobody waits: gathered, none written.
      let last: Position = START;
      for (let i = 0; i < 20; i++) last = (await backend.store.append('ping-gather', [event('Ping', { i })], 'any')).position;
      expect(applied - before.applied).toBe(0);
      // A wait hurries the gathering: the twenty are written together, in one batch.
      expect(await daemon.waitFor(last, 30_000)).toBe(true);
      expect(applied - before.applied).toBe(20);
      expect(batches - before.batches).toBe(1);
    } finally {
      await daemon.stop();
    }
  });

  it('writes the checkpoint it deferred over ignored events once the log is quiet: status reads "at head"', async () => {
    // Handles Ping only: the Pongs after its last Ping are batches it ignores (checkpoint deferred).
    const pingsOnly = { ...countingProjector, name: 'pings_only', handles: ['Ping'] };
    const daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [pingsOnly], logger: silent, batchSize: 10 });
    await daemon.start();
    try {
      const ping = (await backend.store.append('ping-quiet', [event('Ping', {})], 'any')).position;
      expect(await daemon.waitFor(ping, 10_000)).toBe(true);
      // A busy spell of events it ignores, then nothing.
      for (let i = 0; i < 5; i++)
        await backend.store.append(
          'pong-quiet',
          Array.from({ length: 7 }, (_, j) => event('Pong', { i, j })),
          'any',
        );
      const lag = async () => (await checkpointLags(backend.sql)).find((l) => l.name === 'pings_only');
      await expect.poll(async () => (await lag())?.behind).toBe(0);
      expect(describeLag((await lag())!)).toBe('at head');
      expect((await readCheckpoint(backend.sql, 'pings_only'))?.position).toEqual(await backend.store.headPosition());
    } finally {
      await daemon.stop();
    }
  });

  it('readModelVersion moves only when a batch of the types asked for is applied, not when the checkpoint passes over ignored events', async () => {
    // Handles Ping and Pang; Pongs are the rest of the log (for the shop: every member's cart saves).
    const pingPang = { ...countingProjector, name: 'ping_pang', handles: ['Ping', 'Pang'] };
    const start = () => createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [pingPang], logger: silent, batchSize: 10 });
    let daemon = start();
    await daemon.start();
    try {
      expect(await daemon.waitFor((await backend.store.append('ping-version', [event('Ping', {})], 'any')).position, 10_000)).toBe(true);
      const versions = async () => ({
        any: await daemon.readModelVersion(['ping_pang']),
        ping: await daemon.readModelVersion(['ping_pang'], ['Ping']),
        pang: await daemon.readModelVersion(['ping_pang'], ['Pang']),
      });
      const first = await versions();
      // Events it ignores: the stored checkpoint moves over them (once the log is quiet), the versions do not.
      for (let i = 0; i < 3; i++) await backend.store.append('pong-version', [event('Pong', { i })], 'any');
      const head = await backend.store.headPosition();
      await expect.poll(async () => (await readCheckpoint(backend.sql, 'ping_pang'))?.position, { timeout: 10_000 }).toEqual(head);
      expect(await versions()).toEqual(first);
      // A Pang: the versions of any type and of Pang move, the version of Ping alone stays.
      expect(await daemon.waitFor((await backend.store.append('pang-version', [event('Pang', {})], 'any')).position, 10_000)).toBe(true);
      const second = await versions();
      expect(second.ping).toBe(first.ping);
      expect(second.pang).not.toBe(first.pang);
      expect(second.any).not.toBe(first.any);
      // Another run of the projector (a restart, as after a rebuild or a standby spell) moves them all.
      await daemon.stop();
      daemon = start();
      await daemon.start();
      await expect.poll(async () => (await daemon.status())[0]!.state, { timeout: 10_000 }).toBe('active');
      const third = await versions();
      for (const k of ['any', 'ping', 'pang'] as const) expect([first[k], second[k]]).not.toContain(third[k]);
    } finally {
      await daemon.stop();
    }
  });
});
