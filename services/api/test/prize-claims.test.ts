import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPaidMember } from '../src/members/admin/test-members';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { issueSession, migrateMemberAuth } from '../src/auth/member';
import { startTestApi, type TestApi } from './setup';

/**
 * Issue 22, the staff side of a winner's claim: the prize-claims list says what waits on staff,
 * and verify-claim, award and decline-claim run the prize decider's steps; its refusals come
 * through as 409 and 400 with their sentences.
 */
type Json = Record<string, unknown>;
let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;

async function staffSend(path: string, body: unknown, who: StaffRoleName = 'staff', method: 'POST' | 'GET' = 'POST') {
  const r = await adminFetch(api, path, { method, token: staff[who].token, ...(method === 'POST' ? { body: JSON.stringify(body) } : {}) });
  return { status: r.status, body: (await r.json()) as Json };
}
const message = (body: Json) => JSON.stringify(body);

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
  await switchOffFourEyes(api, staff);
  await migrateMemberAuth(api.ctx.sql);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('staff claim steps', () => {
  it('lists the claim, refuses steps out of order, verifies with who and when, and awards with evidence', async () => {
    const sam = await seedPaidMember(
      api.ctx.store,
      api.ctx.registry,
      { email: 'sam@example.test', firstname: 'Sam', lastname: 'Kerr' },
      new Date(Date.now() - 86_400_000),
    );
    await api.infra.projections.waitFor(sam.position, 10_000);
    const samToken = (await issueSession(api.ctx, sam.memberId)).access_token;
    const created = await staffSend('/prizes', {
      title: 'Driver of the month',
      slug: 'driver-of-the-month',
      prize_type_id: 'normal',
      prize_end_date: new Date(Date.now() + 3_600_000).toISOString(),
      prize_value: 600,
      claim_period_days: 14,
      status: 'published',
      reason: 'June giveaway',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await staffSend(`/prizes/${id}/verify-claim`, { identity_seen: true, age_seen: true })).status).toBe(409);
    for (const step of ['schedule', 'close', 'draw']) expect((await staffSend(`/prizes/${id}/${step}`, {})).status).toBe(200);

    const drawn = await staffSend(`/prize-claims/${id}`, null, 'auditor', 'GET');
    expect(drawn.body).toMatchObject({ claim_state: 'drawn', waiting_on_staff: 'notify', winner_member_id: sam.memberId, winner_name: 'Sam Kerr' });
    expect((await staffSend(`/prizes/${id}/notify`, {})).status).toBe(200);
    const notified = await staffSend(`/prize-claims?filter=${encodeURIComponent(JSON.stringify({ id }))}`, null, 'auditor', 'GET');
    expect(notified.status).toBe(200);
    const row = (notified.body as unknown as Json[])[0]!;
    // The draw's own claim period (14 days), not the club's default of 60; the terms state it.
    expect(row).toMatchObject({ id, claim_state: 'notified', waiting_on_staff: null, days_left: 14 });
    expect(Date.parse(row.claim_by as string)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect((await staffSend(`/prizes/${id}`, null, 'auditor', 'GET')).body.claim_period_days).toBe(14);
    const terms = (await (await fetch(`${api.url}/api/prizes/driver-of-the-month/terms`)).json()) as Json;
    expect(JSON.stringify(terms)).toContain('within 14 days of being notified');

    const early = await staffSend(`/prizes/${id}/verify-claim`, { identity_seen: true, age_seen: true });
    expect(early.status).toBe(409);
    expect(message(early.body)).toContain('The winner has not claimed the prize yet.');

    const claim = await fetch(`${api.url}/api/claim-prize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${samToken}` },
      body: JSON.stringify({ prize_id: id, state: 'QLD' }),
    });
    expect(claim.status).toBe(200);
    const waiting = await staffSend(`/prize-claims?filter=${encodeURIComponent(JSON.stringify({ waiting: 'true' }))}`, null, 'auditor', 'GET');
    expect((waiting.body as unknown as Json[]).map((r) => [r.id, r.claim_state, r.waiting_on_staff])).toEqual([[id, 'claimed', 'verify']]);

    const awardEarly = await staffSend(`/prizes/${id}/award`, { delivery_note: 'Posted' });
    expect(awardEarly.status).toBe(409);
    expect(message(awardEarly.body)).toContain("Verify the winner's identity and age first.");
    expect((await staffSend(`/prizes/${id}/verify-claim`, { identity_seen: true, age_seen: true }, 'auditor')).status).toBe(403);
    const unseen = await staffSend(`/prizes/${id}/verify-claim`, { identity_seen: true, age_seen: false });
    expect(unseen.status).toBe(400);
    expect(message(unseen.body)).toContain("Record that you saw the winner's identity and age.");

    const uploadDocument = (body: string) =>
      fetch(`${api.url}/api/admin/prize-claims/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf', authorization: `Bearer ${staff.staff.token}` },
        body,
      });
    const upload = await uploadDocument('%PDF-1.4\n% licence seen\n');
    expect(upload.status).toBe(201);
    const { key } = (await upload.json()) as { key: string };
    expect(key).toMatch(/^compliance\/claims\/\d{4}\/\d{2}\/[0-9a-f-]+\.pdf$/);
    const notADocument = await uploadDocument('hello');
    expect(notADocument.status).toBe(400);

    const verified = await staffSend(`/prizes/${id}/verify-claim`, { identity_seen: true, age_seen: true, document_key: key });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ claim_state: 'verified', waiting_on_staff: 'award', verified_by: staff.staff.id, document_key: key });
    expect(Date.parse(verified.body.verified_at as string)).toBeGreaterThan(Date.now() - 60_000);

    const noEvidence = await staffSend(`/prizes/${id}/award`, {});
    expect(noEvidence.status).toBe(400);
    expect(message(noEvidence.body)).toContain('Give the evidence: a delivery note or a transfer reference.');
    const awarded = await staffSend(`/prizes/${id}/award`, { delivery_note: 'Collected at the pro shop, signed for' });
    expect(awarded.status).toBe(200);
    expect(awarded.body).toMatchObject({ claim_state: 'awarded', waiting_on_staff: null, delivery_note: 'Collected at the pro shop, signed for' });

    const decline = await staffSend(`/prizes/${id}/decline-claim`, { reason: 'Changed their mind' });
    expect(decline.status).toBe(409);
    expect(message(decline.body)).toContain('The prize has been awarded.');
    expect((await staffSend(`/prizes/${id}/decline-claim`, {})).status).toBe(400);
    expect((await staffSend('/prizes/no-such-prize/award', { delivery_note: 'x' })).status).toBe(404);
  }, 60_000);
});
