import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteSql, createPostgresEventStore, type EventStore, type Sql } from '@roar/platform';
import { memberStreamId } from '@roar/domain';
import { winnerEmails } from '../src/reactors/winner-emails';
import { event, quietLogger } from './helpers';

/** The winner email links to the dashboard with an absolute URL built from configuration. */
describe('winner email links', () => {
  let sql: Sql;
  let store: EventStore;
  beforeEach(async () => {
    sql = await createPgliteSql(null);
    store = await createPostgresEventStore(sql, { pollIntervalMs: 20 });
  });
  afterEach(async () => {
    await store.close();
    await sql.close();
  });

  it('points the claim link at PUBLIC_URL, escaped, never at a relative path', async () => {
    const memberId = randomUUID();
    const prizeId = randomUUID();
    await store.append(
      memberStreamId(memberId),
      [
        event('MemberRegistered', {
          memberId,
          email: 'win@example.test',
          firstname: 'Wyn',
          lastname: 'Ner',
          referralCode: 'WYN1',
          chosenMembershipId: 1,
        }),
      ],
      'no_stream',
    );
    await store.append(
      `draw-${prizeId}`,
      [
        event('PrizeCreated', { prizeId, fields: { title: 'A round at the Open', slug: 'open-round' } }),
        event('WinnerNotified', { prizeId, k: 0, memberIds: [memberId], claimBy: '2026-12-25T06:00:00.000Z' }),
      ],
      'no_stream',
    );
    const notified = (await store.readStream(`draw-${prizeId}`))[1]!;
    const jobs = await winnerEmails.toJobs(notified, {
      store,
      staffMailbox: 'staff@example.test',
      logger: quietLogger,
      publicUrl: () => 'https://club.example.test/base',
    });
    const mail = jobs[0]!.data as { text: string; html: string };
    expect(mail.text).toContain('Claim your prize from your dashboard: https://club.example.test/base/dashboard/my-draws');
    expect(mail.html).toContain('<a href="https://club.example.test/base/dashboard/my-draws">My draws</a>');
    expect(mail.html).not.toContain('href="/');
    // Issue 22: the notice links the draw's terms and states the claim period (club time).
    expect(mail.text).toContain("The draw's terms: https://club.example.test/base/events/open-round/terms");
    expect(mail.html).toContain('<a href="https://club.example.test/base/events/open-round/terms">The draw\'s terms</a>');
    expect(mail.text).toContain('Please claim it by Friday 25 December 2026');
  });
});
