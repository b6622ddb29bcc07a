import { describe, expect, it } from 'vitest';
import { eligibilityAccumulator, eligibleEntrants, type EligibilityEvent } from './eligibility';

const ev = (type: string, data: object, occurredAt = '2026-11-10T00:00:00.000Z'): EligibilityEvent => ({ type, data, occurredAt });
const tier = { bonus_draws: true, weekly_draws: false };
const log: EligibilityEvent[] = [];
for (let i = 0; i < 50; i++) {
  const memberId = `m${i}`;
  log.push(ev('MembershipActivated', { memberId, tier, periodEnd: i % 7 === 0 ? '2026-11-20T00:00:00.000Z' : '2026-12-20T00:00:00.000Z' }));
  log.push(ev('EntriesGranted', { memberId, count: 10 + i, firstTicket: 1, lastTicket: 10 + i, prizeId: null }));
  if (i % 5 === 0) log.push(ev('EntriesRevoked', { memberId, count: 3 }));
  if (i % 9 === 0) log.push(ev('MembershipCancelled', { memberId, endsAt: '2026-11-25T00:00:00.000Z' }));
  if (i % 11 === 0) log.push(ev('EntriesGranted', { memberId: `single${i}`, count: 2, firstTicket: 1, lastTicket: 2, prizeId: 'p1' }));
  if (i % 13 === 0) log.push(ev('EntriesGranted', { memberId, count: 4, firstTicket: 1, lastTicket: 4, prizeId: null }, '2026-12-05T00:00:00.000Z'));
}
log.push(ev('TeamCompleted', { teamId: 't1', memberIds: ['m1', 'm2', 'm3', 'm4'] }));
const input = { prizeId: 'p1', prizeType: 'normal' as const, asOf: '2026-12-01T00:00:00.000Z' };

describe('eligibilityAccumulator', () => {
  it('fed in pages gives what the one-array fold gives, for member and team draws', () => {
    for (const prizeType of ['normal', 'bonus', 'team'] as const) {
      const acc = eligibilityAccumulator({ ...input, prizeType });
      for (let i = 0; i < log.length; i += 17) for (const e of log.slice(i, i + 17)) acc.add(e);
      expect(acc.result()).toEqual(eligibleEntrants(log, { ...input, prizeType }));
    }
    const normal = eligibleEntrants(log, input);
    expect(normal.find((e) => e.key === 'member:m0')).toBeUndefined(); // period ended before asOf
    expect(normal.find((e) => e.key === 'member:m5')?.tickets).toBe(15 - 3);
    expect(normal.find((e) => e.key === 'member:m13')?.tickets).toBe(23); // the grant after asOf is ignored
    expect(normal.find((e) => e.key === 'member:single11')?.tickets).toBe(2);
    expect(eligibleEntrants(log, { ...input, prizeType: 'team' })).toEqual([{ key: 'team:t1', memberIds: ['m1', 'm2', 'm3', 'm4'], tickets: 1 }]);
  });

  it('an empty log gives no entrants', () => {
    expect(eligibilityAccumulator(input).result()).toEqual([]);
  });
});
