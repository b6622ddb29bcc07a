import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteSql, createPostgresEventStore, type EventStore, type NewEvent, type Sql } from '@roar/platform';
import { membershipTierStreamId, SEED_TIERS } from '@roar/domain';
import { createJobRuntime, listSentMail, memberEmails, memberTracking, trackingJobSchema, type JobRuntime } from '../src';
import { loadCheckpoint } from '../src/reactors';
import { event, quietLogger, waitFor } from './helpers';

// Member events are appended raw (no validating store): these tests pin the reactors to the
// fields of docs/members-design.md, independent of the domain's schemas.
const platinum = SEED_TIERS.find((t) => t.fields.code === 'platinum')!;
const snapshot = (tier = 'Platinum <Gold> & Co', price_cents = 2999) => ({
  membershipId: platinum.membershipId,
  code: 'platinum',
  tier,
  type: 'monthly-subscription',
  price_cents,
  initial_tickets: 50,
});

function memberEvent(type: string, data: object, occurredAt = '2026-11-21T07:00:00.000Z'): NewEvent {
  const e = event(type, data);
  return { ...e, metadata: { ...e.metadata, actor: { type: 'system', id: 'test' }, occurredAt } };
}

describe('member reactors (embedded default: PGlite, in-process jobs, file mail)', () => {
  let sql: Sql;
  let store: EventStore;
  let dataDir: string;
  let runtime: JobRuntime;
  const memberId = randomUUID();
  const stream = `member-${memberId}`;
  const registered = memberEvent('MemberRegistered', {
    memberId,
    email: 'jo@example.test',
    firstname: 'Jo <script>',
    lastname: 'Bloggs',
    referralCode: 'JO123',
    chosenMembershipId: platinum.membershipId,
  });

  beforeEach(async () => {
    sql = await createPgliteSql(null);
    store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
    dataDir = await mkdtemp(join(tmpdir(), 'roar-member-mail-'));
    runtime = await createJobRuntime({
      sql,
      store,
      logger: quietLogger,
      dataDir,
      mailFrom: 'ROAR+ <no-reply@roarplus.local>',
      reactors: [memberEmails],
    });
    await store.append(
      membershipTierStreamId(platinum.membershipId),
      [event('MembershipTierDefined', { membershipId: platinum.membershipId, status: platinum.status, fields: platinum.fields })],
      'no_stream',
    );
  });
  afterEach(async () => {
    await runtime.stop();
    await store.close();
    await sql.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const caughtUp = async () => {
    const head = await store.headPosition();
    await waitFor('the reactor to catch up', async () => (await loadCheckpoint(sql, 'member-emails')).prepare === head.prepare);
  };

  it('welcomes, gives receipts, confirms renewal and cancellation, to the registered address, escaped', async () => {
    const checkoutId = randomUUID();
    await store.append(
      stream,
      [
        registered,
        memberEvent('MembershipCheckoutStarted', { memberId, checkoutId, purpose: 'join', tier: snapshot(), amount_cents: 2999 }),
        memberEvent('MembershipActivated', {
          memberId,
          checkoutId,
          paymentId: 'pi_1',
          subscriptionId: 'sub_1',
          tier: snapshot(),
          previousMembershipId: null,
          periodStart: '2026-11-21T07:00:00.000Z',
          periodEnd: '2026-12-21T07:00:00.000Z',
          source: 'join',
        }),
        memberEvent('MembershipRenewed', {
          memberId,
          subscriptionId: 'sub_1',
          paymentId: 'pi_2',
          tier: snapshot(),
          periodStart: '2026-12-21T07:00:00.000Z',
          periodEnd: '2027-01-21T07:00:00.000Z',
        }),
        memberEvent('MembershipCancelled', { memberId, membershipId: platinum.membershipId, endsAt: '2027-01-21T07:00:00.000Z', reason: null }),
        memberEvent('SingleEntryPurchased', {
          memberId,
          singleEntryId: randomUUID(),
          checkoutId: randomUUID(),
          paymentId: 'pi_3',
          tier: snapshot('Single Entry', 2000),
          prizeId: null,
          validUntil: '2026-12-21T00:00:00.000Z',
        }),
      ],
      'no_stream',
    );
    await store.append(`login-${memberId}`, [memberEvent('MemberSignUpCompleted', { memberId })], 'no_stream');
    await runtime.start();
    const sent = await waitFor('five emails', async () => {
      const s = await listSentMail(dataDir);
      return s.length >= 5 ? s : null;
    });
    await caughtUp();
    expect(sent.length).toBe(5);
    expect(new Set(sent.flatMap((m) => m.to))).toEqual(new Set(['jo@example.test']));
    const bySubject = new Map(sent.map((m) => [m.subject, m]));
    const welcome = bySubject.get('Welcome to ROAR+')!;
    expect(welcome.text).toContain('Hi Jo <script>,');
    expect(welcome.text).toContain(`You chose the ${platinum.fields.tier} membership.`);
    expect(welcome.html).toContain('Jo &lt;script&gt;');
    expect(welcome.html).not.toContain('<script>');

    const receipt = bySubject.get('Your ROAR+ receipt: Platinum <Gold> & Co, $29.99')!;
    expect(receipt.text).toContain('Amount paid: $29.99 AUD');
    expect(receipt.text).toContain('Date: 21 November 2026');
    expect(receipt.text).toContain('Renews on: 21 December 2026');
    expect(receipt.html).toContain('Platinum &lt;Gold&gt; &amp; Co');

    const renewal = bySubject.get('Your Platinum <Gold> & Co membership has renewed')!;
    expect(renewal.text).toContain('Period: 21 December 2026 to 21 January 2027');

    const cancelled = bySubject.get('Your Platinum <Gold> & Co membership is cancelled')!;
    expect(cancelled.text).toContain('Your benefits last until 21 January 2027.');

    const single = bySubject.get('Your ROAR+ receipt: Single Entry, $20')!;
    expect(single.text).toContain('Valid until: 21 December 2026');
  });

  it('sends no receipt for a free activation, and nothing at all for a stream without a registration', async () => {
    await store.append(
      stream,
      [
        registered,
        memberEvent('MembershipActivated', {
          memberId,
          checkoutId: null,
          paymentId: null,
          subscriptionId: null,
          tier: snapshot('Free', 0),
          previousMembershipId: null,
          periodStart: '2026-11-21T07:00:00.000Z',
          periodEnd: null,
          source: 'join',
        }),
      ],
      'no_stream',
    );
    const orphan = randomUUID();
    await store.append(
      `member-${orphan}`,
      [memberEvent('MembershipCancelled', { memberId: orphan, membershipId: 3, endsAt: '2027-01-01T00:00:00.000Z', reason: null })],
      'no_stream',
    );
    await store.append(`login-${memberId}`, [memberEvent('MemberSignUpCompleted', { memberId })], 'no_stream');
    await runtime.start();
    await caughtUp();
    expect((await listSentMail(dataDir)).map((m) => m.subject)).toEqual(['Welcome to ROAR+']);
  });

  it('welcomes only once the sign-up completed: a registration without its login sends nothing', async () => {
    await store.append(stream, [registered], 'no_stream');
    // An event the reactor handles after it (another member's, with no email of its own): once the reactor is past it, it has seen the registration.
    const orphan = randomUUID();
    await store.append(
      `member-${orphan}`,
      [memberEvent('MembershipCancelled', { memberId: orphan, membershipId: 3, endsAt: '2027-01-01T00:00:00.000Z', reason: null })],
      'no_stream',
    );
    await runtime.start();
    await caughtUp();
    expect(await listSentMail(dataDir)).toEqual([]);
    await store.append(`login-${memberId}`, [memberEvent('MemberSignUpCompleted', { memberId })], 'no_stream');
    await caughtUp();
    const sent = await waitFor('the welcome', async () => {
      const s = await listSentMail(dataDir);
      return s.length > 0 ? s : null;
    });
    expect(sent.map((m) => [m.subject, m.to])).toEqual([['Welcome to ROAR+', ['jo@example.test']]]);
  });

  it('maps member events to tracking jobs keyed by the event id', async () => {
    const checkoutId = randomUUID();
    const events = [
      registered,
      memberEvent('MembershipCheckoutStarted', { memberId, checkoutId, purpose: 'join', tier: snapshot(), amount_cents: 2999 }),
      memberEvent('MembershipActivated', {
        memberId,
        checkoutId,
        paymentId: 'pi_1',
        subscriptionId: 'sub_1',
        tier: snapshot(),
        previousMembershipId: null,
        periodStart: '2026-11-21T07:00:00.000Z',
        periodEnd: '2026-12-21T07:00:00.000Z',
        source: 'join',
      }),
      memberEvent('MembershipActivated', {
        memberId,
        checkoutId: null,
        paymentId: null,
        subscriptionId: null,
        tier: snapshot('Free', 0),
        previousMembershipId: null,
        periodStart: '2026-11-21T07:00:00.000Z',
        periodEnd: null,
        source: 'join',
      }),
      memberEvent('MembershipCancelled', { memberId, membershipId: platinum.membershipId, endsAt: '2026-12-21T07:00:00.000Z', reason: null }),
      memberEvent('MembershipRenewed', {
        memberId,
        subscriptionId: 'sub_1',
        paymentId: 'pi_2',
        tier: snapshot(),
        periodStart: '2026-12-21T07:00:00.000Z',
        periodEnd: '2027-01-21T07:00:00.000Z',
      }),
    ];
    await store.append(stream, events, 'no_stream');
    const recorded = await store.readStream(stream);
    const ctx = { store, staffMailbox: 'staff@roarplus.local', logger: quietLogger, publicUrl: () => 'https://club.example.test' };
    const jobs = [];
    for (const e of recorded) if (memberTracking.handles.includes(e.type)) jobs.push(...(await memberTracking.toJobs(e, ctx)));
    const data = jobs.map((j) => trackingJobSchema.parse(j.data));
    expect(data.map((d) => d.event)).toEqual(['registration_completed', 'checkout_initiated', 'subscribed', 'membership_cancelled']);
    expect(jobs.map((j) => j.queue)).toEqual(['tracking', 'tracking', 'tracking', 'tracking']);
    expect(jobs[0]!.jobId).toBe(`${recorded[0]!.id}:tracking`);
    expect(data[0]).toMatchObject({
      eventId: recorded[0]!.id,
      eventTime: Date.parse('2026-11-21T07:00:00.000Z') / 1000,
      user: { userId: memberId, email: 'jo@example.test' },
    });
    expect(data[2]!.customData).toEqual({ value: 29.99, currency: 'AUD', content_name: 'Platinum <Gold> & Co' });
  });
});
