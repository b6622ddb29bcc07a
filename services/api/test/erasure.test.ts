import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailReservationStreamId, memberStreamId } from '@roar/domain';
import { listSentMail, type SentMail } from '@roar/workers';
import { ERASURE_DELETED, ERASURE_HOW_TO_ASK, ERASURE_KEPT, ERASURE_PROOFS, WRONG_PASSWORD_TO_DELETE } from '@roar/contracts/erasure';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { emailReservationKeyOf } from '../src/secrets';
import { startTestApi, type TestApi } from './setup';

interface Session {
  access_token: string;
  refresh_token: string;
  redirect_url: string;
}
type Json = Record<string, unknown>;

/**
 * Deleting an account (issue 24) over HTTP, on the real API: the member's own deletion with their
 * password, the staff erasure on a written request with and without four-eyes, and what follows
 * from MemberErased (the email, then the key deleted).
 */
let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;
const PASSWORD = 'correct-horse-1';
const DELETED_SUBJECT = 'Your ROAR+ account has been deleted';

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, token: string) => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
const staffPost = async (path: string, body: unknown, who: StaffRoleName) => {
  const r = await adminFetch(api, path, { method: 'POST', token: staff[who].token, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Json };
};

async function signUp(email: string): Promise<{ session: Session; memberId: string }> {
  const r = await post('/api/sign-up', {
    first_name: 'Erin',
    last_name: 'Eraseme',
    email,
    password: PASSWORD,
    membership_id: 3,
    recaptcha_token: 'local-test-token',
    state: 'NSW',
    dob: '1990-01-01',
  });
  expect(r.status).toBe(201);
  const session = (await r.json()) as Session;
  const me = (await (await get('/api/current-user', session.access_token)).json()) as { user: { id: string } };
  return { session, memberId: me.user.id };
}

/** Pays the sign-up's checkout on the local provider's test-mode page: a running monthly subscription. */
async function pay(checkoutUrl: string): Promise<void> {
  const r = await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Erin Eraseme' }).toString(),
  });
  expect(r.status).toBe(303);
  await fetch(new URL(r.headers.get('location') ?? '', checkoutUrl), { redirect: 'manual' });
  await api.infra.members.local?.idle();
}

async function deletedMail(address: string): Promise<SentMail> {
  return vi.waitFor(
    async () => {
      const mail = (await listSentMail(api.ctx.config.DATA_DIR)).find((m) => m.subject === DELETED_SUBJECT && m.to.includes(address));
      if (!mail) throw new Error(`no "${DELETED_SUBJECT}" to ${address} yet`);
      return mail;
    },
    { timeout: 20_000, interval: 100 },
  );
}

const waitErased = (memberId: string) =>
  vi.waitFor(
    async () => {
      if (!(await api.infra.personalData.isErased(memberId))) throw new Error('key not deleted yet');
    },
    { timeout: 20_000, interval: 100 },
  );

const types = async (stream: string) => (await api.ctx.store.readStream(stream)).map((e) => e.type);

beforeAll(async () => {
  api = (await startTestApi({ database: 'pglite' }))!;
  staff = await signInStaff(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('POST /api/delete-account (the member deletes their account)', () => {
  it('refuses a wrong password with a clear 400 and changes nothing; counts it against the sign-in throttle', async () => {
    const { session, memberId } = await signUp('wrong-password@example.test');
    const r = await post('/api/delete-account', { password: 'not-my-password-9' }, session.access_token);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ errors: [{ message: WRONG_PASSWORD_TO_DELETE }] });
    expect(await types(memberStreamId(memberId))).not.toContain('MemberErased');
    expect((await get('/api/current-user', session.access_token)).status).toBe(200);
    // Missing password: the contract's words, a 400.
    expect((await post('/api/delete-account', {}, session.access_token)).status).toBe(400);
    // Without a session: 401.
    expect((await post('/api/delete-account', { password: PASSWORD })).status).toBe(401);
  });

  it('deletes the account: MemberErased, signed out everywhere, sign-in and refresh refused as for an unknown account, email then key', async () => {
    const email = 'erin@example.test';
    const { session, memberId } = await signUp(email);
    const other = (await (await post('/auth/login', { email, password: PASSWORD })).json()) as { data: Session };

    const r = await post('/api/delete-account', { password: PASSWORD }, session.access_token);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ deleted: true, message: 'Your account has been deleted. We have emailed you to confirm it.' });
    expect(r.headers.get('clear-site-data')).toBe('"cookies", "storage"');

    const stream = await api.ctx.store.readStream(memberStreamId(memberId));
    const erased = stream.filter((e) => e.type === 'MemberErased');
    expect(erased.map((e) => e.data)).toEqual([{ memberId, requestedBy: 'member' }]);
    expect(erased[0]!.metadata.actor).toMatchObject({ type: 'member', id: memberId });

    // Sign-in is gone at once (the same answer as an unknown email), refresh too, and both sessions' access tokens.
    const login = await post('/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ errors: [{ message: 'Invalid user credentials.' }] });
    expect((await post('/auth/refresh', { refresh_token: session.refresh_token })).status).toBe(401);
    expect((await post('/auth/refresh', { refresh_token: other.data.refresh_token })).status).toBe(401);
    expect((await get('/api/current-user', session.access_token)).status).toBe(401);
    expect((await get('/api/current-user', other.data.access_token)).status).toBe(401);

    // The reactor's job emails the member, then deletes the key.
    const mail = await deletedMail(email);
    expect(mail.text).toContain('Your ROAR+ account has been deleted as asked.');
    for (const kept of ERASURE_KEPT) expect(mail.text).toContain(kept.why);
    await waitErased(memberId);
    // The mail log keeps no address of the erased member.
    const log = await api.ctx.sql.query<{ recipients: string }>('select recipients from jobs.sent_log');
    expect(log.rows.some((row) => row.recipients.toLowerCase().includes(email))).toBe(false);
    expect(log.rows.some((row) => row.recipients === 'erased member')).toBe(true);
    // The reservation is released: the address is free.
    expect(await types(emailReservationStreamId(email, emailReservationKeyOf(api.ctx)))).toEqual(['EmailReserved', 'EmailReleased']);
  });

  it('lets the same email join again, as a new member with a new id', async () => {
    const email = 'rejoin@example.test';
    const first = await signUp(email);
    expect((await post('/api/delete-account', { password: PASSWORD }, first.session.access_token)).status).toBe(200);
    const again = await signUp(email);
    expect(again.memberId).not.toBe(first.memberId);
    const login = await post('/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(await types(emailReservationStreamId(email, emailReservationKeyOf(api.ctx)))).toEqual(['EmailReserved', 'EmailReleased', 'EmailReserved']);
    // The old member's erasure does not touch the new one.
    await deletedMail(email);
    await waitErased(first.memberId);
    expect(await api.infra.personalData.isErased(again.memberId)).toBe(false);
  });

  it('refuses a second deletion, and every member command after it', async () => {
    const { session, memberId } = await signUp('twice@example.test');
    expect((await post('/api/delete-account', { password: PASSWORD }, session.access_token)).status).toBe(200);
    // The member's token is dead: the route cannot even be reached again by them.
    expect((await post('/api/delete-account', { password: PASSWORD }, session.access_token)).status).toBe(401);
    // Staff asking again are told it is done (409), and a staff command on the erased member is refused as for a closed account.
    const again = await staffPost(`/members/${memberId}/erase`, { reason: 'Written request ref 2' }, 'admin');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errors: [{ message: 'This account has already been deleted.' }] });
    const note = await staffPost(`/members/${memberId}/suspend`, { reason: 'After deletion' }, 'staff');
    expect(note.status).toBe(409);
    expect(note.body).toMatchObject({ errors: [{ message: 'This account has been deleted.' }] });
    expect((await types(memberStreamId(memberId))).filter((t) => t === 'MemberErased')).toHaveLength(1);
  });

  it('cancels a running monthly subscription with the payment provider first, so nothing is billed after deletion', async () => {
    const { session, memberId } = await signUp('subscriber@example.test');
    await pay(session.redirect_url);
    const me = (await (await get('/api/current-user', session.access_token)).json()) as { subscription: { id: string; status: string } };
    expect(me.subscription.status).toBe('active');
    expect((await post('/api/delete-account', { password: PASSWORD }, session.access_token)).status).toBe(200);
    const sub = await api.ctx.sql.query<{ cancel_at_period_end: boolean }>(
      'select cancel_at_period_end from local_payments.subscriptions where id = $1',
      [me.subscription.id],
    );
    expect(sub.rows[0]?.cancel_at_period_end).toBe(true);
    expect(await types(memberStreamId(memberId))).toContain('MemberErased');
    await waitErased(memberId);
  });
});

describe('POST /api/admin/members/:id/erase (staff, on the written request)', () => {
  it('is for admins only and needs the request reference', async () => {
    const { memberId } = await signUp('roles@example.test');
    expect((await staffPost(`/members/${memberId}/erase`, { reason: 'Written request ref 9' }, 'staff')).status).toBe(403);
    expect((await staffPost(`/members/${memberId}/erase`, { reason: 'Written request ref 9' }, 'auditor')).status).toBe(403);
    const noReason = await staffPost(`/members/${memberId}/erase`, {}, 'admin');
    expect(noReason.status).toBe(400);
    expect((await staffPost('/members/00000000-0000-4000-8000-000000000000/erase', { reason: 'Written request ref 9' }, 'admin')).status).toBe(404);
    expect(await types(memberStreamId(memberId))).not.toContain('MemberErased');
  });

  it('under four-eyes is only a request until another staff user approves; then it erases with both in the metadata', async () => {
    const email = 'written-request@example.test';
    const { memberId } = await signUp(email);
    const asked = await staffPost(`/members/${memberId}/erase`, { reason: 'Letter of 20 Nov, ref WR-1' }, 'admin');
    expect(asked.status).toBe(202);
    const approval = (asked.body as { approval: { id: string; summary: string } }).approval;
    expect(approval.summary).toBe(`Erase the personal data of member ${memberId} (their written request)`);
    // Nothing happened yet: the member can still sign in.
    expect(await types(memberStreamId(memberId))).not.toContain('MemberErased');
    expect((await post('/auth/login', { email, password: PASSWORD })).status).toBe(200);

    expect((await staffPost(`/approvals/${approval.id}/approve`, {}, 'admin')).status).toBe(403);
    const approved = await staffPost(`/approvals/${approval.id}/approve`, {}, 'staff');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'carried_out', outcome: `Erased the personal data of member ${memberId}` });
    const erased = (await api.ctx.store.readStream(memberStreamId(memberId))).find((e) => e.type === 'MemberErased');
    expect(erased?.data).toEqual({ memberId, requestedBy: 'staff' });
    expect(erased?.metadata.approval).toEqual({ approvalId: approval.id, requestedBy: staff.admin.id, approvedBy: staff.staff.id });
    expect((await post('/auth/login', { email, password: PASSWORD })).status).toBe(401);
    await deletedMail(email);
    await waitErased(memberId);
  });

  it('without four-eyes erases at once (200) with the reason in the metadata', async () => {
    await switchOffFourEyes(api, staff);
    const email = 'at-once@example.test';
    const { memberId } = await signUp(email);
    const done = await staffPost(`/members/${memberId}/erase`, { reason: 'Email of 21 Nov, ref WR-2' }, 'admin');
    expect(done).toEqual({ status: 200, body: { id: memberId, erased: true } });
    const erased = (await api.ctx.store.readStream(memberStreamId(memberId))).find((e) => e.type === 'MemberErased');
    expect(erased?.data).toEqual({ memberId, requestedBy: 'staff' });
    expect(erased?.metadata).toMatchObject({ actor: { type: 'staff', id: staff.admin.id }, reason: 'Email of 21 Nov, ref WR-2' });
    expect((await post('/auth/login', { email, password: PASSWORD })).status).toBe(401);
    await deletedMail(email);
    await waitErased(memberId);
  });
});

describe('the privacy policy page', () => {
  it('says what deleting an account deletes and keeps, for how long and why, in the words the settings page and staff dialog show', async () => {
    const r = await fetch(`${api.url}/items/pages?filter[path][_eq]=/privacy-policy`);
    expect(r.status).toBe(200);
    const [page] = ((await r.json()) as { data: Array<{ content: string }> }).data;
    const content = page!.content.replaceAll('&amp;', '&');
    expect(content).toContain('<h2>Deleting your account</h2>');
    for (const deleted of ERASURE_DELETED) expect(content).toContain(deleted);
    for (const kept of ERASURE_KEPT) expect(content).toContain(`${kept.what}: ${kept.howLong}. ${kept.why}`);
    expect(content).toContain('5 years');
    expect(content).toContain('3 years');
    expect(content).toContain(ERASURE_HOW_TO_ASK);
    expect(content).toContain(ERASURE_PROOFS);
  });
});
