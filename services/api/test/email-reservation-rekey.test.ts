import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql, migrateTransparency, sealValue, type Config, type NewEvent } from '@roar/platform';
import {
  createTestDatabase,
  findPostgres,
  openScratchPostgresStore,
  servicesRequired,
  testPersonalDataKeys,
  type ScratchPostgresStore,
} from '@roar/platform/testing';
import { emailReservationKey, emailReservationStreamId, legacyEmailReservationStreamId } from '@roar/domain';
import { rekeyEmailReservations } from '../src/members/email-reservation-rekey';
import { emailReservationKeyOf, resolveEmailReservationKey } from '../src/secrets';
import { startTestApi, type TestApi } from './setup';

const postgres = await findPostgres();
if (!postgres && servicesRequired()) throw new Error('PostgreSQL is required (REQUIRE_SERVICES=1) but none was found');

const key = emailReservationKey('rekey-test-key-'.padEnd(40, 'k'));

function reservation(type: 'EmailReserved' | 'EmailReleased', email: string, memberId: string): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { email, memberId },
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { type: 'member', id: memberId },
      occurredAt: new Date('2026-11-01T00:00:00Z').toISOString(),
      schemaVersion: 1,
    },
  };
}

describe.runIf(postgres)('rekeyEmailReservations on the PostgreSQL store (issue 24)', () => {
  let scratch: ScratchPostgresStore;
  beforeAll(async () => {
    scratch = await openScratchPostgresStore('roar_rekey');
  });
  afterAll(async () => {
    await scratch?.close();
  });

  it('renames every email-<sha256> stream to its keyed name once, and leaves what it must not touch', async () => {
    const { store, sql } = scratch;
    const legacy = legacyEmailReservationStreamId;
    const keyed = (email: string) => emailReservationStreamId(email, key);
    // Old streams: one reserved, one reserved then released (two events).
    const ana = reservation('EmailReserved', 'ana@example.com', 'm-ana');
    await store.append(legacy('ana@example.com'), [ana], 'no_stream');
    const bob = [reservation('EmailReserved', 'bob@example.com', 'm-bob'), reservation('EmailReleased', 'bob@example.com', 'm-bob')];
    await store.append(legacy('bob@example.com'), bob, 'no_stream');
    // Already keyed (written by the new code).
    await store.append(keyed('cara@example.com'), [reservation('EmailReserved', 'cara@example.com', 'm-cara')], 'no_stream');
    // Reserved again under the keyed name before the rename ran: a conflict, both kept.
    await store.append(legacy('dan@example.com'), [reservation('EmailReserved', 'dan@example.com', 'm-dan-1')], 'no_stream');
    await store.append(keyed('dan@example.com'), [reservation('EmailReserved', 'dan@example.com', 'm-dan-2')], 'no_stream');
    // Already covered by the sealed log: renaming would contradict a signed tree head.
    await store.append(legacy('eve@example.com'), [reservation('EmailReserved', 'eve@example.com', 'm-eve')], 'no_stream');
    await migrateTransparency(sql);
    await sql.query("insert into transparency.leaves (leaf_index, event_id, stream_id, revision, position) values (0, $1, $2, 0, '1/1')", [
      randomUUID(),
      legacy('eve@example.com'),
    ]);
    // An address already sealed (pd1:) and no key to open it with: this step cannot compute its names.
    const sealedStream = `email-${createHash('sha256').update('sealed').digest('hex')}`;
    await store.append(sealedStream, [reservation('EmailReserved', 'pd1:AAAA', 'm-sealed')], 'no_stream');
    // An old stream whose address migratePlainPersonalData sealed first: opened with the member's key, then renamed.
    const keys = await testPersonalDataKeys(sql);
    const fay = (await keys.keysForSealing(['m-fay'])).get('m-fay') as Buffer;
    await store.append(legacy('fay@example.com'), [reservation('EmailReserved', sealValue(fay, 'm-fay', 'fay@example.com'), 'm-fay')], 'no_stream');
    // The event-log read model copies stream ids.
    await sql.exec('create schema rekey_read; create table rekey_read.event_log (event_id uuid primary key, stream_id text not null)');
    await sql.query('insert into rekey_read.event_log (event_id, stream_id) values ($1, $2)', [ana.id, legacy('ana@example.com')]);

    const first = await rekeyEmailReservations(sql, key, { keys });
    expect(first).toEqual({
      renamed: 3,
      alreadyKeyed: 2,
      sealedInLog: [legacy('eve@example.com')],
      conflicts: [legacy('dan@example.com')],
      unreadable: [sealedStream],
    });
    // The events moved whole: same ids, same revisions, and the old names are gone.
    expect(await store.readStream(legacy('ana@example.com'))).toEqual([]);
    expect(await store.readStream(legacy('bob@example.com'))).toEqual([]);
    const moved = await store.readStream(keyed('bob@example.com'));
    expect(moved.map((e) => [e.id, e.type, e.revision])).toEqual([
      [bob[0]!.id, 'EmailReserved', 0n],
      [bob[1]!.id, 'EmailReleased', 1n],
    ]);
    expect((await store.readStream(keyed('ana@example.com'))).map((e) => e.id)).toEqual([ana.id]);
    expect(await store.readStream(keyed('fay@example.com'))).toHaveLength(1);
    expect(await store.readStream(legacy('fay@example.com'))).toEqual([]);
    // The stream row moved with its revision: the next append at the expected revision lands, a stale one conflicts.
    await store.append(keyed('bob@example.com'), [reservation('EmailReserved', 'bob@example.com', 'm-bob-2')], 1n);
    await expect(store.append(keyed('ana@example.com'), [reservation('EmailReleased', 'ana@example.com', 'm-ana')], 'no_stream')).rejects.toThrow();
    expect((await sql.query('select stream_id from rekey_read.event_log where event_id = $1', [ana.id])).rows).toEqual([
      { stream_id: keyed('ana@example.com') },
    ]);
    // What it must not touch is where it was.
    expect(await store.readStream(legacy('eve@example.com'))).toHaveLength(1);
    expect(await store.readStream(legacy('dan@example.com'))).toHaveLength(1);
    expect(await store.readStream(keyed('dan@example.com'))).toHaveLength(1);
    expect(await store.readStream(sealedStream)).toHaveLength(1);
    // No stream name is the plain SHA-256 of a renamed address any more.
    const names = (await sql.query<{ stream_id: string }>("select stream_id from es.streams where stream_id like 'email-%'")).rows.map(
      (r) => r.stream_id,
    );
    expect(names).not.toContain(legacy('ana@example.com'));
    expect(names).not.toContain(legacy('bob@example.com'));

    // Idempotent: a second run renames nothing and reports the same leftovers.
    expect(await rekeyEmailReservations(sql, key, { keys })).toEqual({ ...first, renamed: 0, alreadyKeyed: 5 });
    await keys.close();
  });

  it('does nothing where there is no PostgreSQL event store (EventStoreDB deployments)', async () => {
    const db = (await createTestDatabase('roar_rekey_none'))!;
    const empty = createPgSql({ connectionString: db.url, max: 1 });
    try {
      expect(await rekeyEmailReservations(empty, key)).toEqual({ renamed: 0, alreadyKeyed: 0, sealedInLog: [], conflicts: [], unreadable: [] });
    } finally {
      await empty.close();
      await db.drop();
    }
  });
});

describe('the email reservation key', () => {
  let api: TestApi;
  const secret = 'configured-reservation-key-'.padEnd(48, 'x');
  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', env: { EMAIL_RESERVATION_KEY: secret } }))!;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('names the stream a sign-up reserves by the configured key, never by the plain hash of the address', async () => {
    const email = 'keyed.signup@example.com.au';
    const res = await fetch(`${api.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Kay',
        last_name: 'Keyed',
        email,
        password: 'correct-horse-battery-1',
        membership_id: 1,
        recaptcha_token: 't',
        state: 'NSW',
        dob: '1990-01-01',
      }),
    });
    expect(res.status).toBe(201);
    const stream = emailReservationStreamId(email, emailReservationKey(secret));
    expect(emailReservationStreamId(email, emailReservationKeyOf(api.ctx))).toBe(stream);
    const events = await api.infra.store.readStream(stream);
    expect(events.map((e) => e.type)).toEqual(['EmailReserved']);
    expect(await api.infra.store.readStream(legacyEmailReservationStreamId(email))).toEqual([]);
  });

  it('is required in production and generated into the data folder elsewhere', () => {
    expect(() => resolveEmailReservationKey({ NODE_ENV: 'production' } as Config)).toThrow('EMAIL_RESERVATION_KEY must be set in production');
    expect(resolveEmailReservationKey({ NODE_ENV: 'production', EMAIL_RESERVATION_KEY: secret } as Config)).toBe(secret);
    const generated = resolveEmailReservationKey({ ...api.ctx.config, EMAIL_RESERVATION_KEY: undefined });
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(resolveEmailReservationKey({ ...api.ctx.config, EMAIL_RESERVATION_KEY: undefined })).toBe(generated);
  });
});
