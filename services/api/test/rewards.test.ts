import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_REWARDS_ACCESS } from '@roar/domain';
import { adminFetch, signInStaff, type StaffLogin, type StaffRoleName } from '../src/admin/test-staff';
import { seedPartners } from '../src/rewards';
import { client } from './referrals-helpers';
import { startTestApi, type TestApi } from './setup';

type Json = Record<string, unknown>;
type Category = {
  id: string;
  offers: Array<{ id: string; locked: boolean; terms: string | null; redeem_method: string | null; partner: { name: string; sample: boolean } }>;
};

let api: TestApi;
let staff: Record<StaffRoleName, StaffLogin>;

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite API did not start');
  api = started;
  staff = await signInStaff(api);
  expect(await seedPartners(api.ctx.store, api.ctx.registry, api.ctx.logger, api.ctx.now())).toBe(6);
  expect(await seedPartners(api.ctx.store, api.ctx.registry, api.ctx.logger, api.ctx.now())).toBe(0);
  await api.infra.projections.waitFor(await api.ctx.store.headPosition(), 10_000);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

async function staffCall<T = Json>(method: string, path: string, body?: unknown, who: StaffRoleName = 'staff') {
  const r = await adminFetch(api, path, { method, token: staff[who].token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: r.status, body: (await r.json()) as T };
}

describe('partner rewards over HTTP', () => {
  it('shows visitors and free members the offers locked, and reveals codes only with rewards access', async () => {
    const c = client(api);
    const visitor = await c.get('/api/rewards');
    const categories = (visitor.body.data as { categories: Category[] }).categories;
    expect(categories.map((x) => x.id)).toEqual(['tickets-and-gear', 'groceries-fuel-booze', 'green-fees']);
    const gear = categories[0]!.offers[0]!;
    expect(gear).toMatchObject({ locked: true, terms: null, redeem_method: null, partner: { name: 'Fairway Gear', sample: true } });
    expect(JSON.stringify(visitor.body)).not.toContain('ROARGEAR25');

    const free = await c.signUp(1);
    expect(free.status).toBe(201);
    expect(((await c.get('/api/rewards', free.token)).body.data as { rewards_access: boolean }).rewards_access).toBe(false);
    const refused = await c.post(`/api/rewards/offers/${gear.id}/reveal`, {}, free.token);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(NO_REWARDS_ACCESS);
    expect((await c.post(`/api/rewards/offers/${gear.id}/reveal`, {})).status).toBe(401);

    const paying = await c.paidMember(3);
    const open = (await c.get('/api/rewards', paying.token)).body.data as { rewards_access: boolean; categories: Category[] };
    expect(open.rewards_access).toBe(true);
    expect(open.categories[0]!.offers[0]).toMatchObject({ locked: false, redeem_method: 'code' });
    const revealed = await c.post(`/api/rewards/offers/${gear.id}/reveal`, {}, paying.token);
    expect(revealed.status).toBe(201);
    expect(revealed.body.data).toMatchObject({ code: 'ROARGEAR25', redeem_method: 'code' });
    const card = await c.post(`/api/rewards/offers/sample-corner-grocer-offer/reveal`, {}, paying.token);
    expect(card.body.data).toMatchObject({ redeem_method: 'card', code: null, card: { name: 'Jane Citizen' } });
    expect((await c.post('/api/rewards/offers/nope/reveal', {}, paying.token)).status).toBe(404);

    const redemptions = await staffCall<Array<{ partner_id: string; reveals: number; members: number }>>('GET', '/reward-redemptions');
    expect(redemptions.status).toBe(200);
    expect(redemptions.body.find((r) => r.partner_id === 'sample-fairway-gear')).toMatchObject({ reveals: 1, members: 1 });
  });

  it('lets staff add and edit partners and offers with a reason, recorded in history; auditors only read', async () => {
    const partner = {
      name: 'Test Links',
      logo: '/partners/parkland-links.svg',
      category: 'green-fees',
      sample: false,
      status: 'published',
      sort: 9,
      reason: 'New partner',
    };
    expect((await staffCall('POST', '/partners', { ...partner, reason: '' })).status).toBe(400);
    expect((await staffCall('POST', '/partners', { ...partner, logo: 'javascript:alert(1)' })).status).toBe(400);
    expect((await staffCall('POST', '/partners', partner, 'auditor')).status).toBe(403);
    const created = await staffCall<{ id: string }>('POST', '/partners', partner);
    expect(created.status).toBe(201);
    const offer = {
      partner_id: created.body.id,
      title: 'Green fees',
      saving: 'save 10%',
      terms: 'Weekdays.',
      redeem_method: 'link',
      redeem_value: 'https://example.com/book',
      starts_at: null,
      ends_at: null,
      status: 'draft',
      featured: false,
      reason: 'Agreed with the club',
    };
    expect((await staffCall('POST', '/offers', { ...offer, redeem_value: 'http://insecure.example.com' })).status).toBe(400);
    const o = await staffCall<{ id: string; status: string }>('POST', '/offers', offer);
    expect(o.status).toBe(201);
    // A draft offer is not served.
    expect(JSON.stringify((await client(api).get('/api/rewards')).body)).not.toContain(o.body.id);
    const published = await staffCall<{ status: string }>('PUT', `/offers/${o.body.id}`, {
      ...o.body,
      ...offer,
      status: 'published',
      reason: 'Go live',
    });
    expect(published.body.status).toBe('published');
    expect(JSON.stringify((await client(api).get('/api/rewards')).body)).toContain(o.body.id);
    const shown = await staffCall<{ events: Array<{ event_type: string; reason: string; actor_type: string }> }>('GET', `/offers/${o.body.id}`);
    expect(shown.body.events.map((e) => [e.event_type, e.reason, e.actor_type])).toEqual([
      ['OfferAdded', 'Agreed with the club', 'staff'],
      ['OfferChanged', 'Go live', 'staff'],
    ]);
    const carousel = await client(api).get('/items/rewards_carousel');
    expect((carousel.body.data as unknown[]).length).toBe(6);
    // Every staff read the console makes answers its contract (the response check fails a drifted one with a 500).
    const ofPartner = encodeURIComponent(JSON.stringify({ partner_id: created.body.id }));
    for (const path of ['/partners', `/partners/${created.body.id}`, '/offers', `/offers?filter=${ofPartner}`]) {
      expect((await staffCall('GET', path)).status, path).toBe(200);
    }
    expect((await staffCall<{ sort: number }>('PUT', `/partners/${created.body.id}`, { ...partner, sort: 10, reason: 'Move down' })).body.sort).toBe(
      10,
    );
    expect(((await client(api).get('/items/partners')).body.data as Array<{ id: string }>).map((p) => p.id)).toContain(created.body.id);
  });
});
