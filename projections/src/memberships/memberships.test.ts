import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIERS, membershipTierStreamId } from '@roar/domain';
import type { TestDatabase } from '@roar/platform/testing';
import { appendSeedTiers, event, openBackend, silent, testDatabase, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { getMembership, listMemberships, membershipsProjector, toMembershipResource } from '.';

const db = await testDatabase();

describe.each([
  { kind: 'pglite' as const, skip: false },
  { kind: 'postgres' as const, skip: db === null },
])('memberships read model on $kind', ({ kind, skip }) => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    if (skip) return;
    backend = await openBackend(kind, db as TestDatabase | null);
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [membershipsProjector], logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    if (skip) return;
    await daemon.stop();
    await backend.close();
  });

  it.skipIf(skip)('projects the seeded catalogue with the spec fields and dollar prices', async () => {
    await appendSeedTiers(backend.store);
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    const rows = await listMemberships(backend.sql, { statuses: ['published', 'archived'] });
    expect(rows.map((r) => r.code)).toEqual(SEED_TIERS.map((t) => t.fields.code));
    const platinum = toMembershipResource(rows.find((r) => r.code === 'platinum')!);
    expect(platinum).toMatchObject({ id: 3, tier: 'Platinum', price: 29.99, cashback_maximum_value: 20, initial_tickets: 50, status: 'published' });
    expect(platinum).not.toHaveProperty('price_cents');
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
    expect(toMembershipResource(rows.find((r) => r.code === 'single-entry')!).price).toBe(20);
  });

  it.skipIf(skip)('applies revisions and status changes, stamping updated_at with the event time', async () => {
    const stream = membershipTierStreamId(2);
    await backend.store.append(
      stream,
      [
        event('MembershipTierRevised', { membershipId: 2, changes: { price_cents: 2500, tier: 'One Entry' } }, '2026-04-01T00:00:00.000Z'),
        event('MembershipTierStatusChanged', { membershipId: 2, from: 'published', to: 'draft' }, '2026-04-02T00:00:00.000Z'),
      ],
      0n,
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    const row = await getMembership(backend.sql, 2);
    expect(row).toMatchObject({
      price_cents: 2500,
      tier: 'One Entry',
      status: 'draft',
      code: 'single-entry',
      updated_at: '2026-04-02T00:00:00.000Z',
    });
    const published = await listMemberships(backend.sql, { statuses: ['published', 'archived'] });
    expect(published.map((r) => r.id)).toEqual([1, 3, 4]);
    expect((await listMemberships(backend.sql, { sort: ['-price_cents'] })).map((r) => r.id)).toEqual([3, 2, 4, 1]);
    expect((await listMemberships(backend.sql, { ids: [4, 1] })).map((r) => r.id)).toEqual([1, 4]);
    expect(await getMembership(backend.sql, 99)).toBeNull();
  });

  it.skipIf(skip)('skips, by design and logged, an event that names an undefined tier, and keeps going', async () => {
    await backend.store.append('membership-8', [event('MembershipTierStatusChanged', { membershipId: 8, from: 'draft', to: 'published' })], 'any');
    await backend.store.append(membershipTierStreamId(1), [event('MembershipTierRevised', { membershipId: 1, changes: { sort: 9 } })], 0n);
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);
    expect((await getMembership(backend.sql, 1))?.sort).toBe(9);
    expect(await getMembership(backend.sql, 8)).toBeNull();
    expect((await daemon.status())[0]).toMatchObject({ name: 'memberships', state: 'active', lastError: null, failedEvent: null });
  });

  it.skipIf(skip)('matches a clean replay (verify)', async () => {
    const report = await daemon.verify('memberships');
    expect(report.differences).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.stoppedAt).toBeNull();
    expect(report.tables[0]).toMatchObject({ name: 'memberships', liveRows: 4, expectedRows: 4 });
  });

  it.skipIf(skip)('stops at an event that does not decode, applies nothing after it, and verify reports it', async () => {
    // Written around the validating store, as a buggy old version might have.
    const bad = event('MembershipTierRevised', { membershipId: 1, changes: { sort: 'seven' } });
    await backend.store.append(membershipTierStreamId(1), [bad], 1n);
    await backend.store.append(membershipTierStreamId(1), [event('MembershipTierRevised', { membershipId: 1, changes: { sort: 10 } })], 2n);
    expect(await daemon.waitFor(await backend.store.headPosition(), 1000)).toBe(false);
    await expect.poll(async () => (await daemon.status())[0]?.state, { timeout: 10_000 }).toBe('failed');
    expect((await daemon.status())[0]?.failedEvent).toMatchObject({ id: bad.id, type: 'MembershipTierRevised' });
    expect((await getMembership(backend.sql, 1))?.sort).toBe(9);
    const report = await daemon.verify('memberships');
    expect(report.ok).toBe(false);
    expect(report.stoppedAt).toMatchObject({ id: bad.id });
  });

  it.skipIf(skip)('refuses to sort by an unknown column', async () => {
    await expect(listMemberships(backend.sql, { sort: ['drop table'] })).rejects.toThrow(/cannot sort/);
  });
});

afterAll(async () => {
  await db?.drop();
});
