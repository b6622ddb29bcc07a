import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStreamId } from '@roar/domain';
import { adminFetch, randomDigits, signInStaff } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

/** A date of birth `years` years before today (UTC day; a margin of days keeps the club's day on the same side). */
function dobYearsAgo(years: number, plusDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString().slice(0, 10);
}

describe('residence (issue 22): state and date of birth at sign-up, in the profile, and the age rule on purchases', () => {
  let api: TestApi;
  const post = (path: string, body: unknown, token?: string, method = 'POST') =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const signUp = (email: string, membership_id: number, extra: Record<string, unknown>) =>
    post('/api/sign-up', {
      first_name: 'Jane',
      last_name: 'Citizen',
      email,
      password: 'Fairway-Birdie-2026!',
      membership_id,
      recaptcha_token: 'local-test-token',
      ...extra,
    });

  beforeAll(async () => {
    api = (await startTestApi({ database: 'pglite' }))!;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('refuses a paid sign-up without a state or a dob, with an unknown state or a future dob, naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ dob: '1990-01-01' }, /\(state\)/],
      [{ state: 'NSW' }, /\(dob\)/],
      [{ state: 'XYZ', dob: '1990-01-01' }, /\(state\)/],
      [{ state: 'NSW', dob: '2999-01-01' }, /date of birth \(dob\) cannot be in the future/],
      [{ state: 'NSW', dob: '1990-02-30' }, /\(dob\)/],
    ];
    for (const [extra, error] of cases) {
      const r = await signUp(`bad-${randomDigits()}@example.com.au`, 3, extra);
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(((await r.json()) as { error: string }).error).toMatch(error);
    }
  });

  it('refuses an under-18 paid sign-up with the sentence, before anything is written', async () => {
    const r = await signUp('minor@example.com.au', 3, { state: 'VIC', dob: dobYearsAgo(18, 2) });
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({ error: 'You must be 18 or over to enter.' });
    // Nothing was written: the same email signs up afterwards as an adult.
    expect((await signUp('minor@example.com.au', 3, { state: 'VIC', dob: '1990-05-05' })).status).toBe(201);
  });

  it('an adult signs up with state and dob: both are on the registration and current-user carries them', async () => {
    const dob = dobYearsAgo(18, -2);
    const r = await signUp('adult@example.com.au', 3, { state: 'QLD', dob });
    expect(r.status).toBe(201);
    const { access_token } = (await r.json()) as { access_token: string };
    const me = (await (await fetch(`${api.url}/api/current-user`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
      user: { id: string; state: string; dob: string };
    };
    expect(me.user).toMatchObject({ state: 'QLD', dob });
    const events = await api.ctx.store.readStream(memberStreamId(me.user.id));
    expect(events[0]).toMatchObject({ type: 'MemberRegistered', data: { state: 'QLD', dob } });
  });

  it('a minor may hold a free account (the club allows it by default) but cannot upgrade or buy a single entry', async () => {
    const r = await signUp('young@example.com.au', 1, { state: 'NSW', dob: dobYearsAgo(15) });
    expect(r.status).toBe(201);
    const { access_token } = (await r.json()) as { access_token: string };
    for (const path of ['/api/upgrade-plan', '/api/single-entry']) {
      const refused = await post(path, { membership_id: path === '/api/upgrade-plan' ? 3 : 2 }, access_token);
      expect(refused.status, path).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe('You must be 18 or over to enter.');
    }
  });

  it('a member without residence facts answers them in the profile (a MemberProfileUpdated), then the age rule applies', async () => {
    const r = await signUp('legacy@example.com.au', 1, {});
    expect(r.status).toBe(201);
    const { access_token } = (await r.json()) as { access_token: string };
    const bad = await post('/api/update-user', { state: 'ZZ' }, access_token, 'PATCH');
    expect(bad.status).toBe(400);
    const saved = await post('/api/update-user', { state: 'SA', dob: dobYearsAgo(16) }, access_token, 'PATCH');
    expect(saved.status).toBe(200);
    const me = (await (await fetch(`${api.url}/api/current-user`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
      user: { id: string; state: string };
    };
    expect(me.user.state).toBe('SA');
    const events = await api.ctx.store.readStream(memberStreamId(me.user.id));
    expect(events.at(-1)).toMatchObject({ type: 'MemberProfileUpdated', data: { changes: { state: 'SA' } } });
    const refused = await post('/api/upgrade-plan', { membership_id: 3 }, access_token);
    expect(refused.status).toBe(403);
  });

  it('staff correct the state and dob only with a reason; the change is in the member history with it', async () => {
    const r = await signUp('corrected@example.com.au', 3, { state: 'NSW', dob: '1990-01-01' });
    const { access_token } = (await r.json()) as { access_token: string };
    const me = (await (await fetch(`${api.url}/api/current-user`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
      user: { id: string };
    };
    const staff = await signInStaff(api);
    const put = (body: unknown) =>
      adminFetch(api, `/members/${me.user.id}/residence`, { method: 'PUT', body: JSON.stringify(body), token: staff.staff.token });
    expect((await put({ state: 'VIC' })).status).toBe(400);
    expect((await put({ state: 'VIC', reason: 'x' })).status).toBe(400);
    expect((await put({ dob: '2999-01-01', reason: 'Licence seen at the desk' })).status).toBe(400);
    const done = await put({ state: 'VIC', dob: '1991-02-03', reason: 'Licence seen at the desk' });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ id: me.user.id, state: 'VIC', dob: '1991-02-03', changed: true });
    const events = await api.ctx.store.readStream(memberStreamId(me.user.id));
    expect(events.at(-1)).toMatchObject({
      type: 'MemberProfileUpdated',
      data: { changes: { state: 'VIC', dob: '1991-02-03' }, correction: { reason: 'Licence seen at the desk' } },
    });
  });
});
