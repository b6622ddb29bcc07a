import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventRegistry, memberStreamId, supportRequestStreamId } from '@roar/domain';
import { protectingStore, type EventStore, type PersonalDataKeyStore, type Sql } from '@roar/platform';
import { productStore, type TestDatabase } from '@roar/platform/testing';
import { event, openBackend, silent, testDatabase, type Backend } from '../../test/helpers';
import { eventLogProjector } from '../event-log';
import { membersProjector } from '../members';
import { supportProjector } from '../support';
import { createProjectionDaemon, type ProjectionDaemon } from './daemon';
import { eraseEventData } from './erasure';
import { rebuildProjector } from './rebuild';
import { verifyProjector } from './verify';

const db = await testDatabase();
if (!db) throw new Error('the erasure tests need PostgreSQL');
const registry = createEventRegistry();

/** Every row of every table of the schema, as text, holding one of the needles (case-insensitive). */
async function rowsHolding(sql: Sql, schema: string, needles: readonly string[]): Promise<string[]> {
  const tables = await sql.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'`,
    [schema],
  );
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    for (const needle of needles) {
      const r = await sql.query<{ row: string }>(
        `select t::text as row from "${schema}"."${table_name}" t where strpos(lower(t::text), lower($1)) > 0`,
        [needle],
      );
      for (const { row } of r.rows) found.push(`${table_name}: ${needle} in ${row.slice(0, 200)}`);
    }
  }
  return found;
}

describe('read models forget an erased member (MemberErased)', () => {
  let backend: Backend;
  let store: EventStore;
  let daemon: ProjectionDaemon;
  let keys: PersonalDataKeyStore;
  const projectors = [membersProjector, supportProjector, eventLogProjector];
  const erased = { id: randomUUID(), email: 'zebediah.quillfeather@example.com', first: 'Zebediah', last: 'Quillfeather' };
  const kept = { id: randomUUID(), email: 'kept.member@example.com', first: 'Keptina', last: 'Stayput' };
  const personal = [erased.email, erased.first, erased.last, '0412 555 987', '17 Wombat Crescent', '1984-02-29', 'my locker combination'];

  const settle = async () => expect(await daemon.waitFor(await backend.store.headPosition(), 20_000)).toBe(true);

  async function join(m: typeof erased): Promise<string> {
    await store.append(
      memberStreamId(m.id),
      [
        event('MemberRegistered', {
          memberId: m.id,
          email: m.email,
          firstname: m.first,
          lastname: m.last,
          referralCode: `R${m.id.slice(0, 6)}`,
          chosenMembershipId: null,
        }),
        event('MemberProfileUpdated', {
          memberId: m.id,
          changes: { mobile: '0412 555 987', address: '17 Wombat Crescent, Dubbo', dob: '1984-02-29' },
        }),
      ],
      'no_stream',
    );
    const requestId = randomUUID();
    await store.append(
      supportRequestStreamId(requestId),
      [
        event('SupportRequestSubmitted', {
          requestId,
          memberId: m.id,
          name: `${m.first} ${m.last}`,
          email: m.email,
          topic: 'other',
          message: 'Please reset my locker combination, it is 4821.',
          submittedAt: '2026-03-01T10:00:00.000Z',
        }),
        // The reply names the request's member (issue 24): its address and body are sealed under them, so it may quote both.
        event('SupportRequestAnswered', {
          requestId,
          replyId: randomUUID(),
          to: m.email,
          body: `Done, ${m.first}: see you at the club.`,
          answeredAt: '2026-03-01T11:00:00.000Z',
          memberId: m.id,
        }),
      ],
      'no_stream',
    );
    return requestId;
  }

  beforeAll(async () => {
    backend = await openBackend('postgres', db as TestDatabase);
    // The product's wiring (issue 24): appends sealed, the projectors reading the log opened.
    ({ store, keys } = await productStore(backend.store, backend.sql, registry));
    daemon = createProjectionDaemon({ sql: backend.sql, store: protectingStore(backend.store, registry, keys), projectors, logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon?.stop();
    await keys?.close();
    await backend?.close();
    await db?.drop();
  });

  it('overwrites the member, their support requests and replies with the erased values, and leaves other members alone', async () => {
    const erasedRequest = await join(erased);
    const keptRequest = await join(kept);
    await settle();
    const before = await backend.sql.query<{ firstname: string }>(`select firstname from read.members where id = $1`, [erased.id]);
    expect(before.rows[0]?.firstname).toBe(erased.first);

    await store.append(memberStreamId(erased.id), [event('MemberErased', { memberId: erased.id, requestedBy: 'member' })], 1n);
    await settle();

    const member = await backend.sql.query<Record<string, unknown>>(`select * from read.members where id = $1`, [erased.id]);
    expect(member.rows[0]).toMatchObject({
      email: `erased-${erased.id}@erased.invalid`,
      firstname: 'Erased member',
      lastname: 'Erased member',
      mobile: 'Erased member',
      address: 'Erased member',
      dob: '1900-01-01',
      referral_code: `R${erased.id.slice(0, 6)}`,
    });
    const request = await backend.sql.query<Record<string, unknown>>(`select * from read.support_requests where id = $1`, [erasedRequest]);
    expect(request.rows[0]).toMatchObject({
      name: 'Erased member',
      email: `erased-${erased.id}@erased.invalid`,
      message: 'Erased member',
      status: 'answered',
    });
    expect(request.rows[0]?.replies).toMatchObject([{ body: 'Erased member', to: `erased-${erased.id}@erased.invalid` }]);

    // Other members keep everything.
    const other = await backend.sql.query<Record<string, unknown>>(`select * from read.members where id = $1`, [kept.id]);
    expect(other.rows[0]).toMatchObject({ email: kept.email, firstname: kept.first, mobile: '0412 555 987' });
    const otherRequest = await backend.sql.query<Record<string, unknown>>(`select name, email from read.support_requests where id = $1`, [
      keptRequest,
    ]);
    expect(otherRequest.rows[0]).toEqual({ name: `${kept.first} ${kept.last}`, email: kept.email });

    // Nothing of the erased member's personal data is left in the member and support read models.
    const left = (
      await rowsHolding(
        backend.sql,
        'read',
        personal.filter((p) => !['0412 555 987', '17 Wombat Crescent', '1984-02-29', 'my locker combination'].includes(p)),
      )
    ).filter((r) => !r.startsWith('event_log:') && !r.includes(kept.id));
    expect(left).toEqual([]);
  });

  it('once the key is gone, verify finds the live rows equal to a replay, a rebuild gives the same rows, and no table holds the member', async () => {
    await keys.erase(erased.id);
    const opened = protectingStore(backend.store, registry, keys);
    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const table of ['members', 'support_requests', 'event_log'])
        out[table] = (await backend.sql.query<{ row: unknown }>(`select to_jsonb(t) as row from read.${table} t`)).rows
          .map((r) => JSON.stringify(r.row))
          .sort();
      return out;
    };
    for (const projector of projectors) {
      const report = await verifyProjector({ sql: backend.sql, store: opened, projector, logger: silent });
      expect(report.differences, projector.name).toEqual([]);
      expect(report.ok).toBe(true);
    }
    const before = await snapshot();
    await daemon.stop();
    for (const projector of projectors) await rebuildProjector({ sql: backend.sql, store: opened, projector, logger: silent });
    expect(await snapshot()).toEqual(before);
    // The event store holds ciphertext only (the sealed fields), the read models the erased values.
    expect(await rowsHolding(backend.sql, 'es', [erased.email, erased.first, erased.last, 'Wombat', 'locker combination'])).toEqual([]);
    const readLeft = (await rowsHolding(backend.sql, 'read', [erased.email, erased.first, erased.last])).filter((r) => !r.includes(kept.id));
    expect(readLeft).toEqual([]);
    daemon = createProjectionDaemon({ sql: backend.sql, store: opened, projectors, logger: silent });
  });

  it("reads an event payload as an erased member: only the subject member's declared fields change, arrays element by element", () => {
    const specs = [
      { subject: 'memberId', fields: { email: 'email', 'profile.name': 'name', dob: 'date' } },
      { subject: 'memberId', each: 'winners', fields: { display: 'name' } },
    ] as const;
    const data = {
      memberId: 'm-1',
      email: 'a@b.co',
      dob: null,
      profile: { name: 'Ann', tier: 'gold' },
      winners: [
        { memberId: 'm-1', display: 'Ann B.' },
        { memberId: 'm-2', display: 'Cy D.' },
      ],
    };
    const out = eraseEventData(data, specs, 'm-1');
    expect(out.changed).toBe(true);
    expect(out.data).toEqual({
      memberId: 'm-1',
      email: 'erased-m-1@erased.invalid',
      dob: null,
      profile: { name: 'Erased member', tier: 'gold' },
      winners: [
        { memberId: 'm-1', display: 'Erased member' },
        { memberId: 'm-2', display: 'Cy D.' },
      ],
    });
    expect(data.email).toBe('a@b.co');
    expect(eraseEventData(out.data, specs, 'm-1').changed).toBe(false);
    expect(eraseEventData(data, specs, 'm-3')).toEqual({ data, changed: false });
  });
});
