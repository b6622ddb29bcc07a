import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventRegistry, permitDecider, permitStreamId } from '@roar/domain';
import { handleCommand } from '@roar/platform';
import { adminFetch, signInStaff, switchOffFourEyes, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { startTestApi, type TestApi } from './setup';

/** Issue 22: a draw open in NSW with prizes over $10,000 publishes only once a NSW permit covers it. */
let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;

async function staffSend(method: 'POST' | 'PUT', path: string, body: unknown) {
  const r = await adminFetch(api, path, { method, token: staff.staff.token, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
  await switchOffFourEyes(api, staff);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('publishing a draw needs the permits of its open states', () => {
  it('refuses with 409 naming NSW and the rule, then publishes once a NSW permit is registered', async () => {
    const now = api.ctx.now();
    const created = await staffSend('POST', '/prizes', {
      title: 'Ute giveaway',
      slug: 'ute-giveaway',
      prize_type_id: 'normal',
      prize_end_date: new Date(now.getTime() + 10 * 86_400_000).toISOString(),
      prize_value: 25000,
      open_states: ['NSW', 'VIC', 'QLD'],
      status: 'draft',
      reason: 'Summer draw',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const refused = await staffSend('PUT', `/prizes/${id}`, { status: 'published', reason: 'Launch' });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(
      /A draw open in NSW with prizes over \$10,000 needs a NSW permit covering \d+ \w+ \d{4} to \d+ \w+ \d{4}\./,
    );

    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await handleCommand(
      api.ctx.store,
      createEventRegistry(),
      permitStreamId('nsw-1'),
      permitDecider,
      {
        type: 'RegisterPermit',
        permitId: 'nsw-1',
        fields: {
          jurisdiction: 'NSW',
          number: 'TP/01234',
          holder: 'ROAR+ Pty Ltd',
          valid_from: day(now.getTime() - 60 * 86_400_000),
          valid_to: day(now.getTime() + 365 * 86_400_000),
          conditions: '',
          document: null,
        },
      },
      { actor: { type: 'staff', id: 'admin' }, correlationId: 'permit-test', occurredAt: now },
    );
    const published = await staffSend('PUT', `/prizes/${id}`, { status: 'published', reason: 'Launch' });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
  });
});

describe('the permits register', () => {
  const permit = {
    jurisdiction: 'SA',
    number: 'T12345',
    holder: 'ROAR+ Pty Ltd',
    valid_from: '2026-12-01',
    valid_to: '2027-03-31',
    conditions: 'Draw at the clubhouse',
    document: null,
  };
  const send = async (who: StaffRoleName, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const r = await adminFetch(api, path, { method, token: staff[who].token, ...(body ? { body: JSON.stringify(body) } : {}) });
    return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
  };

  it('lets admins register and edit permits, any staff read them, and refuses a permit ending before it starts', async () => {
    expect((await send('staff', 'POST', '/permits', { ...permit, reason: 'New licence' })).status).toBe(403);
    const backwards = await send('admin', 'POST', '/permits', { ...permit, valid_to: '2026-11-30', reason: 'New licence' });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('A permit cannot end before it starts');
    // Named on valid_to, so the console shows it under that field.
    expect(backwards.body).toMatchObject({ errors: [{ extensions: { field: 'valid_to' } }] });
    expect((await send('admin', 'POST', '/permits', { ...permit })).status).toBe(400);

    const created = await send('admin', 'POST', '/permits', { ...permit, reason: 'New licence' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toEqual({ ...permit, id });

    const listed = await send('auditor', 'GET', `/permits?filter=${encodeURIComponent(JSON.stringify({ jurisdiction: 'SA' }))}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ ...permit, id }]);
    expect(listed.headers.get('content-range')).toBe('permits 0-0/1');
    expect((await send('staff', 'GET', `/permits/${id}`)).body).toEqual({ ...permit, id });
    expect((await send('staff', 'GET', '/permits/no-such-permit')).status).toBe(404);

    expect((await send('staff', 'PUT', `/permits/${id}`, { number: 'T99999', reason: 'Typo' })).status).toBe(403);
    const endsEarly = await send('admin', 'PUT', `/permits/${id}`, { valid_to: '2026-11-01', reason: 'Shortened' });
    expect(endsEarly.status).toBe(400);
    expect(JSON.stringify(endsEarly.body)).toContain('A permit cannot end before it starts');
    const edited = await send('admin', 'PUT', `/permits/${id}`, { number: 'T99999', reason: 'Typo in the number' });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...permit, id, number: 'T99999' });
    expect((await send('admin', 'PUT', '/permits/no-such-permit', { number: 'T1', reason: 'Typo' })).status).toBe(404);
  });
});

describe('the compliance rules for staff', () => {
  const send = async (who: StaffRoleName, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const r = await adminFetch(api, path, { method, token: staff[who].token, ...(body ? { body: JSON.stringify(body) } : {}) });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  type Rules = { jurisdictions: { jurisdiction: string }[]; national: { key: string }[]; in_force: Rules };
  const act = (rules: Rules) => rules.in_force.jurisdictions.find((r) => r.jurisdiction === 'ACT');

  it('shows the seeded rules to any staff and lets admins set a rule with a reason, effective date and source', async () => {
    const seeded = await send('auditor', 'GET', '/compliance-rules');
    expect(seeded.status).toBe(200);
    expect(act(seeded.body as unknown as Rules)).toMatchObject({ permit_threshold_cents: 300_000, lead_time_business_days: null });

    const rule = {
      jurisdiction: 'ACT',
      permit_threshold_cents: 400_000,
      lead_time_business_days: 5,
      effective_from: '2026-06-01',
      source: 'ACT Gambling and Racing Commission notice',
    };
    expect((await send('staff', 'POST', '/compliance-rules/jurisdictions', { ...rule, reason: 'New threshold' })).status).toBe(403);
    expect((await send('admin', 'POST', '/compliance-rules/jurisdictions', rule)).status).toBe(400);
    expect((await send('admin', 'POST', '/compliance-rules/jurisdictions', { ...rule, effective_from: '1 June', reason: 'New' })).status).toBe(400);
    const set = await send('admin', 'POST', '/compliance-rules/jurisdictions', { ...rule, reason: 'New threshold' });
    expect(set.status).toBe(200);
    const rules = set.body as unknown as Rules;
    expect(act(rules)).toEqual(rule);
    // The seed is kept as history beside the new value.
    expect(rules.jurisdictions.filter((r) => r.jurisdiction === 'ACT')).toHaveLength(2);
    expect(rules.jurisdictions.length).toBeGreaterThan(8);

    const future = { key: 'entryMinimumAge', value: 21, effective_from: '2099-01-01', source: 'a future regulator' };
    const national = await send('admin', 'POST', '/compliance-rules/national', { ...future, reason: 'Raised from 2099' });
    expect(national.status).toBe(200);
    const after = national.body as unknown as Rules;
    expect(after.national).toContainEqual(future);
    expect(after.in_force.national).toContainEqual(expect.objectContaining({ key: 'entryMinimumAge', value: 18 }));
    expect((await send('admin', 'POST', '/compliance-rules/national', { ...future, key: 'nope', reason: 'Bad key' })).status).toBe(400);
  });
});

describe('the public prize answer', () => {
  it('states the states each draw is open in (every state for a prize saved without them)', async () => {
    const openIn = async (slug: string) => {
      const r = await fetch(`${api.url}/items/prizes?filter[slug][_eq]=${slug}&filter[status][_in]=published,archived`);
      const body = (await r.json()) as { data: { open_states: string[] }[] };
      return body.data[0]?.open_states ?? null;
    };
    await expect.poll(() => openIn('ute-giveaway')).toEqual(['NSW', 'VIC', 'QLD']);

    const created = await staffSend('POST', '/prizes', {
      title: 'Putter giveaway',
      slug: 'putter-giveaway',
      prize_type_id: 'normal',
      prize_end_date: new Date(api.ctx.now().getTime() + 10 * 86_400_000).toISOString(),
      prize_value: 300,
      status: 'draft',
      reason: 'Small draw',
    });
    expect(created.status).toBe(201);
    expect((await staffSend('PUT', `/prizes/${created.body.id as string}`, { status: 'published', reason: 'Launch' })).status).toBe(200);
    await expect.poll(() => openIn('putter-giveaway')).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
  });
});
