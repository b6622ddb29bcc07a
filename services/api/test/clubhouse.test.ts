import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@roar/platform';
import { adminFetch, signInStaff, type StaffLogin } from '../src/admin/test-staff';
import { seedCourses } from '../src/clubhouse';
import { client } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

type Body = Record<string, unknown> & { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: { field?: string } }> };

describe('the clubhouse over HTTP (embedded default)', () => {
  let api: TestApi;
  let c: ReturnType<typeof client>;
  let staff: Record<'admin' | 'staff' | 'auditor', StaffLogin>;

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
    c = client(api);
    staff = await signInStaff(api);
    await seedCourses(api.infra.store, api.infra.registry, createLogger('silent'), new Date());
    await api.infra.projections.waitFor(await api.infra.store.headPosition(), 20_000);
  });
  afterAll(async () => {
    await api?.close();
  });

  const form = {
    first_name: 'Ana',
    last_name: 'Lee',
    mobile: '0412 345 678',
    dob: '4/05/1990',
    address: '1 Pitt St, Sydney NSW 2000',
    since: '03/2015',
  };
  const staffPost = async (path: string, body: unknown, who: 'admin' | 'auditor' = 'admin') => {
    const r = await adminFetch(api, path, { method: 'POST', token: staff[who].token, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as Body };
  };
  const message = (b: Body) => b.errors?.[0]?.message;
  const pars = [4, 3, 4, 5, 4, 4, 3, 4, 4, 4, 4, 3, 5, 4, 3, 4, 4, 5]; // Moore Park blue, par 71

  it('request, approval, three attested cards give an index; bad input is a clear 4xx and changes nothing', async () => {
    const free = await c.signUp(1);
    expect(message((await c.post('/api/clubhouse/request', form, free.token)).body as Body)).toBe(
      'An official handicap comes with a paying membership. Upgrade your membership to apply.',
    );

    const ana = await c.paidMember(3, {}, 'Ana', 'Lee');
    const bad = await c.post('/api/clubhouse/request', { ...form, mobile: '02 9999 0000', dob: '31/02/1990' }, ana.token);
    expect(bad.status).toBe(400);
    expect((bad.body as Body).errors!.map((e) => e.extensions?.field).sort()).toEqual(['dob', 'mobile']);
    expect(message((await c.post('/api/clubhouse/request', { ...form, dob: '4/05/2024' }, ana.token)).body as Body)).toBe(
      'Your date of birth must give an age between 5 and 110.',
    );
    expect(message((await c.post('/api/clubhouse/transfer', { ...form, previous_golf_club: 'Bondi Golf Club' }, ana.token)).body as Body)).toBe(
      'A transfer needs your Golf Link number at your previous club.',
    );

    const submitted = await c.post('/api/clubhouse/request', form, ana.token);
    expect(submitted.status).toBe(201);
    expect((submitted.body.data as Record<string, unknown>).next_step).toBe('wait-for-review');
    expect((await c.post('/api/clubhouse/request', form, ana.token)).status).toBe(409);
    const me = await c.get('/api/current-user', ana.token);
    expect(me.body.handicap).toMatchObject({
      type: 'create',
      status: 'submitted',
      user: ana.id,
      mobile: '0412 345 678',
      dob: '1990-05-04',
      since: '2015-03',
      golf_link_number: null,
    });

    const queue = await adminFetch(api, `/handicaps?filter=${encodeURIComponent(JSON.stringify({ status: 'submitted' }))}`, {
      token: staff.auditor.token,
    });
    expect(((await queue.json()) as Array<{ id: string }>).map((h) => h.id)).toContain(ana.id);
    expect((await staffPost(`/handicaps/${ana.id}/approve`, { golf_link_number: '1234567890', handicap: 15 }, 'auditor')).status).toBe(403);
    const noNumber = await staffPost(`/handicaps/${ana.id}/approve`, { golf_link_number: '', handicap: 15 });
    expect([noNumber.status, message(noNumber.body)]).toEqual([400, 'golf_link_number: Enter a 10-digit Golf Link number to approve this request.']);
    expect(message((await staffPost(`/handicaps/${ana.id}/approve`, { golf_link_number: '1234567890', handicap: 15.25 })).body)).toBe(
      'handicap: The official handicap is given to a tenth, like 15.2.',
    );
    expect((await staffPost(`/handicaps/${ana.id}/approve`, { golf_link_number: '1234567890', handicap: 15.2 })).status).toBe(200);

    const marker = await c.paidMember(3, {}, 'Bo', 'Marker');
    const card = (extra: (i: number) => number, playedOn: string) => ({
      course_id: 'moore-park',
      tee_id: 'blue',
      played_on: playedOn,
      gross_scores: pars.map((p, i) => p + extra(i)),
      marker_email: marker.email,
    });
    // The bad cards: 0 and 30 on a hole, 17 holes, a tee of another course, a future date, the member as marker.
    const refusals = [
      [{ ...card(() => 1, '2026-04-01'), gross_scores: [0, ...pars.slice(1)] }, 400, 'Hole 1: enter a score from 1 to 29.'],
      [{ ...card(() => 1, '2026-04-01'), gross_scores: [...pars.slice(1), 30] }, 400, 'Hole 18: enter a score from 1 to 29.'],
      [{ ...card(() => 1, '2026-04-01'), gross_scores: pars.slice(1) }, 400, 'This card has 17 hole scores; a 18-hole card needs 18.'],
      [{ ...card(() => 1, '2026-04-01'), tee_id: 'white' }, 400, 'This tee is not on the chosen course.'],
      [card(() => 1, '2999-01-01'), 400, 'The date played cannot be in the future.'],
      [card(() => 1, '2026-02-31'), 400, 'played_on: Enter the date played.'],
      [{ ...card(() => 1, '2026-04-01'), marker_email: ana.email }, 400, 'Your marker must be someone other than you.'],
    ] as const;
    for (const [body, status, text] of refusals) {
      const r = await c.post('/api/clubhouse/scorecards', body, ana.token);
      expect([r.status, message(r.body as Body)]).toEqual([status, text]);
    }
    expect(((await c.get('/api/clubhouse', ana.token)).body.data as { scorecards: unknown[] }).scorecards).toEqual([]);

    const ids: string[] = [];
    for (const [extra, day] of [
      [() => 1, '2026-04-01'],
      [(i: number) => (i === 0 ? 2 : 1), '2026-04-02'],
      [(i: number) => (i < 2 ? 2 : 1), '2026-04-03'],
    ] as const) {
      const r = await c.post('/api/clubhouse/scorecards', card(extra, day), ana.token);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push((r.body.data as { id: string }).id);
    }
    expect((await c.post(`/api/clubhouse/scorecards/${ids[0]}/attest`, {}, ana.token)).status).toBe(403);
    const toAttest = ((await c.get('/api/clubhouse', marker.token)).body.data as { to_attest: Array<{ id: string }> }).to_attest.map((x) => x.id);
    expect(toAttest.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await c.post(`/api/clubhouse/scorecards/${id}/attest`, {}, marker.token)).status).toBe(200);
    const view = (await c.get('/api/clubhouse', ana.token)).body.data as {
      computed: { handicap_index: number };
      scorecards: Array<{ differential: number; used: boolean }>;
      official: unknown;
      history: unknown[];
    };
    expect(view.scorecards.map((s) => s.differential)).toEqual([17.3, 18.2, 19.1]);
    expect(view.computed.handicap_index).toBe(15.3);
    expect(view.official).toEqual({ golf_link_number: '1234567890', handicap: 15.2 });
    expect(view.history).toHaveLength(3);
    expect((await c.get('/api/current-user', ana.token)).body.handicap).toMatchObject({
      status: 'approved',
      golf_link_number: '1234567890',
      handicap: 15.2,
      computed_index: 15.3,
    });

    // Staff void one with a reason: the index goes (2 scores), the event says why.
    expect((await staffPost(`/scorecards/${ids[2]}/void`, { reason: '' })).status).toBe(400);
    expect((await staffPost(`/scorecards/${ids[2]}/void`, { reason: 'Played off the wrong tee' })).status).toBe(200);
    const after = (await c.get('/api/clubhouse', ana.token)).body.data as { computed: { handicap_index: number | null; cause: { kind: string } } };
    expect(after.computed).toMatchObject({ handicap_index: null, cause: { kind: 'voided' } });
    await expect
      .poll(async () => (await c.mail()).filter((m) => m.to.includes(ana.email.toLowerCase())).map((m) => m.subject))
      .toEqual(expect.arrayContaining(['We received your handicap request', 'Your handicap request is approved', 'Your handicap index changed']));
  });

  it('an emailed marker attests with the link token; staff PCC for the day revises the index; a wrong token is 404', async () => {
    const ana = await c.paidMember(3, {}, 'Ana', 'Two');
    expect((await c.post('/api/clubhouse/request', form, ana.token)).status).toBe(201);
    expect((await staffPost(`/handicaps/${ana.id}/approve`, { golf_link_number: '1234567891', handicap: 20 })).status).toBe(200);
    const ids: string[] = [];
    for (const day of ['2026-05-01', '2026-05-02', '2026-05-03']) {
      const r = await c.post(
        '/api/clubhouse/scorecards',
        { course_id: 'moore-park', tee_id: 'blue', played_on: day, gross_scores: pars.map((p) => p + 1), marker_email: 'friend@example.org' },
        ana.token,
      );
      ids.push((r.body.data as { id: string }).id);
    }
    const mails = async () => (await c.mail()).filter((m) => m.to.includes('friend@example.org'));
    await expect.poll(async () => (await mails()).length).toBe(3);
    for (const id of ids) {
      const link = (await mails()).map((m) => m.text.match(new RegExp(`/attest/${id}\\?token=([\\w-]+)`))).find(Boolean);
      expect(link, `attest link for ${id}`).toBeTruthy();
      expect((await c.post(`/api/clubhouse/attest/${id}`, { token: 'x'.repeat(32) })).status).toBe(404);
      expect((await c.get(`/api/clubhouse/attest/${id}?token=${link![1]}`)).body.data).toMatchObject({
        player: 'Ana Two',
        gross: 89,
        status: 'submitted',
      });
      expect((await c.post(`/api/clubhouse/attest/${id}`, { token: link![1] })).status).toBe(200);
    }
    const before = (await c.get('/api/clubhouse', ana.token)).body.data as { computed: { handicap_index: number } };
    expect(before.computed.handicap_index).toBe(15.3); // 17.3 three times: 17.3 - 2.0
    expect((await staffPost('/courses/moore-park/pcc', { played_on: '2026-05-02', pcc: 4, reason: 'storm' })).status).toBe(400);
    const pcc = await staffPost('/courses/moore-park/pcc', { played_on: '2026-05-02', pcc: 1, reason: 'Storm: scoring 1 shot harder' });
    expect(pcc.body).toMatchObject({ cards_revised: 1 });
    const after = (await c.get('/api/clubhouse', ana.token)).body.data as {
      computed: { handicap_index: number; cause: { kind: string } };
      scorecards: Array<{ differential: number; pcc: number }>;
    };
    expect(after.scorecards.map((s) => [s.pcc, s.differential])).toEqual([
      [0, 17.3],
      [1, 16.4],
      [0, 17.3],
    ]);
    expect(after.computed).toMatchObject({ handicap_index: 14.4, cause: { kind: 'pcc' } });
  });

  it('every staff read and act of the clubhouse answers its contract (a drifted answer is a 500 under test)', async () => {
    const get = async (path: string) => {
      const r = await adminFetch(api, path, { token: staff.auditor.token });
      return { status: r.status, body: (await r.json()) as Body & Array<Record<string, unknown>> };
    };
    const cy = await c.paidMember(3, {}, 'Cy', 'Three');
    expect((await c.post('/api/clubhouse/request', form, cy.token)).status).toBe(201);
    const approved = await staffPost(`/handicaps/${cy.id}/approve`, { golf_link_number: '1234567892', handicap: 12.5 });
    expect(approved.body).toMatchObject({ status: 'approved', handicap: 12.5 });
    const round = { course_id: 'moore-park', tee_id: 'blue', played_on: '2026-05-04', gross_scores: pars, marker_email: 'friend@example.org' };
    const card = await c.post('/api/clubhouse/scorecards', round, cy.token);
    const cardId = (card.body.data as { id: string }).id;
    expect((await get(`/handicaps/${cy.id}`)).body).toMatchObject({ id: cy.id, status: 'approved', scorecards: [{ id: cardId }] });
    expect((await get('/handicaps')).status).toBe(200);
    expect((await get('/courses')).body.map((x) => x.id)).toContain('moore-park');
    expect((await get('/courses/moore-park')).status).toBe(200);
    expect((await get(`/scorecards?filter=${encodeURIComponent(JSON.stringify({ member_id: cy.id }))}`)).body.map((x) => x.id)).toEqual([cardId]);
    expect((await get(`/scorecards/${cardId}`)).body).toMatchObject({ id: cardId, gross: 71, holes: 18 });
    const corrected = await staffPost(`/scorecards/${cardId}/correct`, { gross_scores: pars.map((p) => p + 1), reason: 'Typo on the 1st' });
    expect(corrected.body).toMatchObject({ gross: 89 });
    const added = await staffPost('/courses', { name: 'Test Park', location: 'Sydney', reason: 'New course' });
    expect(added.status).toBe(201);
    const nine = { holes: 9, courseRating: 34.5, slopeRating: 120, pars: [4, 4, 3, 5, 4, 4, 3, 4, 5], strokeIndexes: [1, 2, 3, 4, 5, 6, 7, 8, 9] };
    const tee = { tee_id: 'white', name: 'White', ...nine, reason: 'Rated' };
    expect((await staffPost(`/courses/${added.body.id as string}/tees`, tee)).body).toMatchObject({ tees: [{ teeId: 'white', ratingVersion: 1 }] });
    const di = await c.paidMember(3, {}, 'Di', 'Four');
    expect((await c.post('/api/clubhouse/request', form, di.token)).status).toBe(201);
    const rejected = await staffPost(`/handicaps/${di.id}/reject`, { reason: 'Address is not in Australia' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reject_reason: 'Address is not in Australia' });
    expect((await c.get('/api/clubhouse/courses', cy.token)).status).toBe(200);
  });
});
