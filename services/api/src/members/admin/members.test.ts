import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesStreamId } from '@roar/domain';
import { startTestApi, type TestApi } from '../../../test/setup';
import { seedPaidMember, type SeededMember } from './test-members';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../../admin/test-staff';

type Json = Record<string, unknown>;
interface MemberDetail extends Json {
  id: string;
  entries: { total: number; granted: number; revoked: number; grants: Json[] };
  payments: Json[];
  history: { event_type: string; stream_id: string; actor: string; reason: string | null }[];
}

/**
 * Staff members, entry adjustments and payments over HTTP, given members recorded through the
 * deciders (register, pay, activate, initial entries) and projected by the running daemon.
 */
describe.each(['postgres', 'pglite'] as const)('staff members and payments on %s', (database) => {
  let api: TestApi | null;
  let staff: Record<StaffRoleName, StaffLogin>;
  let ada: SeededMember;
  let bob: SeededMember;
  const call = (path: string, role: StaffRoleName, init: RequestInit = {}) => adminFetch(api!, path, { ...init, token: staff[role].token });
  const json = async <T = Json>(path: string, role: StaffRoleName = 'auditor') => {
    const r = await call(path, role);
    expect(r.status, path).toBe(200);
    return (await r.json()) as T;
  };
  const adjust = (role: StaffRoleName, body: Json) => call('/entry-adjustments', role, { method: 'POST', body: JSON.stringify(body) });

  beforeAll(async () => {
    api = await startTestApi({ database });
    if (!api) return;
    staff = await signInStaff(api);
    const { store, registry } = api.ctx;
    ada = await seedPaidMember(store, registry, { email: 'ada@example.test', firstname: 'Ada', lastname: 'Lovelace' });
    bob = await seedPaidMember(
      store,
      registry,
      { email: 'bob.builder@example.test', firstname: 'Bob', lastname: 'Builder' },
      new Date('2026-11-03T10:00:00Z'),
    );
    if (!(await api.ctx.projections.waitFor(bob.position, 10_000))) throw new Error('projections did not catch up');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('searches members by name or email, newest first', async (t) => {
    if (!api) return t.skip();
    const all = await call('/members', 'auditor');
    expect(all.headers.get('content-range')).toBe('members 0-1/2');
    expect(((await all.json()) as Json[]).map((m) => m.email)).toEqual(['bob.builder@example.test', 'ada@example.test']);
    for (const q of ['lovelace', 'ADA@', 'Ada Love']) {
      const found = await json<Json[]>(`/members?filter=${encodeURIComponent(JSON.stringify({ q }))}`);
      expect(
        found.map((m) => m.id),
        q,
      ).toEqual([ada.memberId]);
    }
    expect(await json<Json[]>(`/members?filter=${encodeURIComponent(JSON.stringify({ q: '%' }))}`)).toEqual([]);
    expect((await call('/members?sort=["password","ASC"]', 'auditor')).status).toBe(400);
  });

  it('shows a member with plan, ledger, payments and history, and never a secret', async (t) => {
    if (!api) return t.skip();
    const m = await json<MemberDetail>(`/members/${ada.memberId}`);
    expect(m).toMatchObject({
      email: 'ada@example.test',
      firstname: 'Ada',
      lastname: 'Lovelace',
      membership_code: 'platinum',
      membership_status: 'active',
      subscription_id: ada.subscriptionId,
    });
    expect(m.membership_end_date).toBe('2026-12-02T10:00:00.000Z');
    expect(m.entries.total).toBeGreaterThan(0);
    expect(m.entries.grants[0]).toMatchObject({ source: 'initial', first_ticket: 1, last_ticket: m.entries.total, tier_code: 'platinum' });
    expect(m.payments).toEqual([
      expect.objectContaining({
        member_id: ada.memberId,
        status: 'paid',
        payment_id: ada.paymentId,
        card_last4: '4242',
        subscription_id: ada.subscriptionId,
      }),
    ]);
    expect(m.history.map((e) => e.event_type)).toEqual([
      'MemberRegistered',
      'MembershipCheckoutStarted',
      'CheckoutCreated',
      'CheckoutCompleted',
      'MembershipActivated',
      'EntriesGranted',
    ]);
    expect(m.history.every((e) => [`member-${ada.memberId}`, `entries-${ada.memberId}`, `checkout-${ada.checkoutId}`].includes(e.stream_id))).toBe(
      true,
    );
    const text = JSON.stringify(m).toLowerCase();
    for (const secret of ['password', 'token', 'hash', 'scrypt']) expect(text, secret).not.toContain(secret);
    expect((await call('/members/00000000-0000-0000-0000-000000000000', 'staff')).status).toBe(404);
    expect((await adminFetch(api, `/members/${ada.memberId}`)).status).toBe(401);
  });

  it('grants and revokes entries as staff commands with a reason; auditors are refused', async (t) => {
    if (!api) return t.skip();
    const before = (await json<MemberDetail>(`/members/${bob.memberId}`)).entries.total;
    expect((await adjust('auditor', { memberId: bob.memberId, count: 5, reason: 'Goodwill' })).status).toBe(403);
    expect((await adjust('staff', { memberId: bob.memberId, count: 5 })).status).toBe(400);
    expect((await adjust('staff', { memberId: bob.memberId, count: 0, reason: 'Nothing' })).status).toBe(400);
    expect((await adjust('staff', { memberId: 'no-such-member', count: 5, reason: 'Goodwill' })).status).toBe(404);

    const granted = await adjust('staff', { memberId: bob.memberId, count: 5, reason: 'Goodwill after outage' });
    expect(granted.status).toBe(201);
    expect(await granted.json()).toMatchObject({ count: 5, first_ticket: before + 1, last_ticket: before + 5, total: before + 5 });
    const revoked = await adjust('admin', { memberId: bob.memberId, count: -2, reason: 'Duplicate grant' });
    expect(revoked.status).toBe(201);
    expect(await revoked.json()).toMatchObject({ count: -2, total: before + 3 });
    const tooMany = await adjust('admin', { memberId: bob.memberId, count: -(before + 4), reason: 'Too much' });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain(`Cannot revoke ${before + 4} entries: the member has ${before + 3}.`);

    const events = await api.ctx.store.readStream(entriesStreamId(bob.memberId));
    const staffEvents = events.slice(-2);
    expect(staffEvents.map((e) => e.type)).toEqual(['EntriesGranted', 'EntriesRevoked']);
    expect(staffEvents[0]!.data).toMatchObject({
      source: 'staff-adjustment',
      count: 5,
      reason: 'Goodwill after outage',
      causationKey: expect.stringMatching(/^staff:[0-9a-f-]{36}$/),
    });
    // The reason is the event's own (sealed under the member's key, issue 24): no plain copy in the metadata outlives an erasure.
    expect(staffEvents[0]!.metadata).toMatchObject({ actor: { type: 'staff', id: staff.staff.id } });
    expect(staffEvents[0]!.metadata.reason).toBeUndefined();
    expect(staffEvents[1]!.metadata).toMatchObject({ actor: { type: 'staff', id: staff.admin.id } });

    const m = await json<MemberDetail>(`/members/${bob.memberId}`);
    expect(m.entries).toMatchObject({ total: before + 3, revoked: 2 });
    expect(m.entries.grants.slice(-2)).toEqual([
      expect.objectContaining({ source: 'staff-adjustment', count: 5, reason: 'Goodwill after outage' }),
      expect.objectContaining({ count: -2, reason: 'Duplicate grant' }),
    ]);
    expect(m.history.at(-1)).toMatchObject({
      event_type: 'EntriesRevoked',
      reason: 'Duplicate grant',
      actor: expect.stringContaining(`staff:${staff.admin.id}`),
    });
  });

  it('lists payments filtered by member and status, the subscriptions view, and shows one', async (t) => {
    if (!api) return t.skip();
    const f = (filter: Json) => `/payments?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    expect((await json<Json[]>('/payments')).length).toBe(2);
    const adas = await json<Json[]>(f({ member_id: ada.memberId }));
    expect(adas.map((p) => p.payment_id)).toEqual([ada.paymentId]);
    expect((await json<Json[]>(f({ status: 'paid', subscription: true }))).length).toBe(2);
    expect(await json<Json[]>(f({ status: ['declined', 'pending'] }))).toEqual([]);
    expect(await json<Json[]>(f({ subscription: false }))).toEqual([]);
    expect((await call(f({ status: 'bogus' }), 'auditor')).status).toBe(400);
    const one = await json<Json>(`/payments/${encodeURIComponent(String(adas[0]!.id))}`);
    expect(one).toMatchObject({ member_id: ada.memberId, amount_cents: expect.any(Number), card_brand: 'visa' });
    expect((await call('/payments/nope', 'auditor')).status).toBe(404);
  });
});
