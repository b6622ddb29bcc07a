import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPgliteSql } from '../src/db';
import { createLogger } from '../src/logger';
import { auditLog, sealOnce, signingKeyFromPem } from '../src/transparency';
import {
  comparePositions,
  defineEvent,
  EventRegistry,
  InvalidEventError,
  payloadFields,
  validatingStore,
  WrongExpectedRevisionError,
  type EventFields,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../src/eventstore';

/** An adapter under test and how to release what it holds. */
export interface OpenedStore {
  readonly store: EventStore;
  close(): Promise<void>;
}

export const probeRecorded = defineEvent('ProbeRecorded', z.object({ writer: z.number().int(), n: z.number().int() }).strict());

export function probe(writer: number, n: number, type: string = probeRecorded.type): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { writer, n },
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'system', id: 'contract-test' },
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** Each test writes to its own streams, so suites may share a server (EventStoreDB). */
export const uniqueStream = (label: string): string => `${label}-${randomUUID()}`;

/** Every position strictly after the one before it. */
export function expectStrictlyIncreasing(events: readonly RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    const prev = events[i - 1]!.position;
    const cur = events[i]!.position;
    if (comparePositions(prev, cur) >= 0) {
      throw new Error(`position ${i} (${cur.commit}/${cur.prepare}) is not after ${prev.commit}/${prev.prepare}`);
    }
  }
}

/** Reads $all after `from` to the end in pages of `page`. */
export async function readAllAfter(store: EventStore, from: Position, page = 500): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let last = from;
  for (;;) {
    const batch = await store.readAll(last, page);
    out.push(...batch);
    if (batch.length < page) return out;
    last = batch[batch.length - 1]!.position;
  }
}

/**
 * $all is eventually visible: on PostgreSQL an event shows once every transaction older than its
 * own has ended, anywhere on the server (another suite's open transaction delays it). So a reader
 * waits for the events it expects instead of assuming they are there the moment append returns.
 */
export async function readAllUntil(store: EventStore, from: Position, count: number, page = 500): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const events = await readAllAfter(store, from, page);
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The behaviour every EventStore adapter must have. `open` returns null when the adapter cannot
 * start here; callers decide beforehand whether that is allowed (CI requires its services).
 */
export function eventStoreContract(label: string, open: () => Promise<OpenedStore>): void {
  describe(`EventStore contract: ${label}`, () => {
    let opened: OpenedStore;
    let store: EventStore;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('lets exactly one of two writers at the same expected revision win', async () => {
      const stream = uniqueStream('occ');
      const first = await store.append(stream, [probe(0, 0)], 'no_stream');
      expect(first.nextExpectedRevision).toBe(0n);
      const results = await Promise.allSettled([store.append(stream, [probe(1, 1)], 0n), store.append(stream, [probe(2, 1)], 0n)]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((lost[0]!.reason as WrongExpectedRevisionError).actual).toBe(1n);
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0n, 1n]);
    });

    it("lets exactly one of two 'no_stream' writers create a stream", async () => {
      const stream = uniqueStream('nostream');
      const results = await Promise.allSettled([store.append(stream, [probe(1, 0)], 'no_stream'), store.append(stream, [probe(2, 0)], 'no_stream')]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(lost?.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it("honours 'stream_exists', 'any' and a stale revision", async () => {
      const stream = uniqueStream('modes');
      await expect(store.append(stream, [probe(0, 0)], 'stream_exists')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.append(stream, [probe(0, 0)], 'any')).nextExpectedRevision).toBe(0n);
      expect((await store.append(stream, [probe(0, 1), probe(0, 2)], 'stream_exists')).nextExpectedRevision).toBe(2n);
      expect((await store.append(stream, [probe(0, 3)], 'any')).nextExpectedRevision).toBe(3n);
      const stale = await store.append(stream, [probe(0, 4)], 1n).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
      expect((stale as WrongExpectedRevisionError).actual).toBe(3n);
      await expect(store.append(stream, [probe(0, 4)], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(4);
    });

    it('reads a stream in order with revisions 0..n, from a revision, and [] for a missing stream', async () => {
      const stream = uniqueStream('order');
      const written = [probe(0, 0), probe(0, 1), probe(0, 2), probe(0, 3), probe(0, 4)];
      await store.append(stream, written.slice(0, 3), 'no_stream');
      const second = await store.append(stream, written.slice(3), 2n);
      expect(second.nextExpectedRevision).toBe(4n);
      const read = await store.readStream(stream);
      expect(read.map((e) => e.id)).toEqual(written.map((e) => e.id));
      expect(read.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(read.every((e) => e.streamId === stream && e.type === probeRecorded.type)).toBe(true);
      expect(read[4]!.data).toEqual({ writer: 0, n: 4 });
      expect(read[4]!.metadata).toEqual(written[4]!.metadata);
      expect(Number.isNaN(Date.parse(read[0]!.recordedAt))).toBe(false);
      expectStrictlyIncreasing(read);
      expect(comparePositions(second.position, read[4]!.position)).toBe(0);
      expect((await store.readStream(stream, 3n)).map((e) => e.revision)).toEqual([3n, 4n]);
      expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
    });

    it('reads $all after a position in global order, in pages, and reports the head', async () => {
      const head = await store.headPosition();
      const streams = [uniqueStream('all-a'), uniqueStream('all-b'), uniqueStream('all-c')];
      const written: NewEvent[] = [];
      for (let i = 0; i < 7; i++) {
        const e = probe(i % 3, i);
        written.push(e);
        await store.append(streams[i % 3]!, [e], 'any');
      }
      const all = await readAllUntil(store, head, written.length);
      expect(all.map((e) => e.id)).toEqual(written.map((e) => e.id));
      expectStrictlyIncreasing(all);
      const paged = await readAllAfter(store, head, 2);
      expect(paged.map((e) => e.id)).toEqual(written.map((e) => e.id));
      expect(comparePositions(await store.headPosition(), all[all.length - 1]!.position)).toBe(0);
      expect(await store.readAll(all[all.length - 1]!.position, 10)).toEqual([]);
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('reads only the asked event types up to and including a position, in pages, in global order', async () => {
      const head = await store.headPosition();
      const stream = uniqueStream('typed');
      const kinds = ['TypedWanted', 'TypedSkipped', 'TypedOther'];
      const written: NewEvent[] = [];
      for (let i = 0; i < 9; i++) {
        const e = probe(0, i, kinds[i % 3]);
        written.push(e);
        await store.append(stream, [e], 'any');
      }
      const recorded = await readAllUntil(store, head, written.length);
      const until = recorded[7]!.position; // the 8th event: the 9th (a TypedWanted) lies beyond it
      const pages: RecordedEvent[][] = [];
      let after = head;
      for (;;) {
        const page = await store.readTypesUpTo(after, until, ['TypedWanted', 'TypedOther'], 2);
        expect(page.complete).toBe(true);
        pages.push(page.events);
        if (page.events.length < 2) break;
        after = page.events[page.events.length - 1]!.position;
      }
      const read = pages.flat();
      const expected = written.slice(0, 8).filter((e) => e.type !== 'TypedSkipped');
      expect(read.map((e) => e.id)).toEqual(expected.map((e) => e.id));
      expect(read.map((e) => e.type)).toEqual(['TypedWanted', 'TypedOther', 'TypedWanted', 'TypedOther', 'TypedWanted']);
      expect(read[0]!.data).toEqual({ writer: 0, n: 0 });
      expectStrictlyIncreasing(read);
      const inclusive = await store.readTypesUpTo(recorded[5]!.position, recorded[6]!.position, ['TypedWanted'], 10);
      expect(inclusive.events.map((e) => e.id)).toEqual([written[6]!.id]);
      expect((await store.readTypesUpTo(until, until, ['TypedWanted'], 10)).events).toEqual([]);
      expect((await store.readTypesUpTo(head, until, ['NoSuchType'], 10)).events).toEqual([]);
    });

    it('reads chosen payload fields of the asked types as readTypesUpTo reads whole events: same events, pages and positions', async () => {
      const head = await store.headPosition();
      const stream = uniqueStream('fields');
      const payloads: unknown[] = [
        { memberId: 'm1', tier: { bonus_draws: true, weekly_draws: false, items: ['a', 'b'] }, periodEnd: '2026-12-01T00:00:00.000Z', extra: 'x' },
        { memberId: 'm2', tier: 'not an object', count: 5 },
        { memberId: null, count: 1.5, prizeId: 'p1' },
        { teamId: 't1', memberIds: ['a', 'b'], tier: { bonus_draws: { nested: [1, 2] } } },
        ['not', 'an', 'object'],
        { memberId: 'm3', 'dotted.key': 1 },
        // JSON text's corners: escapes (a quote, a backslash, a newline, a tab, the unit separator), non-ASCII, numbers in every form.
        { memberId: 'say "hi"\\ there\nnext\tline\u001f end, café 🏌', count: -12.5e3, periodEnd: '', teamId: 'null', memberIds: [] },
        { memberId: 'true', count: 9007199254740991, prizeId: '-1', tier: { bonus_draws: false, weekly_draws: null } },
      ];
      const written: NewEvent[] = payloads.map((data, i) => ({ ...probe(0, i, i % 2 === 0 ? 'FieldsWanted' : 'FieldsOther'), data }));
      written.splice(3, 0, probe(0, 99, 'FieldsSkipped'));
      for (const e of written) await store.append(stream, [e], 'any');
      const recorded = await readAllUntil(store, head, written.length);
      const until = recorded[recorded.length - 1]!.position;
      const fields = {
        FieldsWanted: ['memberId', 'tier.bonus_draws', 'tier.weekly_draws', 'periodEnd', 'count'],
        FieldsOther: ['memberId', 'teamId', 'memberIds', 'count', 'prizeId'],
      };
      const whole = (await store.readTypesUpTo(head, until, Object.keys(fields), 100)).events;
      const pages: EventFields[][] = [];
      let after = head;
      for (;;) {
        const page = await store.readTypeFieldsUpTo(after, until, fields, 2);
        expect(page.complete).toBe(true);
        pages.push(page.events);
        if (page.events.length < 2 || !page.last) break;
        expect(page.last).toEqual(whole[pages.flat().length - 1]!.position);
        after = page.last;
      }
      const read = pages.flat();
      expect(whole.map((e) => e.type)).toEqual([
        'FieldsWanted',
        'FieldsOther',
        'FieldsWanted',
        'FieldsOther',
        'FieldsWanted',
        'FieldsOther',
        'FieldsWanted',
        'FieldsOther',
      ]);
      expect(read).toEqual(
        whole.map((e) => ({ type: e.type, data: payloadFields(e.data, fields[e.type as keyof typeof fields]), occurredAt: e.metadata.occurredAt })),
      );
      expect(read[0]!.data).toEqual({
        memberId: 'm1',
        tier: { bonus_draws: true, weekly_draws: false },
        periodEnd: '2026-12-01T00:00:00.000Z',
        count: null,
      });
      expect(read[1]!.data).toEqual({ memberId: 'm2', teamId: null, memberIds: null, count: 5, prizeId: null });
      expect(read[4]!.data).toEqual({ memberId: null, tier: { bonus_draws: null, weekly_draws: null }, periodEnd: null, count: null });
      expect(read[6]!.data).toEqual({
        memberId: 'say "hi"\\ there\nnext\tline\u001f end, café 🏌',
        tier: { bonus_draws: null, weekly_draws: null },
        periodEnd: '',
        count: -12500,
      });
      expect(read[7]!.data).toEqual({ memberId: 'true', teamId: null, memberIds: null, count: 9007199254740991, prizeId: '-1' });
      expect((await store.readTypeFieldsUpTo(until, until, fields, 10)).events).toEqual([]);
      expect((await store.readTypeFieldsUpTo(head, until, {}, 10)).events).toEqual([]);
    });

    it('refuses, through the registry, a payload that fails its schema before it reaches the store', async () => {
      const registry = new EventRegistry().register(probeRecorded);
      const checked = validatingStore(store, registry);
      const stream = uniqueStream('invalid');
      const bad: NewEvent = { ...probe(0, 0), data: { writer: 'zero', n: 0 } };
      await expect(checked.append(stream, [probe(0, 0), bad], 'no_stream')).rejects.toBeInstanceOf(InvalidEventError);
      await expect(checked.append(stream, [probe(0, 0, 'NotRegistered')], 'no_stream')).rejects.toBeInstanceOf(InvalidEventError);
      expect(await store.readStream(stream)).toEqual([]);
      await checked.append(stream, [probe(0, 0)], 'no_stream');
      expect(await checked.readStream(stream)).toHaveLength(1);
    });

    it('delivers to a live subscriber every event of 8 concurrent writers exactly once, in global order', async () => {
      const writers = 8;
      const perWriter = 200;
      const head = await store.headPosition();
      const received: RecordedEvent[] = [];
      let inHandler = false;
      let overlapped = false;
      const sub = store.subscribe(
        head,
        async (batch) => {
          if (inHandler) overlapped = true;
          inHandler = true;
          received.push(...batch);
          // A handler that yields: the next batch must wait for it.
          await new Promise((resolve) => setImmediate(resolve));
          inHandler = false;
        },
        { batchSize: 100 },
      );
      const appended: NewEvent[] = [];
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const stream = uniqueStream(`writer${w}`);
          let expected: bigint | 'no_stream' = 'no_stream';
          let n = 0;
          while (n < perWriter) {
            // Mostly single events, every fifth append carries three.
            const size = Math.min(n % 5 === 4 ? 3 : 1, perWriter - n);
            const events = Array.from({ length: size }, (_, i) => probe(w, n + i));
            const r = await store.append(stream, events, expected);
            appended.push(...events);
            expected = r.nextExpectedRevision;
            n += size;
          }
        }),
      );
      const total = writers * perWriter;
      expect(appended).toHaveLength(total);
      await expect.poll(() => received.length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(total);
      // Give a duplicate the chance to show up before stopping.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sub.stop();

      const mine = received.filter((e) => e.type === probeRecorded.type);
      expect(overlapped).toBe(false);
      expect(mine).toHaveLength(total);
      expect(new Set(mine.map((e) => e.id))).toEqual(new Set(appended.map((e) => e.id)));
      expectStrictlyIncreasing(received);
      // The live order is the order a later reader of $all sees.
      const replay = await readAllUntil(store, head, received.length);
      expect(received.map((e) => e.id)).toEqual(replay.slice(0, received.length).map((e) => e.id));
    });

    it('is sealed and audited through readAll: audit:log says VERIFIED for the whole log on this adapter', async () => {
      // The tree's tables live in a PostgreSQL of their own (PGlite here): the sealer and the audit read
      // the events through the store's readAll only, so the same code serves every adapter.
      const sql = await createPgliteSql(null);
      try {
        const key = signingKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
        const stream = uniqueStream('sealed');
        for (let n = 0; n < 5; n++) await store.append(stream, [probe(n, n)], 'any');
        const head = await sealOnce({ sql, store, key, logger: createLogger('silent') });
        expect(head?.treeSize).toBeGreaterThanOrEqual(5);
        const report = await auditLog({ sql, store, publicKey: key.publicKey });
        expect(report.differences).toEqual([]);
        expect(report.verified).toBe(true);
      } finally {
        await sql.close();
      }
    });
  });
}
