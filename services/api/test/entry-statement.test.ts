import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubMonth } from '@roar/contracts/time';
import { entriesDecider, entriesStreamId, memberStreamId, NO_SECONDARY_PRIZE_IMAGES, type PrizeFields } from '@roar/domain';
import { handleCommand, newCorrelationId, type CommandContext } from '@roar/platform';
import { listSentMail } from '@roar/workers';
import { runPrizeCommand } from '../src/draws/lifecycle';
import { adjustmentCommand } from '../src/members/admin/entry-adjustments';
import { startTestApi, type TestApi } from './setup';

interface Statement {
  data: {
    total: number;
    months: { month: string; granted: number; revoked: number; lines: { source: string; count: number; reason: string | null; draws: string[] }[] }[];
  };
}

/** Issue 23 over HTTP: the entry statement, and the cancel notice the page shows and the email repeats. */
describe('entry statement and the cancel notice', () => {
  let api: TestApi;
  const clock = new Date();
  const send = (method: string, path: string, body: unknown, token?: string) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? null : JSON.stringify(body),
    });
  const get = (path: string, token: string) => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const system = (): CommandContext => ({
    actor: { type: 'system', id: 'test' },
    correlationId: randomUUID(),
    occurredAt: new Date(),
    reason: 'test',
  });

  const signUpAndPay = async (email: string) => {
    const answer = await send('POST', '/api/sign-up', {
      first_name: 'Jane',
      last_name: 'Citizen',
      email,
      password: 'correct-horse-1',
      membership_id: 3,
      recaptcha_token: 'local-test-token',
      state: 'NSW',
      dob: '1990-01-01',
    });
    expect(answer.status).toBe(201);
    const session = (await answer.json()) as { access_token: string; redirect_url: string };
    await fetch(session.redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Jane Citizen' }).toString(),
    });
    await api.infra.members.local?.idle();
    const me = (await (await get('/api/current-user', session.access_token)).json()) as { user: { id: string } };
    return { token: session.access_token, memberId: me.user.id };
  };

  const publishPrize = async (title: string, closesAt: string): Promise<string> => {
    const prizeId = randomUUID();
    const fields: PrizeFields = {
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: '<p>Test.</p>',
      hero_image: null,
      ...NO_SECONDARY_PRIZE_IMAGES,
      prize_type_id: 'normal',
      event_date: null,
      event_participants: null,
      prize_end_date: closesAt,
      prize_value: 100,
      prize_value_currency: 'AUD',
    };
    await runPrizeCommand(api.ctx, prizeId, { type: 'CreatePrize', prizeId, fields }, system());
    await runPrizeCommand(api.ctx, prizeId, { type: 'PublishPrize' }, system());
    return prizeId;
  };

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', now: () => clock }))!;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('shows a staff adjustment with its reason, in the club month it happened, and the draws it counts in', async () => {
    const jane = await signUpAndPay('jane.statement@example.com.au');
    await publishPrize('Statement Ute', new Date(clock.getTime() + 3 * 3_600_000).toISOString());
    // 00:30 or 01:30 in Sydney on the 1st of this month, still the last day of last month in UTC.
    const monthStart = new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), 1));
    const lateLastMonthUtc = new Date(monthStart.getTime() - 9.5 * 3_600_000);
    const adjusted = await handleCommand(
      api.ctx.store,
      api.ctx.registry,
      entriesStreamId(jane.memberId),
      entriesDecider,
      adjustmentCommand(randomUUID(), { memberId: jane.memberId, count: 15, reason: 'Goodwill for the rained-out round' }),
      { actor: { type: 'staff', id: 'staff-1' }, correlationId: newCorrelationId(), occurredAt: lateLastMonthUtc },
    );
    expect(adjusted.appended).toBeTruthy();

    let statement: Statement | null = null;
    await expect
      .poll(async () => {
        statement = (await (await get('/api/entry-statement', jane.token)).json()) as Statement;
        return statement.data.months.flatMap((m) => m.lines).map((l) => l.source);
      })
      .toEqual(expect.arrayContaining(['initial', 'staff-adjustment']));
    const months = statement!.data.months;
    const adjustmentMonth = months.find((m) => m.lines.some((l) => l.source === 'staff-adjustment'))!;
    expect(adjustmentMonth.month).toBe(clubMonth(lateLastMonthUtc));
    expect(adjustmentMonth.month).not.toBe(lateLastMonthUtc.toISOString().slice(0, 7));
    const line = adjustmentMonth.lines.find((l) => l.source === 'staff-adjustment')!;
    expect(line).toMatchObject({ count: 15, reason: 'Goodwill for the rained-out round' });
    expect(line.draws).toContain('Statement Ute');
    expect(statement!.data.total).toBe(months.reduce((n, m) => n + m.granted - m.revoked, 0));
    // Newest month first.
    expect(months.map((m) => m.month)).toEqual([...months.map((m) => m.month)].sort().reverse());
    expect((await fetch(`${api.url}/api/entry-statement`)).status).toBe(401);
  });

  it('says before cancelling which open draws the entries stay in and what is forfeited, and the email says the same words', async () => {
    const ann = await signUpAndPay('ann.cancel@example.com.au');
    const me = (await (await get('/api/current-user', ann.token)).json()) as { subscription: { end_date: string } };
    const periodEnd = me.subscription.end_date;
    await publishPrize('Cancel Ute', new Date(clock.getTime() + 5 * 3_600_000).toISOString());
    await publishPrize('Cancel Boat', new Date(Date.parse(periodEnd) + 10 * 86_400_000).toISOString());
    await expect
      .poll(async () => (await (await get('/api/cancel-preview', ann.token)).json()) as { data: { text: string } })
      .toMatchObject({
        data: { text: expect.stringContaining('Cancel Boat') },
      });

    const preview = (await (await get('/api/cancel-preview', ann.token)).json()) as { data: { ends_at: string; text: string } };
    expect(preview.data.ends_at).toBe(periodEnd);
    expect(preview.data.text).toMatch(/^Your benefits end on \d{1,2} \w+ \d{4}\. /);
    expect(preview.data.text).toMatch(/keep their place in .*Cancel Ute \(\d+ entries, closes/);
    expect(preview.data.text).toMatch(/You forfeit \d+ entries in Cancel Boat \(closes .*, after your benefits end\)/);
    expect(preview.data.text).toMatch(/your plan would have added at its renewal on/);

    const cancel = (await (await send('POST', '/api/cancel-membership', {}, ann.token)).json()) as {
      status: string;
      result: { membership_end_date: string; notice: string };
    };
    expect(cancel.status).toBe('ok');
    expect(cancel.result.notice).toBe(preview.data.text);
    const recorded = (await api.ctx.store.readStream(memberStreamId(ann.memberId))).find((e) => e.type === 'MembershipCancelled')!;
    expect((recorded.data as { notice?: { endsAt: string } }).notice?.endsAt).toBe(periodEnd);

    let mail: { text: string; html: string } | undefined;
    await expect
      .poll(async () => {
        mail = (await listSentMail(api.ctx.config.DATA_DIR)).find(
          (m) => m.to.includes('ann.cancel@example.com.au') && /is cancelled/.test(m.subject),
        );
        return mail !== undefined;
      })
      .toBe(true);
    expect(mail!.text.replace(/\s+/g, ' ')).toContain(preview.data.text);

    // Nothing left to cancel: the preview refuses in the decider's words.
    const again = await get('/api/cancel-preview', ann.token);
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ error: 'The membership is already cancelled.' });
  });
});
