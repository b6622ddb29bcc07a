import { generateKeyPairSync, randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPgliteSql, createPgSql, type Sql } from '../src/db';
import {
  createPostgresEventStore,
  defineEvent,
  EventRegistry,
  START,
  validatingStore,
  type EventStore,
  type FieldsPage,
  type NewEvent,
  type RecordedEvent,
  type TypedPage,
} from '../src/eventstore';
import { createLogger, type Logger } from '../src/logger';
import {
  createPersonalDataKeyStore,
  erasedValue,
  ERASED_NAME,
  isSealedValue,
  migratePlainPersonalData,
  openValue,
  protectingStore,
  sealValue,
  type PersonalDataKeyStore,
  type PersonalFieldKind,
} from '../src/personal-data';
import { createTestDatabase, findPostgres, servicesRequired, TEST_PERSONAL_DATA_MASTER_KEY, type TestDatabase } from '../src/testing';
import { auditLog, sealOnce, signingKeyFromPem, type SigningKey } from '../src/transparency';

const postgresAdmin = await findPostgres();
if (!postgresAdmin && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

const silent = createLogger('silent');
const newSigningKey = (): SigningKey =>
  signingKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());

/** A logger whose warnings and errors the test reads. */
function capturingLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void out.push(line) });
  return { logger, lines: () => out.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

// A small registry with personal specs (pd-fields declares the real ones on the domain's events).
const PersonRegistered = defineEvent(
  'PersonRegistered',
  z
    .object({
      memberId: z.string().min(1),
      name: z.string().min(1),
      email: z.email(),
      phone: z.string().regex(/^\+?\d{6,15}$/),
      dob: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      note: z.string().nullable(),
      amount_cents: z.number().int(),
    })
    .strict(),
  { personal: { subject: 'memberId', fields: { name: 'name', email: 'email', phone: 'text', dob: 'date', note: 'text' } } },
);
const WinnersAnnounced = defineEvent(
  'WinnersAnnounced',
  z.object({ prizeId: z.string(), winners: z.array(z.object({ memberId: z.string(), name: z.string(), ticket: z.number() }).strict()) }).strict(),
  { personal: { each: 'winners', subject: 'memberId', fields: { name: 'name' } } },
);
const AddressChanged = defineEvent(
  'AddressChanged',
  z.object({ memberId: z.string(), address: z.object({ street: z.string(), postcode: z.string() }).strict() }).strict(),
  { personal: { subject: 'memberId', fields: { address: 'text' } } },
);
const ThingCounted = defineEvent('ThingCounted', z.object({ n: z.number() }).strict());
const registry = new EventRegistry().register(PersonRegistered, WinnersAnnounced, AddressChanged, ThingCounted);

const meta = () => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: { type: 'system' as const, id: 'test' },
  occurredAt: new Date(0).toISOString(),
  schemaVersion: 1,
});
const person = (memberId: string, n = 1): NewEvent => ({
  id: randomUUID(),
  type: 'PersonRegistered',
  data: {
    memberId,
    name: `Sam Plainname${n}`,
    email: `sam.plain${n}@example.test`,
    phone: '+61400111222',
    dob: '1990-05-17',
    note: null,
    amount_cents: 1234,
  },
  metadata: meta(),
});
const winners = (...list: [string, string][]): NewEvent => ({
  id: randomUUID(),
  type: 'WinnersAnnounced',
  data: { prizeId: 'prize-1', winners: list.map(([memberId, name], i) => ({ memberId, name, ticket: i + 1 })) },
  metadata: meta(),
});
const counted = (n: number): NewEvent => ({ id: randomUUID(), type: 'ThingCounted', data: { n }, metadata: meta() });

/** The whole log once `count` events are visible (PostgreSQL shows a read only what no running transaction may still precede). */
async function readEverything(store: EventStore, count: number): Promise<RecordedEvent[]> {
  let events: RecordedEvent[] = [];
  await expect.poll(async () => (events = await store.readAll(START, 1000)).length).toBe(count);
  return events;
}

/** A page of the given types once the store says it is complete. */
async function typedPage(store: EventStore, types: readonly string[]): Promise<TypedPage> {
  let page: TypedPage = { events: [], complete: false };
  await expect.poll(async () => (page = await store.readTypesUpTo(START, await store.headPosition(), types, 100)).complete).toBe(true);
  return page;
}

async function fieldsPage(store: EventStore, fields: Readonly<Record<string, readonly string[]>>): Promise<FieldsPage> {
  let page: FieldsPage = { events: [], last: null, complete: false };
  await expect.poll(async () => (page = await store.readTypeFieldsUpTo(START, await store.headPosition(), fields, 100)).complete).toBe(true);
  return page;
}

describe('the cipher', () => {
  const key = Buffer.alloc(32, 3);
  const kinds: [PersonalFieldKind, unknown][] = [
    ['name', 'Zoë Ångström-Nguyễn'],
    ['email', 'zoe@example.test'],
    ['text', '12 Example St, Sydney NSW 2000\nflat 3 "rear"'],
    ['date', '1984-02-29'],
    ['text', { street: '1 Long Rd', postcode: '2000' }],
  ];
  it.each(kinds)('seals and opens a %s value', (_kind, value) => {
    const sealed = sealValue(key, 'member-1', value);
    expect(sealed.startsWith('pd1:')).toBe(true);
    expect(sealed).not.toContain(JSON.stringify(value).slice(1, 8));
    expect(openValue(key, 'member-1', sealed)).toEqual(value);
  });

  it('uses a fresh nonce for every value: the same value twice is stored differently', () => {
    const a = sealValue(key, 'member-1', 'Sam');
    const b = sealValue(key, 'member-1', 'Sam');
    expect(a).not.toBe(b);
    expect(
      Buffer.from(a.slice(4), 'base64url')
        .subarray(0, 12)
        .equals(Buffer.from(b.slice(4), 'base64url').subarray(0, 12)),
    ).toBe(false);
  });

  it("refuses to open with another member's id (associated data), another key or changed bytes", () => {
    const sealed = sealValue(key, 'member-1', 'Sam');
    expect(() => openValue(key, 'member-2', sealed)).toThrow();
    expect(() => openValue(Buffer.alloc(32, 4), 'member-1', sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(4), 'base64url');
    raw[14] = raw[14]! ^ 1;
    expect(() => openValue(key, 'member-1', `pd1:${raw.toString('base64url')}`)).toThrow();
  });
});

interface Backend {
  readonly name: string;
  open(): Promise<{ sql: Sql; base: EventStore; close: () => Promise<void>; url?: string }>;
}

const backends: Backend[] = [
  {
    name: 'pglite',
    async open() {
      const sql = await createPgliteSql(null);
      const base = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
      return {
        sql,
        base,
        close: async () => {
          await base.close();
          await sql.close();
        },
      };
    },
  },
  ...(postgresAdmin
    ? [
        {
          name: 'postgres',
          async open() {
            const db = (await createTestDatabase('roar_pd'))!;
            const sql = createPgSql({ connectionString: db.url, max: 6 });
            const base = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
            return {
              sql,
              base,
              url: db.url,
              close: async () => {
                await base.close();
                await sql.close();
                await db.drop();
              },
            };
          },
        },
      ]
    : []),
];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function setUp(backend: Backend, logger: Logger = silent) {
  const opened = await backend.open();
  const keys = await createPersonalDataKeyStore({ sql: opened.sql, masterKey: TEST_PERSONAL_DATA_MASTER_KEY, logger });
  const store = validatingStore(protectingStore(opened.base, registry, keys), registry);
  cleanups.push(async () => {
    await keys.close();
    await opened.close();
  });
  return { ...opened, keys, store };
}

async function rawRows(sql: Sql): Promise<string> {
  const r = await sql.query<{ data: unknown }>('select data from es.events order by global_position');
  return JSON.stringify(r.rows.map((row) => row.data));
}

for (const backend of backends) {
  describe(`the protecting store on ${backend.name}`, () => {
    it('stores ciphertext, reads plain values on every read path, and leaves other events and fields alone', async () => {
      const { sql, base, store } = await setUp(backend);
      await store.append('member-m1', [person('m1')], 'no_stream');
      await store.append('prize-1', [winners(['m1', 'Sam Plainname1'], ['m2', 'Alex Otherperson'])], 'no_stream');
      await store.append('count', [counted(1)], 'no_stream');

      const raw = await rawRows(sql);
      for (const plain of ['Plainname', 'sam.plain1@example.test', '61400111222', '1990-05-17', 'Otherperson']) expect(raw).not.toContain(plain);
      expect(raw).toContain('1234'); // amounts stay plain
      const [stored] = await base.readStream('member-m1');
      const data = stored!.data as Record<string, unknown>;
      for (const f of ['name', 'email', 'phone', 'dob']) expect(isSealedValue(data[f])).toBe(true);
      expect(data.note).toBeNull();
      expect(data.memberId).toBe('m1');

      const [read] = await store.readStream('member-m1');
      expect(read!.data).toEqual(person('m1').data);
      const all = await readEverything(store, 3);
      expect(all.map((e) => e.data)).toEqual([person('m1').data, winners(['m1', 'Sam Plainname1'], ['m2', 'Alex Otherperson']).data, { n: 1 }]);
      const typed = await typedPage(store, ['WinnersAnnounced']);
      expect((typed.events[0]!.data as { winners: { name: string }[] }).winners.map((w) => w.name)).toEqual(['Sam Plainname1', 'Alex Otherperson']);
      // Only the fields asked for come back, opened, though the subject was not asked for.
      const fields = await fieldsPage(store, { PersonRegistered: ['email', 'amount_cents'], WinnersAnnounced: ['winners'] });
      expect(fields.events.map((e) => e.data)).toEqual([
        { email: 'sam.plain1@example.test', amount_cents: 1234 },
        {
          winners: [
            { memberId: 'm1', name: 'Sam Plainname1', ticket: 1 },
            { memberId: 'm2', name: 'Alex Otherperson', ticket: 2 },
          ],
        },
      ]);
      // The stored (sealed) event, as the sealer reads it, is what the base store holds.
      expect(JSON.stringify((await readEverything(base, 3)).map((e) => e.data))).not.toContain('Plainname');
    });

    it('opens a path inside a sealed value (a reduced read of address.postcode)', async () => {
      const { store } = await setUp(backend);
      await store.append(
        'member-a1',
        [
          {
            id: randomUUID(),
            type: 'AddressChanged',
            data: { memberId: 'a1', address: { street: '1 Long Rd', postcode: '2000' } },
            metadata: meta(),
          },
        ],
        'no_stream',
      );
      const page = await fieldsPage(store, { AddressChanged: ['address.postcode'] });
      expect(page.events.map((e) => e.data)).toEqual([{ address: { postcode: '2000' } }]);
    });

    it('after erase, every read path gives the erased values; later appends store them; the key is gone for good', async () => {
      const { sql, store, keys } = await setUp(backend);
      await store.append('member-m1', [person('m1')], 'no_stream');
      await store.append('member-m2', [person('m2', 2)], 'no_stream');
      await store.append('prize-1', [winners(['m1', 'Sam Plainname1'], ['m2', 'Sam Plainname2'])], 'no_stream');
      const seen: RecordedEvent[] = [];
      const sub = store.subscribe(START, async (batch) => void seen.push(...batch));
      await expect.poll(() => seen.length).toBe(3);
      await sub.stop();
      expect(seen[0]!.data).toMatchObject({ name: 'Sam Plainname1' });

      expect(await keys.isErased('m1')).toBe(false);
      await keys.erase('m1');
      await keys.erase('m1'); // idempotent
      expect(await keys.isErased('m1')).toBe(true);
      const erased = {
        memberId: 'm1',
        name: ERASED_NAME,
        email: erasedValue('email', 'm1'),
        phone: ERASED_NAME,
        dob: '1900-01-01',
        note: null,
        amount_cents: 1234,
      };
      // readStream decodes through the registry: the phone placeholder fails its pattern and is accepted.
      expect((await store.readStream('member-m1'))[0]!.data).toEqual(erased);
      expect((await store.readStream('member-m2'))[0]!.data).toEqual(person('m2', 2).data);
      const all = await readEverything(store, 3);
      expect(all[0]!.data).toEqual(erased);
      expect(registry.decode(all[0]!).data).toEqual(erased);
      expect((all[2]!.data as { winners: { name: string }[] }).winners.map((w) => w.name)).toEqual([ERASED_NAME, 'Sam Plainname2']);
      const again: RecordedEvent[] = [];
      const sub2 = store.subscribe(START, async (batch) => void again.push(...batch));
      await expect.poll(() => again.length).toBe(3);
      await sub2.stop();
      expect(again[0]!.data).toEqual(erased);
      const fields = await fieldsPage(store, { PersonRegistered: ['name', 'dob'] });
      expect(fields.events.map((e) => e.data)).toEqual([
        { name: ERASED_NAME, dob: '1900-01-01' },
        { name: 'Sam Plainname2', dob: '1990-05-17' },
      ]);

      // A later event about the erased member stores the erased values, and makes no new key.
      await store.append('member-m1', [person('m1', 3)], 'any');
      const raw = await rawRows(sql);
      expect(raw).not.toContain('Plainname3');
      expect(raw).toContain(ERASED_NAME);
      const k = await sql.query<{ wrapped: boolean; erased: boolean }>(
        `select wrapped_key is not null as wrapped, erased_at is not null as erased from personal_data.member_keys where member_id = 'm1'`,
      );
      expect(k.rows).toEqual([{ wrapped: false, erased: true }]);
      // A schema failure that is not an erased placeholder still fails.
      expect(() => registry.decode({ ...all[1]!, data: { ...(all[1]!.data as object), phone: 'not a phone' } })).toThrow(/phone/);
    });

    it("reads a ciphertext copied into another member's event as erased, and logs it", async () => {
      const captured = capturingLogger();
      const { base, store } = await setUp(backend, captured.logger);
      await store.append('member-m1', [person('m1')], 'no_stream');
      await store.append('member-m2', [person('m2', 2)], 'no_stream');
      const [stolen] = await base.readStream('member-m1');
      // Written straight to the base store: m1's sealed name in an event about m2.
      await base.append(
        'member-m2',
        [{ ...person('m2', 2), data: { ...(person('m2', 2).data as object), name: (stolen!.data as { name: string }).name } }],
        'any',
      );
      const [, copied] = await store.readStream('member-m2');
      expect((copied!.data as { name: string }).name).toBe(ERASED_NAME);
      expect((copied!.data as { email: string }).email).toBe('sam.plain2@example.test');
      expect(captured.lines().some((l) => String(l.msg).includes('does not open') && l.memberId === 'm2' && l.path === 'name')).toBe(true);
    });

    it('refuses an event whose personal value names no member', async () => {
      const { base, keys } = await setUp(backend);
      const bad = { ...person('m1'), data: { ...(person('m1').data as object), memberId: '' } };
      await expect(protectingStore(base, registry, keys).append('x', [bad], 'any')).rejects.toThrow(/needs the member/);
      expect(await base.headPosition()).toEqual(START);
    });

    it('migrates plain personal data in place, idempotently, then the sealer and audit:log agree', async () => {
      const { sql, base, store, keys } = await setUp(backend);
      // Stored before the one encryption path: plain, straight into the base store.
      await base.append('member-m1', [person('m1')], 'no_stream');
      await base.append('member-m2', [person('m2', 2)], 'no_stream');
      await base.append('prize-1', [winners(['m1', 'Sam Plainname1'])], 'no_stream');
      await base.append('count', [counted(1)], 'no_stream');
      await keys.erase('m2');
      // Leaves sealed over the plain bytes but no head yet: the tree is discarded and sealed again.
      const signing = newSigningKey();
      await readEverything(base, 4);
      expect((await sealOnce({ sql, store: base, key: signing, logger: silent }))?.treeSize).toBe(4);
      await sql.query('delete from transparency.tree_heads');
      expect(await rawRows(sql)).toContain('Plainname1');

      const first = await migratePlainPersonalData({ sql, registry, keys, logger: silent, batchSize: 2 });
      expect(first).toMatchObject({ status: 'done', eventsScanned: 3, eventsRewritten: 3, valuesSealed: 4 + 4 + 1, valuesWithoutSubject: 0 });
      const raw = await rawRows(sql);
      for (const plain of ['Plainname', 'sam.plain', '61400111222', '1990-05-17']) expect(raw).not.toContain(plain);
      expect((await store.readStream('member-m1'))[0]!.data).toEqual(person('m1').data);
      expect((await store.readStream('member-m2'))[0]!.data).toMatchObject({ name: ERASED_NAME, dob: '1900-01-01' });
      expect((await sql.query('select 1 from transparency.leaves')).rows).toHaveLength(0);

      // Idempotent: recorded, so the next start reads nothing; forced to look again, it seals nothing.
      expect((await migratePlainPersonalData({ sql, registry, keys, logger: silent })).status).toBe('skipped');
      await sql.query('delete from personal_data.plain_migration');
      const before = await rawRows(sql);
      expect(await migratePlainPersonalData({ sql, registry, keys, logger: silent })).toMatchObject({
        status: 'done',
        eventsScanned: 3,
        eventsRewritten: 0,
      });
      expect(await rawRows(sql)).toBe(before);

      expect((await sealOnce({ sql, store: base, key: signing, logger: silent }))?.treeSize).toBe(4);
      await keys.erase('m1');
      const audit = await auditLog({ sql, store: base, publicKey: signing.publicKey });
      expect(audit.verified).toBe(true);
    });

    it('refuses to migrate once a tree head is signed, and leaves the data', async () => {
      const captured = capturingLogger();
      const { sql, base, keys } = await setUp(backend, captured.logger);
      await base.append('count', [counted(1)], 'no_stream');
      await base.append('member-m1', [person('m1')], 'no_stream');
      const signing = newSigningKey();
      await readEverything(base, 2);
      expect((await sealOnce({ sql, store: base, key: signing, logger: silent }))?.treeSize).toBe(2);
      const before = await rawRows(sql);
      const report = await migratePlainPersonalData({ sql, registry, keys, logger: captured.logger });
      expect(report.status).toBe('refused');
      expect(report.firstPlain).toMatchObject({ streamId: 'member-m1', type: 'PersonRegistered' });
      expect(await rawRows(sql)).toBe(before);
      expect(captured.lines().some((l) => String(l.msg).includes('personal data migration refused'))).toBe(true);
      expect((await sql.query('select 1 from personal_data.plain_migration')).rows).toHaveLength(0);
      expect((await auditLog({ sql, store: base, publicKey: signing.publicKey })).verified).toBe(true);
    });
  });
}

describe.skipIf(!postgresAdmin)('the key store across processes (PostgreSQL)', () => {
  let db: TestDatabase | null = null;
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
    await db?.drop();
    db = null;
  });

  async function twoProcesses(): Promise<{
    a: { sql: Sql; store: EventStore; keys: PersonalDataKeyStore };
    b: { sql: Sql; store: EventStore; keys: PersonalDataKeyStore };
  }> {
    db = await createTestDatabase('roar_pd_two');
    const one = async () => {
      const sql = createPgSql({ connectionString: db!.url, max: 10 });
      const base = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
      const keys = await createPersonalDataKeyStore({ sql, masterKey: TEST_PERSONAL_DATA_MASTER_KEY, logger: silent });
      open.push({ close: () => sql.close() }, { close: () => base.close() }, { close: () => keys.close() });
      return { sql, keys, store: validatingStore(protectingStore(base, registry, keys), registry) };
    };
    return { a: await one(), b: await one() };
  }

  it("sees an erasure made by another process, though it had the member's key cached", async () => {
    const { a, b } = await twoProcesses();
    await a.store.append('member-m1', [person('m1')], 'no_stream');
    expect((await b.store.readStream('member-m1'))[0]!.data).toMatchObject({ name: 'Sam Plainname1' }); // b caches m1's key
    await a.keys.erase('m1');
    await expect.poll(async () => ((await b.store.readStream('member-m1'))[0]!.data as { name: string }).name).toBe(ERASED_NAME);
    expect(await b.keys.isErased('m1')).toBe(true);
  });

  it('makes one key for one member when first seals race', async () => {
    const { a, b } = await twoProcesses();
    const stores = [a.store, b.store];
    await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % 2]!.append(`member-race-${i}`, [person('race')], 'no_stream')));
    const keys = await a.sql.query<{ n: string }>(`select count(*)::text as n from personal_data.member_keys where member_id = 'race'`);
    expect(keys.rows[0]!.n).toBe('1');
    // Every one of the twelve opens, in either process.
    for (const store of stores)
      for (let i = 0; i < 12; i++) expect((await store.readStream(`member-race-${i}`))[0]!.data).toMatchObject({ name: 'Sam Plainname1' });
  });

  it('refuses another master key once member keys exist', async () => {
    const { a } = await twoProcesses();
    await a.store.append('member-m1', [person('m1')], 'no_stream');
    await expect(createPersonalDataKeyStore({ sql: a.sql, masterKey: Buffer.alloc(32, 9), logger: silent })).rejects.toThrow(/not the master key/);
  });

  it('makes no member key in a process whose master key another process replaced before any key existed', async () => {
    const { a } = await twoProcesses();
    // A second process with another master key starts on the still empty database and takes its place:
    const other = await createPersonalDataKeyStore({ sql: a.sql, masterKey: Buffer.alloc(32, 9), logger: silent });
    open.push({ close: () => other.close() });
    // the first one can no longer wrap keys the registered master key could not unwrap.
    await expect(a.store.append('member-m1', [person('m1')], 'no_stream')).rejects.toThrow(/PERSONAL_DATA_KEY/);
    expect((await a.sql.query('select count(*)::int as n from personal_data.member_keys')).rows[0]).toEqual({ n: 0 });
  });
});
