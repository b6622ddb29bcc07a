import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashbackStreamId, drawStreamId, myDataStreamId } from '@roar/domain';
import {
  createLogger,
  createPgSql,
  createPostgresEventStore,
  diskStorage,
  type EventStore,
  type NewEvent,
  type Sql,
  type StoragePort,
} from '@roar/platform';
import { createTestDatabase, findRedis, type TestDatabase } from '@roar/platform/testing';
import { forgetMemberOutsideTheLog, type ForgetDeps } from '../src/members/forget';
import { takeInvite } from '../src/referrals/invite-limits';
import { migrateLocalPayments } from '../src/payments/local/schema';
import { migrateEntrantIdentities } from '../src/draws/identities';
import { migrateJobs } from '@roar/workers';

const silent = createLogger('silent');
const raw = (type: string, data: unknown, occurredAt = '2026-11-20T01:00:00.000Z'): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: randomUUID(), causationId: null, actor: { type: 'system', id: 'test' }, occurredAt, schemaVersion: 1 },
});

/**
 * Issue 24: what the erasure job asks of the api's own stores (members/forget.ts), on PostgreSQL and
 * Redis: the member's files, invite rows, payment-provider copies of the address, throttle keys and
 * job data are forgotten; another member's stay; the draw the member entered keeps its records.
 */
describe('forgetMemberOutsideTheLog', () => {
  let db: TestDatabase;
  let sql: Sql;
  let store: EventStore;
  let storage: StoragePort;
  let redis: Redis;
  const dir = mkdtempSync(join(tmpdir(), 'roar-forget-'));
  const prefix = `roar-forget-${randomUUID().slice(0, 8)}`;
  let deps: ForgetDeps;

  beforeAll(async () => {
    const created = await createTestDatabase('roar_forget');
    const redisUrl = await findRedis();
    if (!created || !redisUrl) throw new Error('these tests need PostgreSQL and Redis');
    db = created;
    sql = createPgSql({ connectionString: db.url, max: 4 });
    store = await createPostgresEventStore(sql);
    storage = diskStorage(dir);
    redis = new Redis(redisUrl);
    await migrateLocalPayments(sql);
    await migrateEntrantIdentities(sql);
    await migrateJobs(sql);
    deps = {
      sql,
      store,
      storage,
      redis: { client: redis, throttlePrefix: `${prefix}:dep`, queuePrefix: prefix },
      logger: silent,
      now: () => new Date('2026-11-21T01:00:00.000Z'),
    };
  });
  afterAll(async () => {
    if (redis) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await sql?.close();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function seed(memberId: string, email: string, prizeId: string): Promise<{ receipt: string; zip: string }> {
    const receipt = `receipts/2026/11/${randomUUID()}.pdf`;
    const zip = `my-data/${memberId}/${randomUUID()}.zip`;
    await storage.put(receipt, Buffer.from('%PDF receipt'), 'application/pdf');
    await storage.put(zip, Buffer.from('PK zip'), 'application/zip');
    await store.append(cashbackStreamId(memberId), [raw('CashbackClaimSubmitted', { memberId, receipt: { key: receipt } })], 'no_stream');
    await store.append(myDataStreamId(memberId), [raw('MemberDataExportPrepared', { memberId, storageKey: zip })], 'no_stream');
    await takeInvite(sql, { kind: 'referral', memberId, email: `friend-of-${email}`, at: new Date('2026-11-20T01:00:00.000Z') });
    await sql.query(
      `insert into local_payments.sessions (id, checkout_id, customer, email, purpose, mode, amount_cents, currency, description, success_url, cancel_url, created_at, expires_at)
       values ($1, $2, $3, $4, 'join', 'payment', 4900, 'aud', 'Platinum', 'http://x/ok', 'http://x/no', now(), now())`,
      [`cs_${randomUUID()}`, randomUUID(), memberId, email],
    );
    await sql.query(
      `insert into local_payments.webhook_deliveries (event_id, type, object_id, body) values ($1, 'checkout.session.completed', 'cs', $2)`,
      [`evt_${randomUUID()}`, JSON.stringify({ data: { object: { customer: memberId, customer_email: email } } })],
    );
    await sql.query(`insert into jobs.sent_log (idempotency_key, recipients, subject, status) values ($1, $2, $3, 'sent')`, [
      `${memberId}:invite`,
      `friend-of-${email}`,
      `Zebediah Quill-${memberId.slice(0, 4)} invited you to ROAR+`,
    ]);
    await redis.set(`${prefix}:dep:throttle:member-sign-in:known:${email}|127.0.0.1`, '1');
    await redis.hset(`${prefix}:email:${randomUUID()}`, 'data', JSON.stringify({ to: [email], subject: 'Welcome', text: 'Hi' }), 'name', 'job');
    // The draw the member entered: its frozen list names them by their pseudonymous key.
    await store.append(drawStreamId(prizeId), [raw('DrawClosed', { prizeId })], 'no_stream');
    await sql.query(`insert into draw.entrant_lists (prize_id, list_hash, page, entrant_keys, member_ids) values ($1, 'h', 0, $2, null)`, [
      prizeId,
      `member:other-1\nmember:${memberId}\nmember:other-2`,
    ]);
    return { receipt, zip };
  }

  it("forgets the member's files, invites, provider copies, throttle keys and job data, keeps their draw's records, and leaves another member alone", async () => {
    const gone = { id: randomUUID(), email: 'gone.member@example.com' };
    const kept = { id: randomUUID(), email: 'kept.member@example.com' };
    const prize = randomUUID();
    const goneFiles = await seed(gone.id, gone.email, prize);
    const keptFiles = await seed(kept.id, kept.email, randomUUID());

    const report = await forgetMemberOutsideTheLog(deps, gone.id, 'Gone.Member@example.com', ['Zebediah', `Quill-${gone.id.slice(0, 4)}`]);
    expect(report).toMatchObject({
      filesDeleted: 2,
      invitesDeleted: 1,
      mailLogRowsScrubbed: 1,
      paymentRowsScrubbed: 2,
      redisKeysDeleted: 1,
      redisJobsScrubbed: 1,
    });
    expect(report.drawRecordsKept).toEqual([{ prizeId: prize, kept: expect.stringContaining('must be kept for 3 years') }]);

    expect(await storage.get(goneFiles.receipt)).toBeNull();
    expect(await storage.get(goneFiles.zip)).toBeNull();
    expect(await storage.get(keptFiles.receipt)).not.toBeNull();
    expect(await storage.get(keptFiles.zip)).not.toBeNull();

    const invites = await sql.query<{ member_id: string }>('select member_id from invites.sent');
    expect(invites.rows.map((r) => r.member_id)).toEqual([kept.id]);
    const mail = await sql.query<{ idempotency_key: string; recipients: string; subject: string }>(
      'select * from jobs.sent_log order by idempotency_key = $1 desc',
      [`${gone.id}:invite`],
    );
    expect(mail.rows.map((r) => [r.recipients, r.subject])).toEqual([
      ['erased member', 'Erased member Erased member invited you to ROAR+'],
      [`friend-of-${kept.email}`, `Zebediah Quill-${kept.id.slice(0, 4)} invited you to ROAR+`],
    ]);
    const sessions = await sql.query<{ customer: string; email: string }>(
      'select customer, email from local_payments.sessions order by customer = $1 desc',
      [gone.id],
    );
    expect(sessions.rows).toEqual([
      { customer: gone.id, email: `erased-${gone.id}@erased.invalid` },
      { customer: kept.id, email: kept.email },
    ]);
    const bodies = (await sql.query<{ body: string }>('select body from local_payments.webhook_deliveries')).rows.map((r) => r.body).join('\n');
    expect(bodies).not.toContain(gone.email);
    expect(bodies).toContain(kept.email);

    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.filter((k) => k.includes(gone.email))).toEqual([]);
    expect(keys.filter((k) => k.includes(kept.email))).toHaveLength(1);
    const jobs = await Promise.all(keys.filter((k) => k.startsWith(`${prefix}:email:`)).map((k) => redis.hget(k, 'data')));
    expect(jobs.filter((d) => d?.includes(gone.email))).toEqual([]);
    expect(jobs.filter((d) => d?.includes(kept.email))).toHaveLength(1);

    // The draw's records are untouched: the frozen list still names the member's pseudonymous key.
    const list = await sql.query<{ entrant_keys: string }>('select entrant_keys from draw.entrant_lists where prize_id = $1', [prize]);
    expect(list.rows[0]?.entrant_keys).toContain(`member:${gone.id}`);

    // Run again (a retried erasure job): nothing left to do, nothing fails.
    const again = await forgetMemberOutsideTheLog(deps, gone.id, null);
    expect(again).toMatchObject({
      filesDeleted: 2,
      invitesDeleted: 0,
      mailLogRowsScrubbed: 0,
      paymentRowsScrubbed: 0,
      redisKeysDeleted: 0,
      redisJobsScrubbed: 0,
    });
  });
});
