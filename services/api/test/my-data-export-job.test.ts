import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myDataStreamId } from '@roar/domain';
import { listSentMail } from '@roar/workers';
import { seedShop } from '../src/shop';
import { startTestApi, type TestApi } from './setup';

interface Session {
  access_token: string;
  redirect_url: string | null;
}

/** Issue 23: a large data request is prepared by a job and emailed as a link that expires (threshold 0 here: every zip is large). */
describe('my data as a job: 202, the emailed link, 410 once expired', () => {
  let api: TestApi;
  let clock = new Date();
  const send = (method: string, path: string, body: unknown, token?: string) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? null : JSON.stringify(body),
    });
  const get = (path: string, token: string) => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite', now: () => clock, env: { MY_DATA_JOB_THRESHOLD_BYTES: '0', MY_DATA_LINK_DAYS: '7' } }))!;
    await seedShop(api.infra.store, api.infra.registry, api.ctx.logger, new Date());
    expect(await api.infra.projections.waitFor(await api.infra.store.headPosition(), 20_000)).toBe(true);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers 202, the worker emails a link, the link downloads payments, entries and orders once, and 410 after it expires', async () => {
    const email = 'job.data@example.com.au';
    const signUp = await send('POST', '/api/sign-up', {
      first_name: 'Jane',
      last_name: 'Citizen',
      email,
      password: 'correct-horse-1',
      membership_id: 3,
      recaptcha_token: 'local-test-token',
      state: 'NSW',
      dob: '1990-01-01',
    });
    expect(signUp.status).toBe(201);
    const session = (await signUp.json()) as Session;
    await fetch(session.redirect_url!, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Jane Citizen' }).toString(),
    });
    await api.infra.members.local?.idle();
    const token = session.access_token;
    const memberId = ((await (await get('/api/current-user', token)).json()) as { user: { id: string } }).user.id;
    await expect.poll(async () => ((await (await get('/api/my-data', token)).json()) as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
    await expect.poll(async () => ((await (await get('/api/my-data', token)).json()) as { payments: unknown[] }).payments.length).toBeGreaterThan(0);

    const asked = await get('/api/my-data?format=zip', token);
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ message: 'We are preparing your file and will email you a link.' });

    const subject = 'Your ROAR+ data is ready to download';
    await expect
      .poll(async () => (await listSentMail(api.ctx.config.DATA_DIR)).filter((m) => m.to.includes(email) && m.subject === subject).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const mail = (await listSentMail(api.ctx.config.DATA_DIR)).find((m) => m.to.includes(email) && m.subject === subject)!;
    const link = /https?:\/\/\S+\/api\/my-data\/download\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const path = new URL(link!).pathname;

    const download = await fetch(`${api.url}${path}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const dir = mkdtempSync(join(tmpdir(), 'my-data-job-'));
    try {
      const file = join(dir, 'my-data.zip');
      writeFileSync(file, Buffer.from(await download.arrayBuffer()));
      const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      expect(listing).toEqual(
        expect.arrayContaining(['payments.json', 'payments.csv', 'entries.json', 'entries.csv', 'orders.json', 'orders.csv', 'emails.json']),
      );
      const payments = JSON.parse(execFileSync('unzip', ['-p', file, 'payments.json'], { encoding: 'utf8' })) as { member_id: string }[];
      expect(payments.length).toBeGreaterThan(0);
      expect(payments.every((p) => p.member_id === memberId)).toBe(true);
      const entries = JSON.parse(execFileSync('unzip', ['-p', file, 'entries.json'], { encoding: 'utf8' })) as unknown[];
      expect(entries.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // An altered link is not ours; a link past its 7 days is gone, in words.
    const [payload, signature] = path.split('/').at(-1)!.split('.');
    expect((await fetch(`${api.url}/api/my-data/download/${payload}.${signature!.slice(0, -2)}xx`)).status).toBe(404);
    clock = new Date(clock.getTime() + 7 * 86_400_000 + 1000);
    const expired = await fetch(`${api.url}${path}`);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/has expired/);

    const log = (await api.infra.store.readStream(myDataStreamId(memberId))).map((e) => e.type);
    expect(log.filter((t) => t === 'MemberDataExportPrepared')).toHaveLength(1);
    expect(log.filter((t) => t === 'MemberDataExportDownloaded')).toHaveLength(1);
    expect(log).toContain('MemberDataRequested');
  });
});
