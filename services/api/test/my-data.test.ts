import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myDataStreamId } from '@roar/domain';
import { seedShop } from '../src/shop';
import { startTestApi, type TestApi } from './setup';

interface Session {
  access_token: string;
  redirect_url: string | null;
}
interface MyDataAnswer {
  member_id: string;
  profile: { email: string } | null;
  payments: { member_id: string; amount_cents?: number }[];
  entries: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  events: { stream: string; type: string }[];
  emails: { date: string; subject: string; status: string }[];
  notes: string[];
}

/** Issue 23 (APP 12) over HTTP: a member downloads everything the club holds about them, and only that. */
describe('my data: GET /api/my-data', () => {
  let api: TestApi;
  const clock = new Date();
  const send = (method: string, path: string, body: unknown, token?: string) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? null : JSON.stringify(body),
    });
  const get = (path: string, token: string) => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const signUpAndPay = async (email: string) => {
    const answer = await send('POST', '/api/sign-up', {
      first_name: 'Jane',
      last_name: 'Citizen',
      email,
      password: 'correct-horse-1',
      membership_id: 3,
      recaptcha_token: 'local-test-token',
      // Issue 22: a paid plan needs the member's state and date of birth.
      state: 'NSW',
      dob: '1990-01-01',
    });
    expect(answer.status).toBe(201);
    const session = (await answer.json()) as Session;
    await fetch(session.redirect_url!, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Jane Citizen' }).toString(),
    });
    await api.infra.members.local?.idle();
    const me = (await (await get('/api/current-user', session.access_token)).json()) as { user: { id: string } };
    return { token: session.access_token, memberId: me.user.id };
  };

  /** Places a shop order (unpaid: the payment page opens) for a towel, picked up at the club. */
  const placeOrder = async (token: string): Promise<string> => {
    const towel = (
      (await (await get('/api/shop/products/by-slug/roar-microfibre-towel', token)).json()) as {
        data: { id: string; variants: { sku: string }[] };
      }
    ).data;
    const address = { first_name: 'Jane', last_name: 'Citizen', line1: '1 Fairway Drive', suburb: 'Manly', state: 'NSW', postcode: '2095' };
    const cart = await send(
      'PATCH',
      '/api/shop/update-cart',
      { items: [{ product: towel.id, sku: towel.variants[0]!.sku, qty: 1, delivery_method: 'pickup' }], shipping_address: address },
      token,
    );
    expect(cart.status, await cart.clone().text()).toBe(200);
    const placed = await send('POST', '/api/shop/checkout', {}, token);
    expect(placed.status, await placed.clone().text()).toBe(201);
    return ((await placed.json()) as { data: { order_id: string } }).data.order_id;
  };

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', now: () => clock }))!;
    await seedShop(api.infra.store, api.infra.registry, api.ctx.logger, new Date());
    expect(await api.infra.projections.waitFor(await api.infra.store.headPosition(), 20_000)).toBe(true);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers the member their payment and entries, logs the request, and never holds another member', async () => {
    const jane = await signUpAndPay('jane.data@example.com.au');
    const other = await signUpAndPay('other.data@example.com.au');
    const order = await placeOrder(jane.token);
    const otherOrder = await placeOrder(other.token);
    await expect.poll(async () => ((await (await get('/api/my-data', jane.token)).json()) as MyDataAnswer).entries.length).toBeGreaterThan(0);

    const answer = await get('/api/my-data', jane.token);
    expect(answer.status).toBe(200);
    const data = (await answer.json()) as MyDataAnswer;
    expect(data.member_id).toBe(jane.memberId);
    expect(data.profile?.email).toBe('jane.data@example.com.au');
    expect(data.payments.length).toBeGreaterThan(0);
    expect(data.payments.every((p) => p.member_id === jane.memberId)).toBe(true);
    expect(data.events.some((e) => e.type === 'MemberSignedIn' || e.type === 'MemberSignUpCompleted')).toBe(true);
    expect(data.notes.some((n) => n.startsWith('Emails:'))).toBe(true);
    expect(data.notes.join(' ')).not.toContain('keeps no log');
    // The mail log: Jane's receipt and welcome are there, with their subjects; the other member's are not.
    await expect
      .poll(async () => ((await (await get('/api/my-data', jane.token)).json()) as MyDataAnswer).emails.filter((m) => m.status === 'sent').length)
      .toBeGreaterThan(0);
    await expect.poll(async () => ((await (await get('/api/my-data', jane.token)).json()) as MyDataAnswer).orders.map((o) => o.id)).toEqual([order]);
    const emails = ((await (await get('/api/my-data', jane.token)).json()) as MyDataAnswer).emails;
    expect(emails.every((m) => m.subject.length > 0 && !Number.isNaN(Date.parse(m.date)))).toBe(true);
    const text = JSON.stringify({ ...data, emails });
    expect(text).not.toContain(otherOrder);
    expect(text).not.toContain(other.memberId);
    expect(text).not.toContain('other.data@example.com.au');

    const requests = await api.infra.store.readStream(myDataStreamId(jane.memberId));
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.every((e) => e.type === 'MemberDataRequested')).toBe(true);
    expect(requests.at(-1)!.data).toEqual({ memberId: jane.memberId, format: 'json', at: clock.toISOString() });
    expect(await api.infra.store.readStream(myDataStreamId(other.memberId))).toEqual([]);

    expect((await fetch(`${api.url}/api/my-data`)).status).toBe(401);
    expect((await get('/api/my-data?format=pdf', jane.token)).status).toBe(400);
  });

  it('?format=zip answers a zip of JSON files with CSV for payments, entries and orders', async () => {
    const jane = await signUpAndPay('zip.data@example.com.au');
    const order = await placeOrder(jane.token);
    await expect.poll(async () => ((await (await get('/api/my-data', jane.token)).json()) as MyDataAnswer).entries.length).toBeGreaterThan(0);
    await expect.poll(async () => ((await (await get('/api/my-data', jane.token)).json()) as MyDataAnswer).orders.length).toBe(1);
    const answer = await get('/api/my-data?format=zip', jane.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const dir = mkdtempSync(join(tmpdir(), 'my-data-'));
    try {
      const file = join(dir, 'my-data.zip');
      writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
      const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      expect(listing).toEqual(
        expect.arrayContaining([
          'profile.json',
          'payments.json',
          'payments.csv',
          'entries.json',
          'entries.csv',
          'orders.json',
          'orders.csv',
          'events.json',
          'notes.json',
        ]),
      );
      const payments = JSON.parse(execFileSync('unzip', ['-p', file, 'payments.json'], { encoding: 'utf8' })) as { id: string; member_id: string }[];
      expect(payments.length).toBeGreaterThan(0);
      const csv = execFileSync('unzip', ['-p', file, 'payments.csv'], { encoding: 'utf8' }).trim().split('\r\n');
      expect(csv[0]!.split(',')).toEqual(expect.arrayContaining(['id', 'member_id']));
      expect(csv.length).toBe(payments.length + 1);
      expect(csv[1]).toContain(payments[0]!.id);
      const entriesCsv = execFileSync('unzip', ['-p', file, 'entries.csv'], { encoding: 'utf8' }).trim().split('\r\n');
      expect(entriesCsv.length).toBeGreaterThan(1);
      const ordersCsv = execFileSync('unzip', ['-p', file, 'orders.csv'], { encoding: 'utf8' }).trim().split('\r\n');
      expect(ordersCsv).toHaveLength(2);
      expect(ordersCsv[1]).toContain(order);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const last = (await api.infra.store.readStream(myDataStreamId(jane.memberId))).at(-1)!;
    expect(last.data).toEqual({ memberId: jane.memberId, format: 'zip', at: clock.toISOString() });
  });
});
