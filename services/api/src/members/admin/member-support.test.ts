import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSentMail } from '@roar/workers';
import { startTestApi, type TestApi } from '../../../test/setup';
import { ACCOUNT_SUSPENDED } from '../../auth/member-routes';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../../admin/test-staff';

type Json = Record<string, unknown>;

/**
 * Member support over HTTP (issue 14): a member signed up through the real API is suspended by
 * staff (sessions end, sign-in refused), reinstated, noted and sent a reset link; each step is in
 * the member's history with the staff actor and reason; auditors are refused every action.
 */
describe('member support from the staff console', () => {
  let api: TestApi;
  let staff: Record<StaffRoleName, StaffLogin>;
  let memberId = '';
  const email = 'support.case@example.test';
  const password = 'correct-horse-1';
  const memberPost = (path: string, body: unknown, token?: string) =>
    fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const act = (path: string, body: unknown, role: StaffRoleName = 'staff', method = 'POST') =>
    adminFetch(api, `/members/${memberId}${path}`, { method, body: JSON.stringify(body), token: staff[role].token });
  const login = () => memberPost('/auth/login', { email, password });

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
    staff = await signInStaff(api);
    const r = await memberPost('/api/sign-up', {
      first_name: 'Sam',
      last_name: 'Support',
      email,
      password,
      membership_id: 1,
      recaptcha_token: 'local-test-token',
      state: 'NSW',
      dob: '1990-01-01',
    });
    expect(r.status).toBe(201);
    const token = ((await r.json()) as { access_token: string }).access_token;
    memberId = (
      (await (await fetch(`${api.url}/api/current-user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { user: { id: string } }
    ).user.id;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('suspends: sessions end, sign-in is refused; reinstated, the member signs in again', async () => {
    const session = (await (await login()).json()) as { data: { access_token: string; refresh_token: string } };
    expect((await act('/suspend', { reason: '' })).status).toBe(400);
    expect((await act('/suspend', { reason: 'Chargeback under review' }, 'auditor')).status).toBe(403);
    expect((await act('/suspend', { reason: 'Chargeback under review' })).status).toBe(200);
    expect((await act('/suspend', { reason: 'Twice' })).status).toBe(409);

    expect((await fetch(`${api.url}/api/current-user`, { headers: { authorization: `Bearer ${session.data.access_token}` } })).status).toBe(401);
    expect((await memberPost('/auth/refresh', { refresh_token: session.data.refresh_token, mode: 'json' })).status).toBe(401);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ errors: [{ message: ACCOUNT_SUSPENDED }] });
    const shown = (await (await adminFetch(api, `/members/${memberId}`, { token: staff.auditor.token })).json()) as Json;
    expect(shown.status).toBe('suspended');

    expect((await act('/reinstate', { reason: 'Chargeback withdrawn' })).status).toBe(200);
    expect((await login()).status).toBe(200);
  });

  it('keeps notes, sends a reset link, edits the profile; each in the history with who and why', async () => {
    expect((await act('/notes', { note: '' })).status).toBe(400);
    expect((await act('/notes', { note: 'Called about the renewal date.' }, 'auditor')).status).toBe(403);
    expect((await act('/notes', { note: 'Called about the renewal date.' })).status).toBe(201);
    const reset = await act('/password-reset', { reason: 'Member asked by phone' });
    expect(reset.status).toBe(200);
    // An id that is not a member's (nor a uuid) is simply not found, never a 500.
    const unknown = await adminFetch(api, `/members/${encodeURIComponent('not a member')}/password-reset`, {
      method: 'POST',
      token: staff.staff.token,
      body: JSON.stringify({ reason: 'Member asked by phone' }),
    });
    expect(unknown.status).toBe(404);
    await expect
      .poll(async () => (await listSentMail(api.ctx.config.DATA_DIR)).some((m) => m.to.includes(email) && /change-password\?token=/.test(m.text)))
      .toBe(true);
    expect((await act('/profile', { state: 'QLD', reason: 'Moved to Brisbane' }, 'staff', 'PUT')).status).toBe(200);
    expect((await act('/profile', { state: 'XX', reason: 'Typo' }, 'staff', 'PUT')).status).toBe(400);
    expect((await act('/profile', { email: 'new@example.test', reason: 'No such field here' }, 'staff', 'PUT')).status).toBe(400);
    // A free plan had no payment: there is no receipt to send again.
    const noReceipt = await act('/resend-email', { email: 'receipt', event_id: '00000000-0000-4000-8000-000000000000', reason: 'Member asked' });
    expect(noReceipt.status).toBe(404);
    expect((await act('/resend-email', { email: 'receipt', reason: 'No event' })).status).toBe(400);
    expect((await act('/resend-email', { email: 'winner', prize_id: 'p', reason: 'Member asked' }, 'auditor')).status).toBe(403);
    // A free plan has nothing to cancel: refused plainly, nothing recorded.
    expect((await act('/cancel-plan', { reason: 'Member asked' }, 'auditor')).status).toBe(403);
    const cancel = await act('/cancel-plan', { reason: 'Member asked' });
    expect(cancel.status).toBe(409);
    expect(JSON.stringify(await cancel.json())).toContain('There is no paid membership to cancel.');

    const shown = (await (await adminFetch(api, `/members/${memberId}`, { token: staff.auditor.token })).json()) as {
      history: Array<{ event_type: string; actor: string; reason: string | null }>;
    };
    const staffActs = shown.history.filter((h) => h.actor.startsWith('staff'));
    expect(staffActs.map((h) => [h.event_type, h.reason])).toEqual([
      ['MemberSuspended', 'Chargeback under review'],
      ['MemberReinstated', 'Chargeback withdrawn'],
      ['SupportNoteAdded', 'Support note'],
      ['SupportActionRecorded', 'Member asked by phone'],
      ['MemberProfileUpdated', 'Moved to Brisbane'],
    ]);
  });

  it('changes the sign-in email under the uniqueness rule; the old address is free again', async () => {
    const other = 'someone.else@example.test';
    expect(
      (
        await memberPost('/api/sign-up', {
          first_name: 'Olive',
          last_name: 'Other',
          email: other,
          password,
          membership_id: 1,
          recaptcha_token: 'local-test-token',
          state: 'NSW',
          dob: '1990-01-01',
        })
      ).status,
    ).toBe(201);
    const change = (to: string, role: StaffRoleName = 'staff', why = 'Member lost access to the old inbox') =>
      act('/email', { email: to, reason: why }, role, 'PUT');

    expect((await change('moved@example.test', 'auditor')).status).toBe(403);
    expect((await change('not an email')).status).toBe(400);
    expect((await change('moved@example.test', 'staff', '')).status).toBe(400);
    const taken = await change(' Someone.Else@Example.test ');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ errors: [{ message: 'An account with this email already exists.' }] });

    const moved = await change('Moved@Example.test');
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ id: memberId, email: 'moved@example.test', changed: true });
    expect((await memberPost('/auth/login', { email: 'moved@example.test', password })).status).toBe(200);
    expect((await login()).status).toBe(401);
    const shown = (await (await adminFetch(api, `/members/${memberId}`, { token: staff.auditor.token })).json()) as {
      email: string;
      history: Array<{ event_type: string; actor: string; reason: string | null }>;
    };
    expect(shown.email).toBe('moved@example.test');
    // Mail follows the new address: a reset link goes there.
    expect((await act('/password-reset', { reason: 'Member asked after the move' })).status).toBe(200);
    await expect
      .poll(async () =>
        (await listSentMail(api.ctx.config.DATA_DIR)).some((m) => m.to.includes('moved@example.test') && /change-password\?token=/.test(m.text)),
      )
      .toBe(true);
    expect(shown.history.filter((h) => h.event_type === 'MemberEmailChanged').map((h) => [h.actor.startsWith('staff'), h.reason])).toEqual([
      [true, 'Member lost access to the old inbox'],
    ]);

    // The old address was released: a new person can join with it; the new one is held.
    expect(
      (
        await memberPost('/api/sign-up', {
          first_name: 'Nora',
          last_name: 'New',
          email,
          password,
          membership_id: 1,
          recaptcha_token: 'local-test-token',
          state: 'NSW',
          dob: '1990-01-01',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await memberPost('/api/sign-up', {
          first_name: 'Copy',
          last_name: 'Cat',
          email: 'moved@example.test',
          password: 'maple-cobalt-9',
          membership_id: 1,
          recaptcha_token: 'local-test-token',
          state: 'NSW',
          dob: '1990-01-01',
        })
      ).status,
    ).not.toBe(201);
    // Staff cannot move the member back onto an address someone now holds.
    expect((await change(email)).status).toBe(409);
  });

  it('changes the plan on the member behalf through the upgrade checkout; the plan changes once paid', async () => {
    const change = (membership_id: number, role: StaffRoleName = 'staff', why = 'Member asked by phone for Platinum') =>
      act('/change-plan', { membership_id, reason: why }, role);
    type Moves = { moves: Array<{ membership_id: number; tier: string }>; none_because: string | null; current: { tier: string } | null };
    const moves = async () => (await (await adminFetch(api, `/members/${memberId}/plan-moves`, { token: staff.auditor.token })).json()) as Moves;
    // A free member may move up to the paid plans; nothing to explain.
    const before = await moves();
    expect(before.moves.map((m) => m.membership_id)).toContain(3);
    expect(before.none_because).toBeNull();
    expect((await change(3, 'auditor')).status).toBe(403);
    expect((await change(3, 'staff', '')).status).toBe(400);
    expect((await change(99_999)).status).toBe(400);
    const started = await change(3);
    expect(started.status).toBe(201);
    const { payment_url } = (await started.json()) as { payment_url: string };
    const url = new URL(payment_url);
    expect(url.origin).toBe(api.url);
    const paid = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Sam Support' }).toString(),
    });
    expect(paid.status).toBeLessThan(400);
    await api.infra.members.local?.idle();
    const read = async () =>
      (await (await adminFetch(api, `/members/${memberId}`, { token: staff.auditor.token })).json()) as {
        membership_id: number | null;
        history: Array<{ event_type: string; actor: string; reason: string | null }>;
      };
    await expect.poll(async () => (await read()).membership_id, { timeout: 10_000 }).toBe(3);
    const started_by = (await read()).history.filter((h) => h.event_type === 'MembershipCheckoutStarted').at(-1);
    expect(started_by?.actor.startsWith('staff')).toBe(true);
    expect(started_by?.reason).toBe('Member asked by phone for Platinum');
    // The top tier offers no upgrade: refused in plain words, as the member's own upgrade is.
    const top = await change(3);
    expect(top.status).toBe(409);
    // Issue 20, defect 11: the dialog's list is empty for a Platinum member, and says why and what staff can do instead.
    const after = await moves();
    expect(after.current?.tier).toBe('Platinum');
    expect(after.moves).toEqual([]);
    expect(after.none_because).toMatch(
      /^Platinum is the top plan: there is no plan to move up to\. To move the member down, cancel the plan with Cancel plan/,
    );
    expect((await adminFetch(api, '/members/00000000-0000-4000-8000-000000000000/plan-moves', { token: staff.auditor.token })).status).toBe(404);
  });
});
