import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHBACK_ERRORS, cashbackStreamId } from '@roar/domain';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { RECEIPT_TOO_LARGE, RECEIPT_WRONG_TYPE } from '../src/cashback/receipt';
import { ApiSpecification } from './api-spec';
import { client } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;
// Sydney noon on 20 November 2026: rounds on the 18th are in the past, the 21st is tomorrow.
const now = new Date('2026-11-20T01:00:00.000Z');

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite', now: () => now });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const pdf = (tag: string) => Buffer.from(`%PDF-1.4\n% green fee receipt ${tag}\n`);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const spec = ApiSpecification.for(() => api);
function claimRequest(token: string, fields: Record<string, string>, file: Buffer | null, name = 'receipt.pdf') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('receipt', new Blob([new Uint8Array(file)]), name);
  return fetch(`${api.url}/api/cashback/claims`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}
async function claim(token: string, fields: Record<string, string>, file: Buffer | null, name = 'receipt.pdf') {
  const r = await claimRequest(token, fields, file, name);
  return {
    status: r.status,
    body: (await r.json()) as { data?: { id: string; status: string; payout: number | null }; errors?: Array<{ message: string }> },
  };
}
const storedFiles = (): string[] => {
  const root = join(api.ctx.config.DATA_DIR, 'uploads');
  return existsSync(root) ? readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(pdf|png|jpg|webp)$/.test(f)) : [];
};
const message = (r: { body: { errors?: Array<{ message: string }> } }) => r.body.errors?.[0]?.message;
async function staffCall<T = Record<string, unknown>>(method: string, path: string, body?: unknown, who: StaffRoleName = 'staff') {
  const r = await adminFetch(api, path, { method, token: staff[who].token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await r.text();
  return { status: r.status, text, body: (r.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as T };
}

describe('green-fee cashback over HTTP', () => {
  const round = { course: 'Parkland Links', played_on: '2026-11-18', amount: '35.00' };

  it('refuses bad receipts and bad claims with plain 4xx answers, storing nothing', async () => {
    const c = client(api);
    const free = await c.signUp(1);
    expect(message(await claim(free.token, round, pdf('free')))).toBe(CASHBACK_ERRORS.noCashback);
    const m = await c.paidMember(3);
    const big = await claim(m.token, round, Buffer.concat([pdf('big'), Buffer.alloc(30 * 1024 * 1024)]));
    expect([big.status, message(big)]).toEqual([413, RECEIPT_TOO_LARGE]);
    const exe = await claim(m.token, round, Buffer.from('MZ\x90\x00 this is a windows executable'), 'receipt.jpg');
    expect([exe.status, message(exe)]).toEqual([400, RECEIPT_WRONG_TYPE]);
    expect(message(await claim(m.token, { ...round, played_on: '2026-11-21' }, pdf('future')))).toBe(CASHBACK_ERRORS.future);
    expect(message(await claim(m.token, { ...round, amount: '0' }, pdf('zero')))).toBe(CASHBACK_ERRORS.amount);
    expect((await claim(m.token, { ...round, amount: '-5' }, pdf('neg'))).status).toBe(400);
    expect((await claim(m.token, round, null)).status).toBe(400);
    const mine = await c.get('/api/cashback', m.token);
    expect((mine.body.data as { claims: unknown[]; maximum: number }).claims).toEqual([]);
    expect((mine.body.data as { maximum: number }).maximum).toBe(20);
    expect(storedFiles()).toEqual([]);
  });

  it('a member claims, staff approve with a reason, the payout is min(receipt, $20) and shows in the export; a second claim that month is refused', async () => {
    const c = client(api);
    const first = await spec(() => c.paidMember(3, {}, 'Alex', 'Golfer'))
      .when((m) => claimRequest(m.token, round, pdf('alex-1')))
      .then({
        status: 201,
        body: { data: { status: 'submitted', payout: null } },
        events: (answer, m) => ({
          [cashbackStreamId(m.id)]: [
            {
              type: 'CashbackClaimSubmitted',
              data: {
                claimId: (answer.body as { data: { id: string } }).data.id,
                memberId: m.id,
                course: 'Parkland Links',
                playedOn: '2026-11-18',
                month: '2026-11',
                amountCents: 3500,
                maximumCents: 2000,
              },
            },
          ],
        }),
      });
    const m = first.given;
    const id = (first.body as { data: { id: string } }).data.id;
    expect(message(await claim(m.token, { ...round, played_on: '2026-11-02', course: 'Riverside Golf' }, pdf('alex-2')))).toBe(
      CASHBACK_ERRORS.monthTaken,
    );

    // The same file by another member, or the same venue, date and amount on another file: refused at submit.
    const other = await c.paidMember(3);
    expect(message(await claim(other.token, { ...round, played_on: '2026-11-10' }, pdf('alex-1')))).toBe(CASHBACK_ERRORS.duplicateReceipt);
    expect(message(await claim(other.token, { ...round, course: ' parkland  LINKS ' }, png))).toBe(CASHBACK_ERRORS.duplicateReceipt);
    // A refused duplicate left nothing reserved: the other member's own receipt goes through.
    expect((await claim(other.token, { ...round, played_on: '2026-11-10' }, pdf('other-1'))).status).toBe(201);
    expect(storedFiles()).toHaveLength(2);

    const shown = await staffCall<{ member_name: string; receipt_url: string; overdue: boolean }>('GET', `/cashback-claims/${id}`);
    expect(shown.body).toMatchObject({ member_name: 'Alex Golfer', overdue: false });
    const receipt = await adminFetch(api, `/cashback-claims/${id}/receipt`, { token: staff.staff.token });
    expect(Buffer.from(await receipt.arrayBuffer()).toString()).toContain('alex-1');
    // Served as an attachment (the consoles show a blob of it), never sniffed, sandboxed if rendered (issue 19).
    const own = await fetch(`${api.url}/api/cashback/claims/${id}/receipt`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(own.status).toBe(200);
    for (const answer of [receipt, own]) {
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="receipt.pdf"');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await staffCall('POST', `/cashback-claims/${id}/approve`, { reason: 'ok' }, 'auditor')).status).toBe(403);
    const approved = await staffCall<{ status: string; payout_cents: number; decided_by: string }>('POST', `/cashback-claims/${id}/approve`, {
      reason: 'Receipt checked',
    });
    expect(approved.body).toMatchObject({ status: 'approved', payout_cents: 2000, decided_by: staff.staff.id });
    expect((await staffCall('POST', `/cashback-claims/${id}/decline`, { reason: 'Too late' })).status).toBe(409);
    // The staff dashboard counts the work waiting: the other member's claim to review, this payout to pay.
    const waiting = (await staffCall<{ waiting: Array<{ name: string; count: number }> }>('GET', '/dashboard')).body.waiting;
    expect(waiting).toContainEqual({ name: 'Cashback claims to review', count: 1 });
    expect(waiting).toContainEqual({ name: 'Cashback payouts to pay', count: 1 });

    const csv = await staffCall('GET', '/cashback-payouts/export?status=scheduled');
    expect(csv.text.split('\r\n')[0]).toContain('payout_id,claim_id,member_id,member_name');
    expect(csv.text).toContain(`"${id}"`);
    expect(csv.text).toContain('"Alex Golfer"');
    expect(csv.text).toContain('"20.00"');

    const payouts = await staffCall<Array<{ id: string; claim_id: string }>>('GET', '/cashback-payouts');
    const payout = payouts.body.find((p) => p.claim_id === id)!;
    expect((await staffCall('POST', `/cashback-payouts/${payout.id}/paid`, { reason: 'Bank run' })).status).toBe(400);
    expect(
      (await staffCall<{ status: string }>('POST', `/cashback-payouts/${payout.id}/paid`, { reason: 'Bank run', bank_reference: 'RUN-2026-11-21' }))
        .body.status,
    ).toBe('paid');
    const mine = (await c.get('/api/cashback', m.token)).body.data as {
      claimed_this_month: boolean;
      claims: Array<{ status: string; payout: number }>;
    };
    expect(mine.claims[0]).toMatchObject({ status: 'paid', payout: 20 });
    // The staff lists answer their contracts too (the response check fails a drifted one with a 500); a paid payout can be reversed.
    const paidOnly = encodeURIComponent(JSON.stringify({ status: ['paid'] }));
    const listed = await staffCall<Array<{ id: string; member_email: string }>>('GET', `/cashback-claims?filter=${paidOnly}`);
    expect(listed.body.find((x) => x.id === id)).toMatchObject({ member_email: m.email });
    const reversed = await staffCall<{ status: string }>('POST', `/cashback-payouts/${payout.id}/reverse`, { reason: 'Bank returned it' });
    expect(reversed.body.status).toBe('reversed');

    // Emails are queued after the answer (at-least-once jobs): wait for them to be written.
    const subjects = async () => (await c.mail()).filter((x) => x.to.includes(m.email)).map((x) => x.subject);
    await expect
      .poll(subjects, { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          'We received your green-fee cashback claim',
          'Your green-fee cashback is approved',
          'Your green-fee cashback is paid',
        ]),
      );
  });

  it('a declined claim shows its reason, cannot be resubmitted unchanged, and frees the month', async () => {
    const c = client(api);
    const m = await c.paidMember(3);
    const first = await claim(m.token, { ...round, course: 'Riverside Golf', amount: '12.50' }, pdf('decline-me'));
    const declined = await staffCall<{ status: string; decline_reason: string }>('POST', `/cashback-claims/${first.body.data!.id}/decline`, {
      reason: 'The receipt does not show the date',
    });
    expect(declined.body).toMatchObject({ status: 'declined', decline_reason: 'The receipt does not show the date' });
    expect(message(await claim(m.token, { ...round, course: 'Riverside Golf', amount: '12.50' }, pdf('decline-me')))).toBe(
      CASHBACK_ERRORS.duplicateReceipt,
    );
    const again = await claim(m.token, { ...round, course: 'Riverside Golf', played_on: '2026-11-17', amount: '12.50' }, pdf('a clearer photo'));
    expect(again.status).toBe(201);
  });

  it('two claims for one month racing: exactly one is accepted', async () => {
    const c = client(api);
    const m = await c.paidMember(3);
    const results = await Promise.all([
      claim(m.token, { ...round, course: 'Race A' }, pdf('race-a')),
      claim(m.token, { ...round, course: 'Race B' }, pdf('race-b')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
