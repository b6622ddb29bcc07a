import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteSql, createPostgresEventStore, type EventStore, type RecordedEvent, type Sql } from '@roar/platform';
import { memberControlsStreamId, memberStreamId, drawStreamId } from '@roar/domain';
import { emailJobSchema, type ReactorContext } from '../src';
import { promotionalEmails } from '../src/reactors/promotional-emails';
import { event, quietLogger } from './helpers';

/** Issue 23: "A new draw is open" goes to members who agreed to it, never to one on a break or self-excluded. */
describe('promotional email: a new draw is open', () => {
  let sql: Sql;
  let store: EventStore;
  let ctx: ReactorContext;

  beforeEach(async () => {
    sql = await createPgliteSql(null);
    store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
    ctx = { store, staffMailbox: 'staff@example.test', logger: quietLogger, publicUrl: () => 'https://club.example.test' };
  });
  afterEach(async () => {
    await store.close();
    await sql.close();
  });

  const register = async (email: string, optIn: boolean): Promise<string> => {
    const memberId = randomUUID();
    const data = {
      memberId,
      email,
      firstname: email.split('@')[0]!,
      lastname: 'Citizen',
      referralCode: `C${memberId.slice(0, 6)}`,
      chosenMembershipId: null,
    };
    await store.append(memberStreamId(memberId), [event('MemberRegistered', optIn ? { ...data, marketingOptIn: true } : data)], 'no_stream');
    return memberId;
  };
  const pause = async (memberId: string, kind: 'break' | 'self-exclusion', length: string, startedAt: string, endsAt: string) =>
    store.append(
      memberControlsStreamId(memberId),
      [event('MemberPauseStarted', { memberId, kind, length, billing: 'pause', startedAt, endsAt })],
      'any',
    );
  const publish = async (): Promise<RecordedEvent> => {
    const prizeId = randomUUID();
    await store.append(drawStreamId(prizeId), [event('PrizePublished', { prizeId })], 'no_stream');
    return (await store.readStream(drawStreamId(prizeId))).at(-1)!;
  };

  it('emails the opted-in member, and not the self-excluded one, the one on a break, nor one who never agreed', async () => {
    const keen = await register('keen@example.test', true);
    const excluded = await register('excluded@example.test', true);
    const resting = await register('resting@example.test', true);
    await register('quiet@example.test', false);
    const rested = await register('rested@example.test', true);
    // The prize is published at 2026-11-21T07:00Z (the helper's time).
    await pause(excluded, 'self-exclusion', '6-months', '2026-11-01T00:00:00.000Z', '2027-05-01T00:00:00.000Z');
    await pause(resting, 'break', '7-days', '2026-11-20T00:00:00.000Z', '2026-11-27T00:00:00.000Z');
    await pause(rested, 'break', '24-hours', '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z');

    const published = await publish();
    const jobs = await promotionalEmails.toJobs(published, ctx);
    const to = jobs.map((j) => emailJobSchema.parse(j.data).to[0]).sort();
    expect(to).toEqual(['keen@example.test', 'rested@example.test']);
    const mail = emailJobSchema.parse(jobs[0]!.data);
    expect(mail.subject).toBe('A new draw is open');
    expect(mail.text).toContain('https://club.example.test/upcoming-giveaways');
    expect(jobs.map((j) => j.jobId)).toContain(`${published.id}:new-draw:${keen}`);
    // A redelivered event asks for the same jobs (same ids): nothing is sent twice.
    expect(await promotionalEmails.toJobs(published, ctx)).toEqual(jobs);
  });
});
