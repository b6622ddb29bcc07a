import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '@roar/platform/testing';
import { commitRandomness, pseudonymousEntrantId } from '../draw';
import { ageOn } from '../member/age';
import { SEED_COMPLIANCE_RULES } from '../compliance/rules';
import { auditDraw, auditEligibilityInput } from './audit';
import { prizeDecider, type EntrantIdentity } from './decider';
import { eligibleEntrants, memberStanding, type EligibilityEvent, type EligibilityInput } from './eligibility';
import { NO_SECONDARY_PRIZE_IMAGES, type PrizeEvent, type PrizeFields } from './events';

const fields: PrizeFields = {
  title: 'Ute giveaway',
  slug: 'ute-giveaway',
  description: '<p>A ute</p>',
  hero_image: null,
  ...NO_SECONDARY_PRIZE_IMAGES,
  prize_type_id: 'normal',
  event_date: null,
  event_participants: null,
  prize_end_date: '2026-12-20T00:00:00.000Z',
  prize_value: 25000,
  prize_value_currency: 'AUD',
};
const secret = Buffer.alloc(32, 7);
const salt = 'cd'.repeat(16);
const asOf = '2026-12-20T00:00:00.000Z';
const created: PrizeEvent = { type: 'PrizeCreated', data: { prizeId: 'p1', fields } };
const scheduled: PrizeEvent = {
  type: 'DrawScheduled',
  data: { prizeId: 'p1', method: 'commit-reveal', commitment: commitRandomness(secret), beacon: null, closesAt: asOf },
};
const given = DeciderSpecification.for(prizeDecider);

const ev = (type: string, data: object, occurredAt = '2026-11-10T00:00:00.000Z'): EligibilityEvent => ({ type, data, occurredAt });
const member = (memberId: string, state: string | null, dob: string | null): EligibilityEvent[] => [
  ev('MemberRegistered', { memberId, email: `${memberId}@example.com`, firstname: 'A', lastname: 'B', state, dob }),
  ev('MembershipActivated', { memberId, tier: { bonus_draws: false, weekly_draws: false }, periodEnd: '2027-01-10T00:00:00.000Z' }),
  ev('EntriesGranted', { memberId, count: 5, firstTicket: 1, lastTicket: 5, prizeId: null }),
];
const log: EligibilityEvent[] = [
  ...member('nsw', 'NSW', '1980-05-01'),
  ...member('sa', 'SA', '1980-05-01'),
  ...member('unknown', null, null),
  // Turns 18 on 21 Dec 2026 (club day): still 17 at the close.
  ...member('young', 'VIC', '2008-12-21'),
  ...member('later', null, null),
  ev('MemberProfileUpdated', { memberId: 'later', changes: { state: 'QLD', dob: '1990-01-01' } }),
  // A change of mobile only (state and dob absent, or null in a reduced payload) changes nothing.
  ev('MemberProfileUpdated', { memberId: 'later', changes: { mobile: '0400000000' } }),
];
const rule1: EligibilityInput = { prizeId: 'p1', prizeType: 'normal', asOf };
const rule2: EligibilityInput = { ...rule1, ruleVersion: 2, openStates: ['NSW', 'VIC', 'QLD'], minimumAge: 18 };
const keys = (input: EligibilityInput) =>
  eligibleEntrants(log, input)
    .map((e) => e.key)
    .sort();

describe('ageOn', () => {
  it('counts whole years on the club day, and refuses a date that is not real', () => {
    expect(ageOn('2008-12-21', '2026-12-20')).toBe(17);
    expect(ageOn('2008-12-21', '2026-12-21')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-30', '2026-03-01')).toBeNull();
  });
});

describe('eligibility rule version 2', () => {
  it('leaves out members without state and dob, under 18, or from a state the draw is not open in', () => {
    expect(keys(rule1)).toEqual(['member:later', 'member:nsw', 'member:sa', 'member:unknown', 'member:young']);
    expect(keys(rule2)).toEqual(['member:later', 'member:nsw']);
    expect(keys({ ...rule2, openStates: ['NSW', 'SA', 'VIC', 'QLD'] })).toEqual(['member:later', 'member:nsw', 'member:sa']);
    // The day after, the young member is 18 (on the club's calendar).
    expect(keys({ ...rule2, asOf: '2026-12-20T13:30:00.000Z' })).toContain('member:young');
  });

  it('tells each member why, in the issue’s words', () => {
    expect(memberStanding(log, 'sa', rule2).reason).toBe('This draw is not open to residents of SA');
    expect(memberStanding(log, 'young', rule2).reason).toBe('You must be 18 or over to enter.');
    expect(memberStanding(log, 'unknown', rule2).reason).toBe('Add your state and date of birth to enter.');
    expect(memberStanding(log, 'nsw', rule2)).toMatchObject({ eligible: true, tickets: 5 });
  });

  it('leaves a team out when one of its members does not qualify', () => {
    const team = ev('TeamCompleted', { teamId: 't1', memberIds: ['nsw', 'later'] });
    const teamWithSa = ev('TeamCompleted', { teamId: 't2', memberIds: ['nsw', 'sa'] });
    expect(eligibleEntrants([...log, team, teamWithSa], { ...rule2, prizeType: 'team' }).map((e) => e.key)).toEqual(['team:t1']);
  });

  it('a close records rule 2 with its open states and permits; the audit replays it and VERIFIES, SA member excluded', () => {
    const eligible = eligibleEntrants(log, rule2);
    const entrants = eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    const identities = new Map<string, EntrantIdentity>(eligible.map((e) => [pseudonymousEntrantId(e.key, salt), e]));
    const permits = [{ jurisdiction: 'NSW' as const, number: 'TP/01234', valid_from: '2026-11-01', valid_to: '2027-10-31' }];
    const closing = given([created, scheduled])
      .when({
        type: 'CloseEntries',
        entrants,
        cutoffPosition: '9/9',
        asOf,
        residence: { openStates: ['NSW', 'VIC', 'QLD'], permits, minimumAge: 18 },
      })
      .events();
    const closed = closing.at(-1) as Extract<PrizeEvent, { type: 'EntriesClosed' }>;
    expect(closed.data).toMatchObject({ eligibilityRuleVersion: 2, openStates: ['NSW', 'VIC', 'QLD'], permits, minimumAge: 18, entrantCount: 2 });
    const drawn = given([created, scheduled, ...closing])
      .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities })
      .events();
    const all = [created, scheduled, ...closing, ...drawn];
    expect(auditEligibilityInput('p1', all)).toEqual(rule2);
    const report = auditDraw('p1', all, log);
    expect(report.lines.at(-1)).toBe('VERIFIED');
    // Had the SA member been committed, the replay of rule 2 names the difference.
    const withSa = eligibleEntrants(log, { ...rule2, openStates: ['NSW', 'VIC', 'QLD', 'SA'] });
    const forged = given([created, scheduled])
      .when({
        type: 'CloseEntries',
        entrants: withSa.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets })),
        cutoffPosition: '9/9',
        asOf,
        residence: { openStates: ['NSW', 'VIC', 'QLD'], permits, minimumAge: 18 },
      })
      .events();
    const forgedIds = new Map<string, EntrantIdentity>(withSa.map((e) => [pseudonymousEntrantId(e.key, salt), e]));
    const forgedDraw = given([created, scheduled, ...forged])
      .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities: forgedIds })
      .events();
    const bad = auditDraw('p1', [created, scheduled, ...forged, ...forgedDraw], log);
    expect(bad.verified).toBe(false);
    expect(bad.lines.join('\n')).toContain(`DIFFERS: entrant ${pseudonymousEntrantId('member:sa', salt)}: recorded 5 tickets, rebuilt 0`);
  });

  it('a close given no open states stays rule 1 (draws from before issue 22)', () => {
    const entrants = eligibleEntrants(log, rule1).map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    const closing = given([created, scheduled]).when({ type: 'CloseEntries', entrants, cutoffPosition: '9/9', asOf }).events();
    const closed = closing.at(-1) as Extract<PrizeEvent, { type: 'EntriesClosed' }>;
    expect(closed.data.eligibilityRuleVersion).toBe(1);
    expect(closed.data).not.toHaveProperty('openStates');
  });
});

describe('publishing a draw with open states', () => {
  const nswDraw: PrizeEvent = { type: 'PrizeCreated', data: { prizeId: 'p1', fields: { ...fields, open_states: ['NSW', 'VIC', 'QLD'] } } };
  const permit = {
    id: 'permit-1',
    jurisdiction: 'NSW' as const,
    number: 'TP/01234',
    holder: 'ROAR+ Pty Ltd',
    valid_from: '2026-11-01',
    valid_to: '2027-10-31',
    conditions: '',
    document: null,
  };
  const compliance = (permits: (typeof permit)[]) => ({ rules: SEED_COMPLIANCE_RULES, permits, publishDay: '2026-12-01' });
  it('is refused (409) naming the state and the rule until a NSW permit covers publish to draw day', () => {
    given([nswDraw])
      .when({ type: 'PublishPrize', compliance: compliance([]) })
      .thenThrows('A draw open in NSW with prizes over $10,000 needs a NSW permit covering 1 Dec 2026 to 20 Dec 2026.');
    given([nswDraw])
      .when({ type: 'PublishPrize', compliance: compliance([permit]) })
      .then([{ type: 'PrizePublished', data: { prizeId: 'p1' } }]);
    // A prize from before issue 22 (no open states) publishes as before.
    given([created])
      .when({ type: 'PublishPrize', compliance: compliance([]) })
      .then([{ type: 'PrizePublished', data: { prizeId: 'p1' } }]);
  });
});
