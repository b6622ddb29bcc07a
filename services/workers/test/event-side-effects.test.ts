import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteSql, createPostgresEventStore, type EventStore, type NewEvent, type RecordedEvent, type Sql } from '@roar/platform';
import { memberStreamId } from '@roar/domain';
import { emailJobSchema, memberEmails, memberTracking, trackingJobSchema, type JobRequest, type LinkTokens, type ReactorContext } from '../src';
import { handicapEmails } from '../src/reactors/clubhouse-emails';
import { winnerEmails } from '../src/reactors/winner-emails';
import { event, quietLogger } from './helpers';

/**
 * Every email and tracking job the api used to enqueue itself now comes from an event: each is
 * pinned here to the event that causes it, with the event id in the job id, and the same jobs when
 * the event is delivered again (the job id is what makes a redelivery harmless).
 */
describe('side effects from events', () => {
  let sql: Sql;
  let store: EventStore;
  const minted: string[] = [];
  const linkTokens: LinkTokens = {
    attest: (scorecardId) => `attest-token-${scorecardId}`,
    async passwordReset(memberId, requestId, requestedAt) {
      minted.push(`${memberId} ${requestId} ${requestedAt}`);
      return { token: `reset-${requestId}`, expiresInMinutes: 60 };
    },
  };
  let ctx: ReactorContext;
  const memberId = randomUUID();

  beforeEach(async () => {
    sql = await createPgliteSql(null);
    store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
    ctx = { store, staffMailbox: 'staff@example.test', logger: quietLogger, publicUrl: () => 'https://club.example.test', linkTokens };
    minted.length = 0;
    await store.append(
      memberStreamId(memberId),
      [
        event('MemberRegistered', {
          memberId,
          email: 'jo@example.test',
          firstname: 'Jo',
          lastname: 'Bloggs',
          referralCode: 'JO123',
          chosenMembershipId: null,
        }),
        event('MemberProfileUpdated', { memberId, changes: { firstname: 'Joanne' } }),
      ],
      'no_stream',
    );
  });
  afterEach(async () => {
    await store.close();
    await sql.close();
  });

  async function append(streamId: string, events: NewEvent[]): Promise<RecordedEvent[]> {
    await store.append(streamId, events, 'any');
    const ids = new Set(events.map((e) => e.id));
    return (await store.readStream(streamId)).filter((e) => ids.has(e.id));
  }

  /** The jobs a reactor makes of `e`, checked to be the same on a second delivery. */
  async function jobsOf(
    reactor: { toJobs(e: RecordedEvent, c: ReactorContext): Promise<readonly JobRequest[]> | readonly JobRequest[] },
    e: RecordedEvent,
  ): Promise<readonly JobRequest[]> {
    const jobs = await reactor.toJobs(e, ctx);
    expect(await reactor.toJobs(e, ctx)).toEqual(jobs);
    return jobs;
  }
  const mail = (job: JobRequest | undefined) => emailJobSchema.parse(job?.data);

  it('emails each step of a cashback claim from its event, to the member, keyed by the event id', async () => {
    const claimId = randomUUID();
    const stream = `cashback-${memberId}`;
    const [submitted] = await append(stream, [
      event('CashbackClaimSubmitted', {
        claimId,
        memberId,
        course: 'Royal Pines',
        playedOn: '2026-11-14',
        month: '2026-11',
        amountCents: 4500,
        maximumCents: 3000,
        receipt: { key: 'k', contentType: 'image/png', size: 1, sha256: 'a'.repeat(64) },
        submittedAt: '2026-11-21T07:00:00.000Z',
        decisionDueBy: '2026-11-28T07:00:00.000Z',
      }),
    ]);
    const [approved, scheduled] = await append(stream, [
      event('CashbackClaimApproved', {
        claimId,
        memberId,
        month: '2026-11',
        payoutId: 'p1',
        payoutCents: 3000,
        approvedAt: '2026-11-22T07:00:00.000Z',
      }),
      event('CashbackPayoutScheduled', { payoutId: 'p1', claimId, memberId, amountCents: 3000, scheduledAt: '2026-11-22T07:00:00.000Z' }),
    ]);
    const [paid] = await append(stream, [
      event('CashbackPayoutPaid', { payoutId: 'p1', claimId, memberId, amountCents: 3000, bankReference: 'B1', paidAt: '2026-11-23T07:00:00.000Z' }),
    ]);
    const [reversed] = await append(stream, [
      event('CashbackPayoutReversed', {
        payoutId: 'p1',
        claimId,
        memberId,
        amountCents: 3000,
        reason: 'Bank bounced it',
        reversedAt: '2026-11-24T07:00:00.000Z',
      }),
    ]);
    const subjects: string[] = [];
    for (const e of [submitted!, approved!, paid!, reversed!]) {
      const jobs = await jobsOf(memberEmails, e);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.jobId).toBe(`${e.id}:cashback-email`);
      const m = mail(jobs[0]);
      expect(m.to).toEqual(['jo@example.test']);
      expect(m.text).toContain('Your claims: https://club.example.test/dashboard/clubhouse/cashback');
      subjects.push(m.subject);
    }
    expect(subjects).toEqual([
      'We received your green-fee cashback claim',
      'Your green-fee cashback is approved',
      'Your green-fee cashback is paid',
      'Your green-fee cashback payment was reversed',
    ]);
    expect(mail((await jobsOf(memberEmails, submitted!))[0]).text).toContain('Your claim for Royal Pines on 2026-11-14 ($45.00) is with our team.');
    expect(mail((await jobsOf(memberEmails, approved!))[0]).text).toContain('We will pay $30.00 to you in the next payment run.');
    expect(mail((await jobsOf(memberEmails, reversed!))[0]).text).toContain('Reason: Bank bounced it');
    expect(await jobsOf(memberEmails, scheduled!)).toEqual([]);
  });

  it('sends the team and referral invites from MateInvited and ReferralInviteSent, with the inviter as they were named then', async () => {
    const teamId = randomUUID();
    const [, invited] = await append(`team-${teamId}`, [
      event('TeamStarted', { teamId, captainId: memberId, captainEmail: 'jo@example.test', startedAt: '2026-11-21T07:00:00.000Z' }),
      event('MateInvited', {
        teamId,
        inviteId: 'inv-1',
        email: 'mate@example.test',
        expiresAt: '2026-11-28T07:00:00.000Z',
        invitedAt: '2026-11-21T07:00:00.000Z',
        captainId: memberId,
      }),
    ]);
    const team = await jobsOf(memberEmails, invited!);
    expect(team.map((j) => j.jobId)).toEqual([`${invited!.id}:team-invite`]);
    expect(mail(team[0])).toMatchObject({ to: ['mate@example.test'], subject: 'Joanne invited you to their ROAR+ team' });
    expect(mail(team[0]).text).toContain('Join the team: https://club.example.test/team-prizes?invite=inv-1');

    const [sent] = await append(`referral-invites-${memberId}`, [
      event('ReferralInviteSent', { referrerId: memberId, email: 'friend@example.test', sentAt: '2026-11-21T07:00:00.000Z' }),
    ]);
    // A later rename does not change the invite already sent.
    await append(memberStreamId(memberId), [event('MemberProfileUpdated', { memberId, changes: { firstname: 'Jojo' } })]);
    const referral = await jobsOf(memberEmails, sent!);
    expect(referral.map((j) => j.jobId)).toEqual([`${sent!.id}:referral-invite`]);
    expect(mail(referral[0])).toMatchObject({ to: ['friend@example.test'], subject: 'Joanne invited you to ROAR+' });
    expect(mail(referral[0]).text).toContain('Join ROAR+: https://club.example.test/refer/JO123');
  });

  it('asks the marker to attest: a member in the clubhouse, anyone else with a token the api mints', async () => {
    const tee = {
      courseId: 'c1',
      courseName: 'Royal Pines',
      teeId: 't1',
      teeName: 'Blue',
      holes: 18,
      courseRating: 72.1,
      slopeRating: 130,
      pars: [],
      strokeIndexes: [],
      ratingVersion: 1,
    };
    const card = (scorecardId: string, marker: { memberId: string | null; email: string; name: string }) =>
      event('ScorecardSubmitted', {
        scorecardId,
        memberId,
        tee,
        playedOn: '2026-11-14',
        grossScores: [4, 5, 3],
        marker,
        attestBy: '2026-11-28T07:00:00.000Z',
        submittedAt: '2026-11-21T07:00:00.000Z',
      });
    const [guest, member] = await append(`handicap-${memberId}`, [
      card('card-1', { memberId: null, email: 'guest@example.test', name: 'Gus' }),
      card('card-2', { memberId: 'm2', email: 'mate@example.test', name: 'Mat' }),
    ]);
    const toGuest = await jobsOf(handicapEmails, guest!);
    expect(toGuest.map((j) => j.jobId)).toEqual([`${guest!.id}:attest-request`]);
    expect(mail(toGuest[0])).toMatchObject({ to: ['guest@example.test'], subject: 'Joanne Bloggs named you as marker: please attest their score' });
    expect(mail(toGuest[0]).text).toContain('https://club.example.test/attest/card-1?token=attest-token-card-1');
    expect(mail(toGuest[0]).text).toContain('submitted a score of 12 at Royal Pines, Blue on 2026-11-14');
    expect(mail((await jobsOf(handicapEmails, member!))[0]).text).toContain('https://club.example.test/dashboard/clubhouse/scorecards?attest=card-2');
  });

  it('mints a reset link per request event (never from the log) and sends staff resends under their own event id', async () => {
    const [asked] = await append(`login-${memberId}`, [event('PasswordResetRequested', { memberId, email: 'jo@example.test' })]);
    const own = await jobsOf(memberEmails, asked!);
    expect(own.map((j) => j.jobId)).toEqual([`${asked!.id}:password-reset`]);
    expect(mail(own[0])).toMatchObject({ to: ['jo@example.test'], subject: 'Reset your ROAR+ password' });
    expect(mail(own[0]).text).toContain(`https://club.example.test/change-password?token=reset-${asked!.id}`);
    expect(minted[0]).toBe(`${memberId} ${asked!.id} ${asked!.metadata.occurredAt}`);

    const stream = memberStreamId(memberId);
    const [moved] = await append(stream, [
      event('MemberEmailChanged', { memberId, previousEmail: 'jo@example.test', email: 'moved@example.test', reason: 'Asked by phone' }),
    ]);
    expect(moved).toBeDefined();
    const tier = { membershipId: 2, code: 'gold', tier: 'Gold', type: 'monthly-subscription', price_cents: 1999, initial_tickets: 10 };
    const [activated] = await append(stream, [
      event('MembershipActivated', {
        memberId,
        checkoutId: null,
        paymentId: 'pi_1',
        subscriptionId: 'sub_1',
        tier,
        previousMembershipId: null,
        periodStart: '2026-11-21T07:00:00.000Z',
        periodEnd: '2026-12-21T07:00:00.000Z',
        source: 'join',
      }),
    ]);
    const [staffReset, resent, unknown] = await append(stream, [
      event('SupportActionRecorded', { memberId, action: 'password-reset-sent', reason: 'Member asked by phone', reference: null }),
      event('SupportActionRecorded', { memberId, action: 'receipt-resent', reason: 'Lost it', reference: activated!.id }),
      event('SupportActionRecorded', { memberId, action: 'receipt-resent', reason: 'Lost it', reference: randomUUID() }),
    ]);
    const byStaff = await jobsOf(memberEmails, staffReset!);
    expect(byStaff.map((j) => j.jobId)).toEqual([`${staffReset!.id}:password-reset`]);
    expect(mail(byStaff[0]).to).toEqual(['moved@example.test']);
    const original = (await jobsOf(memberEmails, activated!))[0]!;
    const again = await jobsOf(memberEmails, resent!);
    expect(again).toEqual([{ ...original, jobId: `${resent!.id}:resend` }]);
    expect(await jobsOf(memberEmails, unknown!)).toEqual([]);
  });

  it('sends a winner email again to this member only, from the WinnerNotified the action names', async () => {
    const other = randomUUID();
    await append(memberStreamId(other), [
      event('MemberRegistered', {
        memberId: other,
        email: 'al@example.test',
        firstname: 'Al',
        lastname: 'Other',
        referralCode: 'AL1',
        chosenMembershipId: null,
      }),
    ]);
    const prizeId = randomUUID();
    const [, notified] = await append(`draw-${prizeId}`, [
      event('PrizeCreated', { prizeId, fields: { title: 'A round at the Open', slug: 'open' } }),
      event('WinnerNotified', { prizeId, k: 0, memberIds: [other, memberId] }),
    ]);
    const [resent] = await append(memberStreamId(memberId), [
      event('SupportActionRecorded', { memberId, action: 'winner-email-resent', reason: 'Lost it', reference: notified!.id }),
    ]);
    const first = (await jobsOf(winnerEmails, notified!)).find((j) => j.jobId.endsWith(`winner-email:${memberId}`))!;
    expect(await jobsOf(winnerEmails, resent!)).toEqual([{ ...first, jobId: `${resent!.id}:resend` }]);
  });

  it('tracks sign-ins and browser events from their events', async () => {
    const [signedIn] = await append(`login-${memberId}`, [
      event('MemberSignedIn', { memberId, email: 'jo@example.test', clientIp: '203.0.113.9', userAgent: 'Firefox' }),
    ]);
    const login = await jobsOf(memberTracking, signedIn!);
    expect(login.map((j) => [j.queue, j.jobId])).toEqual([['tracking', `${signedIn!.id}:tracking`]]);
    expect(trackingJobSchema.parse(login[0]!.data)).toEqual({
      event: 'login',
      eventId: signedIn!.id,
      eventTime: Date.parse('2026-11-21T07:00:00.000Z') / 1000,
      user: { userId: memberId, email: 'jo@example.test', clientIp: '203.0.113.9', userAgent: 'Firefox' },
    });
    const [viewed] = await append('tracked-px-1', [
      event('BrowserEventTracked', {
        eventId: 'px-1',
        eventName: 'view_content',
        url: 'https://club.example.test/p',
        customData: { content_name: 'Prize' },
        fbp: 'fb.1',
        testEventCode: null,
        clientIp: null,
        userAgent: 'Safari',
      }),
    ]);
    const browser = await jobsOf(memberTracking, viewed!);
    expect(browser[0]!.jobId).toBe(`${viewed!.id}:tracking`);
    expect(trackingJobSchema.parse(browser[0]!.data)).toEqual({
      event: 'view_content',
      eventId: 'px-1',
      eventTime: Date.parse('2026-11-21T07:00:00.000Z') / 1000,
      sourceUrl: 'https://club.example.test/p',
      user: { fbp: 'fb.1', userAgent: 'Safari' },
      customData: { content_name: 'Prize' },
    });
  });
});
