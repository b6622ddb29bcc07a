import { describe, expect, it } from 'vitest';
import { payloadFields } from '@roar/platform';
import {
  ELIGIBILITY_EVENT_TYPES,
  ELIGIBILITY_PAYLOAD_FIELDS,
  eligibilityAccumulator,
  eligibilityPayloadFieldsFor,
  entrantKeyOfEvent,
  eligibleEntrants,
  memberStanding,
  type EligibilityEvent,
  type EligibilityInput,
} from './eligibility';

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
  it('gives each entrant the tickets its member standing shows, for every draw type', () => {
    for (const prizeType of ['normal', 'bonus', 'weekly'] as const) {
      const entrants = eligibleEntrants(log, { ...input, prizeType });
      const ids = new Set(log.map((e) => (e.data as { memberId?: string }).memberId).filter((m): m is string => typeof m === 'string'));
      for (const memberId of ids) {
        const standing = memberStanding(log, memberId, { ...input, prizeType });
        expect(entrants.find((e) => e.key === `member:${memberId}`)?.tickets ?? 0, `${prizeType} ${memberId}`).toBe(standing.tickets);
      }
    }
  });

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

  it('folds the same from payloads reduced to ELIGIBILITY_PAYLOAD_FIELDS as from whole payloads', () => {
    expect(Object.keys(ELIGIBILITY_PAYLOAD_FIELDS).sort()).toEqual([...ELIGIBILITY_EVENT_TYPES].sort());
    // Whole payloads carry what the log carries (a tier snapshot, checkout ids...), odd values included.
    const whole: EligibilityEvent[] = [
      ...log.map((e) => ({
        ...e,
        data: { ...(e.data as object), checkoutId: 'c1', tier: { ...tier, code: 'platinum', items: [{ title: '<b>x</b>' }] } },
      })),
      ev('MembershipRenewed', { memberId: 'm1', tier: { bonus_draws: false, weekly_draws: true }, periodEnd: '2027-01-20T00:00:00.000Z' }),
      ev('MemberSuspended', { memberId: 'm2', reason: 'x' }),
      ev('MemberSuspended', { memberId: 'm3' }),
      ev('MemberReinstated', { memberId: 'm3' }),
      ev('MembershipActivated', { memberId: 'm4', tier: 'odd', periodEnd: 7 }),
      ev('EntriesGranted', { memberId: 'm6', count: '5', prizeId: 7 }),
      ev('TeamCompleted', { teamId: 't2', memberIds: ['m5', 3, 'm6'] }),
    ];
    const reduced = whole.map((e) => ({ ...e, data: payloadFields(e.data, ELIGIBILITY_PAYLOAD_FIELDS[e.type] ?? []) }));
    for (const prizeType of ['normal', 'bonus', 'weekly', 'team'] as const) {
      expect(eligibleEntrants(reduced, { ...input, prizeType })).toEqual(eligibleEntrants(whole, { ...input, prizeType }));
    }
    for (const memberId of ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'single11']) {
      expect(memberStanding(reduced, memberId, input)).toEqual(memberStanding(whole, memberId, input));
    }
    // A field the fold reads, left out, changes the result: the comparison above can fail.
    const withoutCount = whole.map((e) => ({
      ...e,
      data: payloadFields(
        e.data,
        (ELIGIBILITY_PAYLOAD_FIELDS[e.type] ?? []).filter((f) => f !== 'count'),
      ),
    }));
    expect(eligibleEntrants(withoutCount, input)).not.toEqual(eligibleEntrants(whole, input));
  });
});

describe('eligibilityPayloadFieldsFor', () => {
  // Every type, residence facts and suspensions included, in an order where dropping a type matters.
  const mixed: EligibilityEvent[] = [
    ...log,
    ev('MemberRegistered', { memberId: 'm1', state: 'NSW', dob: '1980-05-01' }),
    ev('MemberRegistered', { memberId: 'm2', state: 'SA', dob: '1980-05-01' }),
    ev('MemberRegistered', { memberId: 'm3', state: 'NSW', dob: '2010-01-01' }),
    ev('MemberProfileUpdated', { memberId: 'm4', changes: { state: 'VIC', dob: '1990-01-01' } }),
    ev('MemberRegistered', { memberId: 'm6', state: 'QLD', dob: '1991-01-01' }),
    ev('MemberSuspended', { memberId: 'm6' }),
    ev('MemberRegistered', { memberId: 'single11', state: 'QLD', dob: '1991-01-01' }),
    ev('TeamCompleted', { teamId: 't2', memberIds: ['m1', 'm4', 'm6', 'm8'] }),
    ev('TeamCompleted', { teamId: 't3', memberIds: ['m1', 'm4', 'm6', 'single11'] }),
  ];
  const sorted = (entrants: ReturnType<typeof eligibleEntrants>) => [...entrants].sort((a, b) => (a.key < b.key ? -1 : 1));
  const inputs: EligibilityInput[] = (['normal', 'bonus', 'weekly', 'event', 'team'] as const).flatMap((prizeType) => [
    { ...input, prizeType },
    { ...input, prizeType, ruleVersion: 2, openStates: ['NSW', 'VIC', 'QLD'], minimumAge: 18 },
  ]);

  it('folds the entrants of every draw type and rule from its types alone as from every eligibility event', () => {
    for (const draw of inputs) {
      const fields = eligibilityPayloadFieldsFor(draw);
      const narrowed = mixed.filter((e) => e.type in fields);
      expect(narrowed.length, `${draw.prizeType} v${draw.ruleVersion ?? 1}`).toBeLessThan(mixed.length);
      expect(sorted(eligibleEntrants(narrowed, draw)), `${draw.prizeType} v${draw.ruleVersion ?? 1}`).toEqual(sorted(eligibleEntrants(mixed, draw)));
      // Every field the fold reads of the type, but a grant's ticket range (the entrants read none).
      for (const [type, wanted] of Object.entries(fields))
        expect(wanted).toEqual((ELIGIBILITY_PAYLOAD_FIELDS[type] ?? []).filter((f) => f !== 'firstTicket' && f !== 'lastTicket'));
    }
    expect(eligibilityPayloadFieldsFor({ prizeType: 'normal' }).EntriesGranted).toEqual(['memberId', 'count', 'prizeId']);
    // The residence facts are read under rule 2 only, teams in the team draw only.
    expect(Object.keys(eligibilityPayloadFieldsFor({ prizeType: 'normal' }))).not.toContain('MemberRegistered');
    expect(Object.keys(eligibilityPayloadFieldsFor({ prizeType: 'normal', ruleVersion: 2 }))).toContain('MemberRegistered');
    expect(Object.keys(eligibilityPayloadFieldsFor({ prizeType: 'team' }))).toEqual(['TeamCompleted']);
  });

  it('the accumulator folds payloads reduced to those fields as the whole payloads, ticket ranges left out', () => {
    // Stacked and single grants (m11's prize-bound grant, single11's) with ranges that would differ if read.
    const events = [...mixed, ev('EntriesGranted', { memberId: 'm11', count: 3, firstTicket: 900, lastTicket: 902, prizeId: 'p1' })];
    for (const draw of inputs) {
      const fields = eligibilityPayloadFieldsFor(draw);
      const acc = eligibilityAccumulator(draw);
      for (const e of events) if (e.type in fields) acc.add({ ...e, data: payloadFields(e.data, fields[e.type] ?? []) });
      expect(sorted(acc.result()), `${draw.prizeType} v${draw.ruleVersion ?? 1}`).toEqual(sorted(eligibleEntrants(events, draw)));
    }
    // The reduction can change the result: without the count, the grants give no tickets.
    const withoutCount = eligibilityAccumulator(input);
    for (const e of events) if (e.type === 'EntriesGranted') withoutCount.add({ ...e, data: payloadFields(e.data, ['memberId', 'prizeId']) });
    expect(withoutCount.result()).not.toEqual(
      eligibleEntrants(
        events.filter((e) => e.type === 'EntriesGranted'),
        input,
      ),
    );
  });

  it('a type left out that the draw reads changes the result: the comparison above can fail', () => {
    const rule2 = inputs.find((d) => d.prizeType === 'normal' && d.ruleVersion === 2)!;
    const withoutRegistrations = mixed.filter((e) => e.type !== 'MemberRegistered');
    expect(sorted(eligibleEntrants(withoutRegistrations, rule2))).not.toEqual(sorted(eligibleEntrants(mixed, rule2)));
    const team2 = inputs.find((d) => d.prizeType === 'team' && d.ruleVersion === 2)!;
    expect(eligibleEntrants(mixed, team2).map((e) => e.key)).toEqual(['team:t3']);
    expect(eligibleEntrants(withoutRegistrations, team2)).toEqual([]);
    const withoutSuspensions = mixed.filter((e) => e.type !== 'MemberSuspended');
    expect(sorted(eligibleEntrants(withoutSuspensions, rule2))).not.toEqual(sorted(eligibleEntrants(mixed, rule2)));
  });
});

describe('entrantKeyOfEvent', () => {
  it('names the key the entrants are given for the member or team the event is about', () => {
    expect(entrantKeyOfEvent(ev('EntriesGranted', { memberId: 'm1', count: 1 }))).toBe('member:m1');
    expect(entrantKeyOfEvent(ev('TeamCompleted', { teamId: 't1', memberIds: ['a'] }))).toBe('team:t1');
    expect(entrantKeyOfEvent(ev('MembershipCancelled', { endsAt: null }))).toBeNull();
    const folded = eligibleEntrants(log, input).map((e) => e.key);
    const named = new Set(log.map(entrantKeyOfEvent));
    expect(folded.every((key) => named.has(key))).toBe(true);
  });
});

describe('the fold kept lean for closes and audits (issue 25)', () => {
  const at = '2026-11-10T00:00:00.000Z';
  const e = (type: string, data: object): EligibilityEvent => ({ type, data, occurredAt: at });
  const active = (memberId: string) =>
    e('MembershipActivated', { memberId, tier: { bonus_draws: false, weekly_draws: true }, periodEnd: '2026-12-10T00:00:00.000Z' });
  const input = (prizeId: string) => ({ prizeId, prizeType: 'normal' as const, asOf: '2026-12-01T00:00:00.000Z' });

  it('single entries of one member never reach another (the empty single entries are shared), and a member standing keeps its ranges', () => {
    const events = [
      active('alice'),
      active('bob'),
      e('EntriesGranted', { memberId: 'alice', count: 4, firstTicket: 1, lastTicket: 4, prizeId: null }),
      e('EntriesGranted', { memberId: 'alice', count: 2, firstTicket: 5, lastTicket: 6, prizeId: 'p2' }),
      e('EntriesGranted', { memberId: 'bob', count: 3, firstTicket: 1, lastTicket: 3, prizeId: null }),
    ];
    const tickets = (prizeId: string, log: EligibilityEvent[]) =>
      Object.fromEntries(eligibleEntrants(log, input(prizeId)).map((x) => [x.key, x.tickets]));
    expect(tickets('p2', events)).toEqual({ 'member:alice': 6, 'member:bob': 3 });
    expect(tickets('p1', events)).toEqual({ 'member:alice': 4, 'member:bob': 3 });
    // A later fold of other members: none of them holds alice's single entries.
    expect(
      tickets('p2', [active('carol'), e('EntriesGranted', { memberId: 'carol', count: 1, firstTicket: 1, lastTicket: 1, prizeId: null })]),
    ).toEqual({
      'member:carol': 1,
    });
    expect(memberStanding(events, 'alice', input('p2'))).toMatchObject({
      tickets: 6,
      ranges: [
        { first: 1, last: 4 },
        { first: 5, last: 6 },
      ],
    });
  });
});
