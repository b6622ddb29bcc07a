import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipTierDecider, membershipTierStreamId } from '@roar/domain';
import { handleCommand } from '@roar/platform';
import { startTestApi, type TestApi } from './setup';

/**
 * The public catalogue is answered from a cache keyed by the projection position: an ETag and
 * Cache-Control on every answer, 304 when the browser has it, and a fresh answer as soon as a
 * change to the catalogue has been projected.
 */
let api: TestApi;

beforeAll(async () => {
  const started = await startTestApi({ database: 'pglite' });
  if (!started) throw new Error('PGlite always starts');
  api = started;
});

afterAll(async () => {
  await api?.close();
});

async function reviseSort(membershipId: number, sort: number): Promise<void> {
  const outcome = await handleCommand(
    api.infra.store,
    api.infra.registry,
    membershipTierStreamId(membershipId),
    membershipTierDecider,
    { type: 'ReviseMembershipTier', membershipId, changes: { sort } },
    { actor: { type: 'system', id: 'cache-test' }, correlationId: 'cache-test', occurredAt: new Date() },
  );
  expect(await api.infra.projections.waitFor(outcome.appended!.position, 10_000)).toBe(true);
}

describe('GET /items/membership from the catalogue cache', () => {
  it('answers with an ETag and Cache-Control, 304 for a matching If-None-Match, and new bytes once a revision is projected', async () => {
    const first = await fetch(`${api.url}/items/membership`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const body = (await first.json()) as { data: { id: number; sort: number }[] };
    expect(body.data.length).toBeGreaterThan(1);

    const again = await fetch(`${api.url}/items/membership`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    // Another URL is another answer, with its own tag.
    const filtered = await fetch(`${api.url}/items/membership?filter[id][_eq]=${body.data[0]!.id}`);
    expect(filtered.status).toBe(200);
    expect(((await filtered.json()) as { data: unknown[] }).data).toHaveLength(1);
    expect(filtered.headers.get('etag')).not.toBe(etag);

    // Move the first tier last: the next answer shows it at once, under a new tag.
    const moved = body.data[0]!;
    await reviseSort(moved.id, 9999);
    const after = await fetch(`${api.url}/items/membership`, { headers: { 'if-none-match': etag! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const order = ((await after.json()) as { data: { id: number; sort: number }[] }).data;
    expect(order[order.length - 1]).toMatchObject({ id: moved.id, sort: 9999 });
  });

  it('caches /items/prizes per query string and keeps 4xx answers out of the cache', async () => {
    const four = await fetch(`${api.url}/items/prizes?limit=4`);
    expect(four.status).toBe(200);
    const tag = four.headers.get('etag')!;
    expect((await fetch(`${api.url}/items/prizes?limit=4`, { headers: { 'if-none-match': tag } })).status).toBe(304);
    const bad = await fetch(`${api.url}/items/membership?sort=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBeNull();
  });
});
