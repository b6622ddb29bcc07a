import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eligibleEntrants, entrantsOfFold, type EligibilityEvent, type EligibilityFold, type EligibilityInput } from '@roar/domain';
import type { NewEvent } from '@roar/platform';
import { event, openBackend, silent, testDatabase, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { verifyProjector } from '../runner/verify';
import { accountOfRow, drawEligibilityProjector, readEligibilityRows } from '.';
import { memberRanges } from './queries';

/**
 * The read model holds the domain's eligibility fold per member and team: folding its rows gives
 * the same entrants as folding the log, for every kind of draw, as long as nothing in a row
 * happened after the as-of instant (the row says when its latest event occurred, and where from).
 */
const tier = (bonus: boolean, weekly: boolean) => ({ bonus_draws: bonus, weekly_draws: weekly });
const log: [stream: string, type: string, data: Record<string, unknown>, at: string][] = [
  ['member-a', 'MembershipActivated', { memberId: 'a', tier: tier(true, false), periodEnd: '2026-12-31T00:00:00.000Z' }, '2026-10-01T00:00:00.000Z'],
  ['entries-a', 'EntriesGranted', { memberId: 'a', count: 40, prizeId: null, firstTicket: 1, lastTicket: 40 }, '2026-10-01T00:00:00.000Z'],
  ['entries-a', 'EntriesRevoked', { memberId: 'a', count: 5 }, '2026-10-02T00:00:00.000Z'],
  ['entries-a', 'EntriesGranted', { memberId: 'a', count: 3, prizeId: 'p1', firstTicket: 41, lastTicket: 43 }, '2026-10-03T00:00:00.000Z'],
  ['member-b', 'MembershipActivated', { memberId: 'b', tier: tier(false, true), periodEnd: '2026-10-15T00:00:00.000Z' }, '2026-09-15T00:00:00.000Z'],
  ['entries-b', 'EntriesGranted', { memberId: 'b', count: 10, prizeId: null, firstTicket: 1, lastTicket: 10 }, '2026-09-15T00:00:00.000Z'],
  ['member-b', 'MembershipRenewed', { memberId: 'b', tier: tier(false, true), periodEnd: '2026-12-15T00:00:00.000Z' }, '2026-10-15T00:00:00.000Z'],
  ['member-c', 'MembershipActivated', { memberId: 'c', tier: tier(true, true), periodEnd: null }, '2026-09-01T00:00:00.000Z'],
  ['entries-c', 'EntriesGranted', { memberId: 'c', count: 7, prizeId: null, firstTicket: 1, lastTicket: 7 }, '2026-09-01T00:00:00.000Z'],
  ['member-c', 'MembershipCancelled', { memberId: 'c', endsAt: '2026-11-01T00:00:00.000Z' }, '2026-10-20T00:00:00.000Z'],
  ['entries-d', 'EntriesGranted', { memberId: 'd', count: 2, prizeId: 'p1', firstTicket: 1, lastTicket: 2 }, '2026-10-05T00:00:00.000Z'],
  ['team-t1', 'TeamCompleted', { teamId: 't1', memberIds: ['a', 'b', 'c', 'd'] }, '2026-10-06T00:00:00.000Z'],
  ['member-e', 'MembershipRegistered', { memberId: 'e' }, '2026-10-06T00:00:00.000Z'],
];
const inputs: EligibilityInput[] = [
  { prizeId: 'p1', prizeType: 'normal', asOf: '2026-10-25T00:00:00.000Z' },
  { prizeId: 'p2', prizeType: 'bonus', asOf: '2026-10-25T00:00:00.000Z' },
  { prizeId: 'p3', prizeType: 'weekly', asOf: '2026-11-05T00:00:00.000Z' },
  { prizeId: 'p1', prizeType: 'team', asOf: '2026-10-25T00:00:00.000Z' },
];

const sorted = <T extends { key: string }>(list: T[]) => [...list].sort((x, y) => x.key.localeCompare(y.key));

// PostgreSQL too: there the member rows are read in ranges sent at once on one connection.
const db = await testDatabase();
afterAll(async () => {
  await db?.drop();
});

describe.each(['pglite', 'postgres'] as const)('draw_eligibility read model on %s', (kind) => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    if (kind === 'postgres' && !db) return;
    backend = await openBackend(kind, db);
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [drawEligibilityProjector], logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon?.stop();
    await backend?.close();
  });

  it.skipIf(kind === 'postgres' && !db)(
    'folds to the entrants the log gives, for normal, bonus, weekly and team draws; verify passes',
    async () => {
      // Appended in two halves: the second batch folds into rows the first one stored.
      for (const half of [log.slice(0, 6), log.slice(6)]) {
        for (const [stream, type, data, at] of half) {
          const e: NewEvent = event(type, data, at);
          await backend.store.append(stream, [e], 'any');
        }
        expect(await daemon.waitFor(await backend.store.headPosition(), 20_000)).toBe(true);
      }
      const members = await backend.sql.query<Parameters<typeof accountOfRow>[0] & { member_id: string; last_at_ms: unknown; streams: string[] }>(
        'select * from read.draw_eligibility_members order by member_id',
      );
      const teams = await backend.sql.query<{ team_id: string; member_ids: string[] }>('select team_id, member_ids from read.draw_eligibility_teams');
      const fold: EligibilityFold = {
        accounts: new Map(members.rows.map((r) => [r.member_id, accountOfRow(r)])),
        teams: new Map(teams.rows.map((t) => [t.team_id, t.member_ids])),
      };
      const events: EligibilityEvent[] = log.map(([, type, data, occurredAt]) => ({ type, data, occurredAt }));
      for (const input of inputs) expect(sorted(entrantsOfFold(fold, input))).toEqual(sorted(eligibleEntrants(events, input)));
      expect(entrantsOfFold(fold, inputs[0]!).find((e) => e.key === 'member:a')?.tickets).toBe(38);

      const a = members.rows.find((r) => r.member_id === 'a');
      expect(Number(a?.last_at_ms)).toBe(Date.parse('2026-10-03T00:00:00.000Z'));
      expect([...(a?.streams ?? [])].sort()).toEqual(['entries-a', 'member-a']);
      expect(members.rows.some((r) => r.member_id === 'e')).toBe(false);

      const report = await verifyProjector({ sql: backend.sql, store: backend.store, projector: drawEligibilityProjector, logger: silent });
      expect(report.differenceCount).toBe(0);
    },
    60_000,
  );

  it.skipIf(kind === 'postgres' && !db)(
    'reads every member across the ranges of member id it reads in turn, whatever the ids look like',
    async () => {
      // Ids below, at and above each bound ('4', '8', 'c'), upper case, digits only and not hex at all.
      const ids = ['0a', '3f', '4', '4a', '7zz', '8', 'b9', 'c', 'ff', 'zz', 'A1', 'M-1', '99', 'c0ffee'];
      for (const [i, id] of ids.entries()) {
        await backend.store.append(
          `entries-r${i}`,
          [event('EntriesGranted', { memberId: id, count: i + 1, prizeId: null, firstTicket: 1, lastTicket: i + 1 }, '2026-10-01T00:00:00.000Z')],
          'any',
        );
      }
      expect(await daemon.waitFor(await backend.store.headPosition(), 20_000)).toBe(true);
      const events: EligibilityEvent[] = [
        ...log,
        ...ids.map((id, i): (typeof log)[number] => [
          '',
          'EntriesGranted',
          { memberId: id, count: i + 1, prizeId: null },
          '2026-10-01T00:00:00.000Z',
        ]),
      ].map(([, type, data, occurredAt]) => ({ type, data, occurredAt }));
      for (const input of inputs.filter((x) => x.prizeType !== 'team')) {
        const asOfMs = Date.parse(input.asOf);
        const { cutoff, fold, stale } = await backend.sql.transaction((tx) => readEligibilityRows(tx, input, asOfMs));
        expect(cutoff).not.toBeNull();
        expect(stale).toEqual([]);
        const read = entrantsOfFold(fold, input);
        expect(sorted(read)).toEqual(sorted(eligibleEntrants(events, input)));
        for (const id of ids) expect(fold.accounts.has(id)).toBe(true);
      }
    },
    60_000,
  );
});

describe('memberRanges', () => {
  it('puts every text in exactly one range', () => {
    const ranges = memberRanges();
    expect(ranges[0]![0]).toBeNull();
    expect(ranges[ranges.length - 1]![1]).toBeNull();
    for (const id of ['', '0', '3zzz', '4', '40', '7~', '8', 'bf', 'c', 'c0', 'zz', 'A', '~', '\u00e9']) {
      const holding = ranges.filter(([from, to]) => (from === null || id >= from) && (to === null || id < to));
      expect(holding).toHaveLength(1);
    }
    expect(memberRanges([])).toEqual([[null, null]]);
  });
});

describe('accountOfRow', () => {
  const row = { has_tier: true, bonus_draws: false, weekly_draws: false, suspended: false, period_end: null, cancelled_ends_at: null, stacked: '5' };

  it('gives an account read for a close without singles one shared empty map that refuses changes; the fold gets its own', () => {
    const read = [accountOfRow({ ...row, singles: {} }, true), accountOfRow({ ...row, singles: {} }, true)];
    expect(read[0]!.singles).toBe(read[1]!.singles);
    expect(read[0]!.singles.size).toBe(0);
    expect(() => read[0]!.singles.set('p1', { count: 1, ranges: [] })).toThrow();
    expect(() => read[0]!.singles.delete('p1')).toThrow();
    const withSingle = accountOfRow({ ...row, singles: { p1: 2 } }, true);
    expect(withSingle.singles.get('p1')).toEqual({ count: 2, ranges: [] });
    withSingle.singles.set('p2', { count: 1, ranges: [] });
    const folded = [accountOfRow({ ...row, singles: {} }), accountOfRow({ ...row, singles: {} })];
    expect(folded[0]!.singles).not.toBe(folded[1]!.singles);
    folded[0]!.singles.set('p1', { count: 1, ranges: [] });
    expect(folded[1]!.singles.size).toBe(0);
    expect(read[1]!.singles.size).toBe(0);
  });
});
