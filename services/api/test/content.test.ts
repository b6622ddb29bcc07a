import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './setup';

describe.each(['pglite', 'postgres'] as const)('content API on %s', (database) => {
  let api: TestApi | null;
  beforeAll(async () => {
    api = await startTestApi({ database });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('lists published and archived tiers sorted by sort, with the spec fields', async (t) => {
    if (!api) return t.skip();
    const r = await fetch(`${api.url}/items/membership?filter[status][_in]=published,archived&sort=sort`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { data: Array<Record<string, unknown>> };
    expect(body.data.map((m) => m.code)).toEqual(['free', 'single-entry', 'platinum', 'platinum-member']);
    const platinum = body.data.find((m) => m.code === 'platinum')!;
    expect(platinum).toMatchObject({
      id: 3,
      tier: 'Platinum',
      type: 'monthly-subscription',
      price: 29.99,
      cashback_maximum_value: 20,
      bonus_draws: true,
      initial_tickets: 50,
    });
    expect(Object.keys(platinum).sort()).toEqual(
      [
        'id',
        'sort',
        'status',
        'visible',
        'code',
        'tier',
        'colour',
        'icon',
        'initial_tickets',
        'cumulative_tickets',
        'items',
        'type',
        'bonus_draws',
        'weekly_draws',
        'rewards_access',
        'shop_access',
        'price',
        'referee_entries',
        'referrer_entries',
        'rewards_days',
        'cashback_maximum_value',
        'stripe_id',
      ].sort(),
    );
  });

  it('honours the status filter, the JSON filter form and descending sort', async (t) => {
    if (!api) return t.skip();
    const published = (await (await fetch(`${api.url}/items/membership?filter[status][_eq]=published`)).json()) as { data: Array<{ code: string }> };
    expect(published.data.map((m) => m.code)).toEqual(['free', 'single-entry', 'platinum']);
    const json = encodeURIComponent(JSON.stringify({ status: { _in: ['archived'] } }));
    const archived = (await (await fetch(`${api.url}/items/membership?filter=${json}&sort=-sort`)).json()) as { data: Array<{ code: string }> };
    expect(archived.data.map((m) => m.code)).toEqual(['platinum-member']);
    const drafts = (await (await fetch(`${api.url}/items/membership?filter[status][_eq]=draft`)).json()) as { data: unknown[] };
    expect(drafts.data).toEqual([]);
  });

  it('answers bad queries with 400 and the error list', async (t) => {
    if (!api) return t.skip();
    for (const query of ['filter[price][_gt]=1', 'sort=password', 'filter={not json', 'limit=abc', 'bogus=1']) {
      const r = await fetch(`${api.url}/items/membership?${query}`);
      expect(r.status, query).toBe(400);
      const body = (await r.json()) as { errors: Array<{ message: string }> };
      expect(body.errors[0]!.message.length, query).toBeGreaterThan(0);
    }
  });

  it('serves information pages by path, and Not found. for unknown API paths', async (t) => {
    if (!api) return t.skip();
    const r = await fetch(`${api.url}/items/pages?filter[path][_eq]=/about-us`);
    const body = (await r.json()) as { data: Array<{ title: string; content: string }> };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.title).toBe('About Us');
    const missing = await fetch(`${api.url}/api/does-not-exist`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] });
  });

  it('refuses malformed JSON and oversized bodies with 4xx, never 500', async (t) => {
    if (!api) return t.skip();
    const malformed = await fetch(`${api.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe('The request body is not valid JSON.');
    const big = await fetch(`${api.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
  });

  it('documents its routes in OpenAPI generated from the zod schemas', async (t) => {
    if (!api) return t.skip();
    const doc = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/items/membership', '/items/pages', '/ready']));
  });
});
