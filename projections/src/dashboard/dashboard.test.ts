import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIERS, tierSnapshot, type TierSnapshot } from '@roar/domain';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { verifyProjector } from '../runner/verify';
import { membersProjector } from '../members';
import { prizesProjector } from '../prizes';
import { memberControlsProjector } from '../member-controls';
import { clubDay, dashboardFigures, dashboardProjector } from '.';

const seedSnapshot = (code: string): TierSnapshot => {
  const seed = SEED_TIERS.find((t) => t.fields.code === code);
  if (!seed) throw new Error(`no seed tier ${code}`);
  return tierSnapshot(seed.membershipId, seed.fields);
};
const platinum = seedSnapshot('platinum');
const free = seedSnapshot('free');

describe('the dashboard read model', () => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    backend = await openBackend('pglite');
    daemon = createProjectionDaemon({
      sql: backend.sql,
      store: backend.store,
      projectors: [membersProjector, prizesProjector, dashboardProjector, memberControlsProjector],
      logger: silent,
    });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await backend.close();
  });

  const registered = (id: string, at: string) =>
    event(
      'MemberRegistered',
      { memberId: id, email: `${id}@example.test`, firstname: 'A', lastname: 'B', referralCode: `R${id}`, chosenMembershipId: null },
      at,
    );
  const activated = (id: string, tier: TierSnapshot, at: string, end: string | null) =>
    event(
      'MembershipActivated',
      {
        memberId: id,
        checkoutId: null,
        paymentId: null,
        subscriptionId: end ? `sub_${id}` : null,
        tier,
        previousMembershipId: null,
        periodStart: at,
        periodEnd: end,
        source: 'join',
      },
      at,
    );
  const granted = (id: string, count: number, source: string, at: string, prizeId: string | null = null) =>
    event(
      'EntriesGranted',
      {
        memberId: id,
        grantId: `g-${id}-${source}`,
        source,
        count,
        firstTicket: 1,
        lastTicket: count,
        membershipId: null,
        tierCode: null,
        causationKey: `k-${id}-${source}`,
        reason: null,
        prizeId,
      },
      at,
    );

  it('counts sign-ups, active members by tier, MRR and churn per Sydney day, entries by source; replays identically', async () => {
    // 23:30 UTC on Nov 30 is Dec 1 in Sydney: the club's day, not UTC's.
    expect(clubDay('2026-11-30T23:30:00.000Z')).toBe('2026-12-01');
    const day1 = '2026-11-30T23:30:00.000Z';
    const day2 = '2026-12-02T01:00:00.000Z';
    await backend.store.append('member-a', [registered('a', day1), activated('a', platinum, day1, '2027-01-01T00:00:00.000Z')], 'no_stream');
    await backend.store.append('member-b', [registered('b', day1), activated('b', free, day1, null)], 'no_stream');
    await backend.store.append('member-c', [registered('c', day2), activated('c', platinum, day2, '2027-01-02T00:00:00.000Z')], 'no_stream');
    await backend.store.append('entries-a', [granted('a', 50, 'initial', day1), granted('a', 1, 'single-entry', day2, 'p1')], 'no_stream');
    await backend.store.append(
      'member-a',
      [event('MembershipCancelled', { memberId: 'a', membershipId: platinum.membershipId, endsAt: '2027-01-01T00:00:00.000Z', reason: null }, day2)],
      1n,
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 20_000)).toBe(true);

    const f = await dashboardFigures(backend.sql, new Date('2026-12-03T00:00:00.000Z'), 5);
    expect(f.from).toBe('2026-11-29');
    expect(f.signups.map((d) => d.count)).toEqual([0, 0, 2, 1, 0]);
    expect(f.tiers).toEqual([free.code, platinum.code].sort());
    // Dec 2: c joins platinum and a cancels it (no longer renewing).
    expect(f.activeByTier.map((d) => d.tiers[platinum.code])).toEqual([0, 0, 1, 1, 1]);
    expect(f.activeByTier.at(-1)?.tiers[free.code]).toBe(1);
    const price = platinum.price_cents;
    expect(f.mrrAndChurn.map((d) => d.mrrCents)).toEqual([0, 0, price, price, price]);
    expect(f.mrrAndChurn.map((d) => d.cancelled)).toEqual([0, 0, 0, 1, 0]);
    expect(f.entriesBySource).toEqual([
      { source: 'initial', entries: 50 },
      { source: 'single-entry', entries: 1 },
    ]);

    const report = await verifyProjector({ sql: backend.sql, store: backend.store, projector: dashboardProjector, logger: silent });
    expect(report.differenceCount).toBe(0);
  }, 60_000);
});
