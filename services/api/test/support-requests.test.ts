import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSentMail } from '@roar/workers';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { client, type Joined } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 20, defect 21: the contact form reaches staff as a support request on the console, tied to
 * the member when signed in, and staff answer it by email (sent from the answer event).
 */
type Request = {
  id: string;
  member_id: string | null;
  member_name: string | null;
  status: string;
  topic: string;
  message: string;
  replies: Array<{ body: string; to: string }>;
};

describe('support requests from the contact form', () => {
  let api: TestApi;
  let staff: Record<StaffRoleName, StaffLogin>;
  let member: Joined;
  const send = (body: Record<string, unknown>, token?: string) =>
    fetch(`${api.url}/api/support-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const form = {
    name: 'Vera Visitor',
    email: 'vera@example.test',
    topic: 'membership',
    message: 'Can I pause my membership over winter?',
    recaptcha_token: 'local-test-token',
  };
  const list = async (filter: Record<string, unknown> = {}) =>
    (await (
      await adminFetch(api, `/support-requests?filter=${encodeURIComponent(JSON.stringify(filter))}`, { token: staff.auditor.token })
    ).json()) as Request[];

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
    staff = await signInStaff(api);
    member = await client(api).paidMember(3);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('refuses bad input in plain words and records nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...form, recaptcha_token: undefined }, 'Please confirm you are not a robot.'],
      [{ ...form, email: 'not-an-email' }, 'email: Please enter a valid email'],
      [{ ...form, message: 'Help' }, 'message: Tell us a little more: at least 10 characters'],
      [{ ...form, topic: 'gossip' }, 'topic'],
    ];
    for (const [body, message] of cases) {
      const r = await send(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(((await r.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toContain(message);
    }
    expect((await send(form, 'not-a-token')).status).toBe(401);
    expect(await list()).toEqual([]);
  });

  it('reaches staff as a support request, the member named when signed in; staff answer by email and close it', async () => {
    const visitor = await send(form);
    expect(visitor.status).toBe(201);
    const fromMember = await send(
      { ...form, name: 'Mia Member', email: member.email, topic: 'shop', message: 'My polo arrived in the wrong size.' },
      member.token,
    );
    expect(fromMember.status).toBe(201);
    expect(((await fromMember.json()) as { data: { member_id: string } }).data.member_id).toBe(member.id);

    const dashboard = (await (await adminFetch(api, '/dashboard', { token: staff.auditor.token })).json()) as {
      waiting: Array<{ name: string; count: number }>;
    };
    expect(dashboard.waiting).toContainEqual({ name: 'Support requests to answer', count: 2 });
    const all = await list();
    expect(all.map((r) => [r.topic, r.status, r.member_id])).toEqual([
      ['shop', 'open', member.id],
      ['membership', 'open', null],
    ]);
    expect(all[0]!.member_name).toBeTruthy();
    expect((await list({ topic: 'membership' })).map((r) => r.message)).toEqual(['Can I pause my membership over winter?']);
    expect((await list({ q: 'wrong size' })).length).toBe(1);

    const id = all[1]!.id;
    const reply = (body: unknown, role: StaffRoleName = 'staff') =>
      adminFetch(api, `/support-requests/${id}/reply`, { method: 'POST', token: staff[role].token, body: JSON.stringify(body) });
    expect((await reply({ body: 'Yes' }, 'auditor')).status).toBe(403);
    expect((await reply({ body: '' })).status).toBe(400);
    const answered = await reply({ body: 'Yes: pause it from Settings, Membership Plan, any time.' });
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as Request).status).toBe('answered');
    await expect
      .poll(async () => (await listSentMail(api.ctx.config.DATA_DIR)).find((m) => m.to.includes('vera@example.test'))?.text)
      .toContain('Yes: pause it from Settings, Membership Plan, any time.');
    const mail = (await listSentMail(api.ctx.config.DATA_DIR)).find((m) => m.to.includes('vera@example.test'))!;
    expect(mail.subject).toBe('Re: your message to ROAR+ support');
    expect(mail.text).toContain('> Can I pause my membership over winter?');

    expect((await adminFetch(api, `/support-requests/${id}/close`, { method: 'POST', token: staff.staff.token })).status).toBe(200);
    expect((await reply({ body: 'One more thing' })).status).toBe(409);
    const shown = (await (await adminFetch(api, `/support-requests/${id}`, { token: staff.auditor.token })).json()) as Request & {
      events: Array<{ event_type: string }>;
    };
    expect(shown.status).toBe('closed');
    expect(shown.replies.map((r) => r.to)).toEqual(['vera@example.test']);
    expect(shown.events.map((e) => e.event_type)).toEqual(['SupportRequestSubmitted', 'SupportRequestAnswered', 'SupportRequestClosed']);
    expect((await adminFetch(api, '/support-requests/00000000-0000-4000-8000-000000000000', { token: staff.auditor.token })).status).toBe(404);
  });
});
