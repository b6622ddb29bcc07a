import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsProjector, verifyProjector } from '@roar/projections';
import { drawStreamId, entriesStreamId, STAFF_SECURITY_STREAM, staffAccountStreamId } from '@roar/domain';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

type Json = Record<string, unknown>;
interface Approval {
  id: string;
  kind: string;
  status: string;
  summary: string;
  reason: string;
  requested_by_name: string;
  decided_by_name: string | null;
  outcome: string | null;
  error: string | null;
  can_decide: boolean;
}

/**
 * Four-eyes over HTTP: a guarded action is only a request until a different staff user approves
 * it; a decline changes nothing; the approved command carries both staff users in its metadata;
 * switching four-eyes off is an event the dashboard's settings show.
 */
let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;
const send = async <T = Json>(method: string, path: string, body: unknown, who: StaffRoleName) => {
  const r = await adminFetch(api, path, { method, token: staff[who].token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: r.status, body: (await r.json()) as T };
};
const post = <T = Json>(path: string, body: unknown, who: StaffRoleName) => send<T>('POST', path, body, who);
const types = async (stream: string) => (await api.ctx.store.readStream(stream)).map((e) => e.type);

beforeAll(async () => {
  api = (await startTestApi({ database: 'pglite' }))!;
  staff = await signInStaff(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

async function closedPrize(slug: string): Promise<string> {
  const member = await seedPaidMember(
    api.ctx.store,
    api.ctx.registry,
    { email: `${slug}@example.test`, firstname: 'Wendy', lastname: 'Winner' },
    new Date(Date.now() - 86_400_000),
  );
  await api.infra.projections.waitFor(member.position, 10_000);
  const fields = {
    title: `Prize ${slug}`,
    slug,
    prize_type_id: 'normal',
    prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
    prize_value: 100,
    status: 'published',
    reason: 'Test prize',
  };
  const id = (await post<{ id: string }>('/prizes', fields, 'staff')).body.id;
  expect((await post(`/prizes/${id}/schedule`, {}, 'staff')).status).toBe(200);
  expect((await post(`/prizes/${id}/close`, {}, 'staff')).status).toBe(200);
  return id;
}

describe('four-eyes approval', () => {
  it('is on for a fresh install, with its thresholds, and says how many staff could approve', async () => {
    const settings = await send('GET', '/staff-security', undefined, 'auditor');
    expect(settings.body).toMatchObject({
      four_eyes: true,
      refund_above_cents: 10_000,
      entry_adjustment_above: 100,
      two_factor_required_for: 'admins',
      four_eyes_last_switch: null,
      approvers: 2,
    });
    expect(settings.body.two_factor).toMatchObject({ required: 1, required_enrolled: 1, ready: true });
  });

  it('holds a draw run until a different staff user approves it, then runs it under the approver with both in the metadata', async () => {
    const id = await closedPrize('four-eyes-draw');
    const before = await types(drawStreamId(id));
    const asked = await post<{ waiting_for_approval: boolean; approval: Approval }>(
      `/prizes/${id}/draw`,
      { reason: 'Entries closed at noon' },
      'staff',
    );
    expect(asked.status).toBe(202);
    expect(asked.body.waiting_for_approval).toBe(true);
    expect(asked.body.approval).toMatchObject({
      kind: 'draw.run',
      status: 'pending',
      summary: 'Draw the winner of Prize four-eyes-draw',
      reason: 'Entries closed at noon',
      requested_by_name: `The staff (${staff.staff.email})`,
      can_decide: false,
    });
    // Nothing happened to the draw.
    expect(await types(drawStreamId(id))).toEqual(before);
    const approvalId = asked.body.approval.id;

    const queue = await adminFetch(api, `/approvals?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`, {
      token: staff.admin.token,
    });
    const waiting = (await queue.json()) as Approval[];
    expect(waiting.map((a) => a.id)).toContain(approvalId);
    expect(waiting.find((a) => a.id === approvalId)?.can_decide).toBe(true);

    // The one who asked cannot approve it; an auditor cannot either.
    const self = await post(`/approvals/${approvalId}/approve`, {}, 'staff');
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ errors: [{ message: 'You asked for this: another staff user must approve it.' }] });
    expect((await post(`/approvals/${approvalId}/approve`, {}, 'auditor')).status).toBe(403);
    expect(await types(drawStreamId(id))).toEqual(before);

    const approved = await post<Approval>(`/approvals/${approvalId}/approve`, {}, 'admin');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'carried_out',
      outcome: 'Winner drawn',
      requested_by_name: `The staff (${staff.staff.email})`,
      decided_by_name: `The admin (${staff.admin.email})`,
    });
    const drawn = (await api.ctx.store.readStream(drawStreamId(id))).slice(before.length);
    expect(drawn.map((e) => e.type)).toContain('WinnerDrawn');
    for (const e of drawn) {
      expect(e.metadata.actor).toMatchObject({ type: 'staff', id: staff.admin.id });
      expect(e.metadata.approval).toEqual({ approvalId, requestedBy: staff.staff.id, approvedBy: staff.admin.id });
      expect(e.metadata.reason).toBe('Entries closed at noon');
    }
    // Decided once.
    expect((await post(`/approvals/${approvalId}/approve`, {}, 'admin')).status).toBe(409);
  });

  it('leaves everything as it was when the request is declined', async () => {
    const id = await closedPrize('four-eyes-decline');
    const before = await types(drawStreamId(id));
    const asked = await post<{ approval: Approval }>(`/prizes/${id}/draw`, {}, 'admin');
    expect(asked.status).toBe(202);
    const approvalId = asked.body.approval.id;
    expect((await post(`/approvals/${approvalId}/decline`, { reason: 'Self' }, 'admin')).status).toBe(403);
    expect((await post(`/approvals/${approvalId}/decline`, {}, 'staff')).status).toBe(400);
    const declined = await post<Approval>(`/approvals/${approvalId}/decline`, { reason: 'The closing date was moved' }, 'staff');
    expect(declined.body).toMatchObject({ status: 'declined', decided_by_name: `The staff (${staff.staff.email})` });
    expect(await types(drawStreamId(id))).toEqual(before);
    expect((await post(`/approvals/${approvalId}/approve`, {}, 'staff')).status).toBe(409);
    expect(await types(drawStreamId(id))).toEqual(before);
  });

  it("holds an entry adjustment above the club's count, not one at or below it", async () => {
    const member = await seedPaidMember(
      api.ctx.store,
      api.ctx.registry,
      { email: 'adjusted@example.test', firstname: 'Ada', lastname: 'Adjusted' },
      new Date(Date.now() - 86_400_000),
    );
    await api.infra.projections.waitFor(member.position, 10_000);
    const before = await types(entriesStreamId(member.memberId));
    const small = await post('/entry-adjustments', { memberId: member.memberId, count: 100, reason: 'Goodwill' }, 'staff');
    expect(small.status).toBe(201);
    const big = await post<{ approval: Approval }>(
      '/entry-adjustments',
      { memberId: member.memberId, count: -101, reason: 'Duplicate grant' },
      'staff',
    );
    expect(big.status).toBe(202);
    expect(big.body.approval).toMatchObject({ kind: 'entries.adjust', summary: `Revoke 101 entries from member ${member.memberId}` });
    expect(await types(entriesStreamId(member.memberId))).toEqual([...before, 'EntriesGranted']);
    const done = await post<Approval>(`/approvals/${big.body.approval.id}/approve`, {}, 'admin');
    expect(done.body).toMatchObject({ status: 'carried_out', outcome: '101 entries revoked' });
    expect(await types(entriesStreamId(member.memberId))).toEqual([...before, 'EntriesGranted', 'EntriesRevoked']);
  });

  it("holds a staff user's role change, and records it once approved", async () => {
    const asked = await send<{ approval: Approval }>(
      'PUT',
      `/staff-users/${staff.auditor.id}/role`,
      { role: 'staff', reason: 'Joins the desk' },
      'admin',
    );
    expect(asked.status).toBe(202);
    const roleOf = async () =>
      (await api.ctx.sql.query<{ role: string }>('select role from auth.staff_users where id = $1', [staff.auditor.id])).rows[0]?.role;
    expect(await roleOf()).toBe('auditor');
    expect((await post(`/approvals/${asked.body.approval.id}/approve`, {}, 'admin')).status).toBe(403);
    expect((await post(`/approvals/${asked.body.approval.id}/approve`, {}, 'staff')).body).toMatchObject({ status: 'carried_out' });
    expect(await roleOf()).toBe('staff');
    expect(await types(staffAccountStreamId(staff.auditor.id))).toEqual(['StaffRoleChanged']);
    await api.ctx.sql.query(`update auth.staff_users set role = 'auditor' where id = $1`, [staff.auditor.id]);
  });

  it('refuses at once what the draw would refuse, and records an approved action the domain refuses by then as failed', async () => {
    const id = await closedPrize('four-eyes-twice');
    expect((await post(`/prizes/${id}/publish`, {}, 'staff')).body).toMatchObject({ errors: [{ message: 'There is no winner to publish.' }] });
    const first = await post<{ approval: Approval }>(`/prizes/${id}/draw`, {}, 'staff');
    const second = await post<{ approval: Approval }>(`/prizes/${id}/draw`, {}, 'staff');
    expect([first.status, second.status]).toEqual([202, 202]);
    expect((await post<Approval>(`/approvals/${first.body.approval.id}/approve`, {}, 'admin')).body).toMatchObject({ status: 'carried_out' });
    expect((await post<Approval>(`/approvals/${second.body.approval.id}/approve`, {}, 'admin')).body).toMatchObject({
      status: 'failed',
      error: 'A winner is already drawn.',
    });
    expect((await post(`/prizes/${id}/draw`, {}, 'staff')).status).toBe(409);
  });

  it('is switched off by a single admin club as an event; with a second staff user that switch is itself approved', async () => {
    const asked = await send<{ approval: Approval }>('PUT', '/staff-security', { four_eyes: false, reason: 'We are two people' }, 'admin');
    expect(asked.status).toBe(202);
    expect((await send('GET', '/staff-security', undefined, 'staff')).body).toMatchObject({ four_eyes: true });
    await post(`/approvals/${asked.body.approval.id}/approve`, {}, 'staff');
    const settings = await send('GET', '/staff-security', undefined, 'staff');
    expect(settings.body).toMatchObject({
      four_eyes: false,
      four_eyes_last_switch: {
        on: false,
        reason: 'We are two people',
        by_name: `The admin (${staff.admin.email})`,
        approved_by_name: `The staff (${staff.staff.email})`,
      },
    });
    const events = await api.ctx.store.readStream(STAFF_SECURITY_STREAM);
    expect(events.map((e) => [e.type, e.data])).toEqual([['FourEyesSwitched', { on: false, reason: 'We are two people' }]]);
    // Off: a draw runs at once.
    const id = await closedPrize('four-eyes-off');
    expect((await post(`/prizes/${id}/draw`, {}, 'staff')).status).toBe(200);
    // Back on: no approval needed to tighten.
    expect((await send('PUT', '/staff-security', { four_eyes: true, reason: 'Second admin joined' }, 'admin')).body).toMatchObject({
      four_eyes: true,
    });
    expect((await send('PUT', '/staff-security', { four_eyes: false, reason: 'x' }, 'staff')).status).toBe(403);
  });

  it('keeps the approvals read model equal to a replay of the log', async () => {
    const replay = await verifyProjector({ sql: api.ctx.sql, store: api.ctx.store, projector: approvalsProjector, logger: api.ctx.logger });
    expect(replay.differenceCount).toBe(0);
  });
});
