import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { beaconCommitment, commitRandomness, pseudonymousEntrantId, type BeaconSchedule } from '../draw';
import { createEventRegistry } from '../registry';
import { auditDraw, auditEligibilityInput } from './audit';
import { addMonths, CLAIM_PERIOD_ENDED, CLAIM_STATE_NEEDED, prizeDecider, redrawChainEnd, redrawChainLink, type EntrantIdentity } from './decider';
import { eligibleEntrants, formatTicketRanges, memberStanding, type EligibilityEvent } from './eligibility';
import { NO_SECONDARY_PRIZE_IMAGES, type PrizeEvent, type PrizeFields } from './events';
import { DeciderSpecification } from '@roar/platform/testing';

const fields: PrizeFields = {
  title: 'Masters trip',
  slug: 'masters-trip',
  description: '<p>Two tickets</p>',
  hero_image: '/img/masters.jpg',
  ...NO_SECONDARY_PRIZE_IMAGES,
  prize_type_id: 'normal',
  event_date: 'April 2027',
  event_participants: 2,
  prize_end_date: '2026-12-01T00:00:00.000Z',
  prize_value: 15000,
  prize_value_currency: 'AUD',
};
const secret = Buffer.alloc(32, 9);
const salt = 'ab'.repeat(16);
const created: PrizeEvent = { type: 'PrizeCreated', data: { prizeId: 'p1', fields } };
const scheduled: PrizeEvent = {
  type: 'DrawScheduled',
  data: { prizeId: 'p1', method: 'commit-reveal', commitment: commitRandomness(secret), beacon: null, closesAt: fields.prize_end_date },
};

const given = DeciderSpecification.for(prizeDecider);

const tier = (bonus: boolean) => ({ bonus_draws: bonus, weekly_draws: false });
const ev = (type: string, data: object, occurredAt = '2026-11-10T00:00:00.000Z'): EligibilityEvent => ({ type, data, occurredAt });
const activated = (memberId: string, periodEnd: string | null, bonus = false) =>
  ev('MembershipActivated', { memberId, tier: tier(bonus), periodEnd });
const granted = (memberId: string, count: number, first: number, prizeId: string | null = null) =>
  ev('EntriesGranted', { memberId, count, firstTicket: first, lastTicket: first + count - 1, prizeId });
const log: EligibilityEvent[] = [
  activated('alice', '2026-12-10T00:00:00.000Z', true),
  granted('alice', 60, 1),
  granted('alice', 10, 71),
  activated('bob', '2026-12-10T00:00:00.000Z'),
  granted('bob', 5, 1),
  ev('MembershipCancelled', { memberId: 'bob', endsAt: '2026-11-20T00:00:00.000Z' }),
  granted('carol', 3, 1, 'p1'),
  granted('dave', 4, 1),
];
const asOf = '2026-12-01T00:00:00.000Z';
const identities = (entrants: { key: string; memberIds: readonly string[] }[]) =>
  new Map<string, EntrantIdentity>(entrants.map((e) => [pseudonymousEntrantId(e.key, salt), e]));

describe('eligibility (rule version 1)', () => {
  it('counts stacked entries of active members, single entries in their own draw only, nothing of lapsed or cancelled-and-ended memberships', () => {
    const normal = eligibleEntrants(log, { prizeId: 'p1', prizeType: 'normal', asOf });
    expect(normal.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'member:alice', memberIds: ['alice'], tickets: 70 },
      { key: 'member:carol', memberIds: ['carol'], tickets: 3 },
    ]);
    // bob's cancelled membership still counts before its end date
    expect(
      eligibleEntrants(log, { prizeId: 'p2', prizeType: 'event', asOf: '2026-11-15T00:00:00.000Z' })
        .map((e) => e.key)
        .sort(),
    ).toEqual(['member:alice', 'member:bob']);
    expect(eligibleEntrants(log, { prizeId: 'p2', prizeType: 'bonus', asOf: '2026-11-15T00:00:00.000Z' }).map((e) => e.key)).toEqual([
      'member:alice',
    ]);
    expect(eligibleEntrants(log, { prizeId: 'p2', prizeType: 'weekly', asOf: '2026-11-15T00:00:00.000Z' })).toEqual([]);
  });

  it('enters a complete team as one entrant naming its four members, and ignores events after asOf', () => {
    const team = ev('TeamCompleted', { teamId: 't1', memberIds: ['cap', 'm1', 'm2', 'm3'] });
    expect(eligibleEntrants([...log, team], { prizeId: 'p9', prizeType: 'team', asOf })).toEqual([
      { key: 'team:t1', memberIds: ['cap', 'm1', 'm2', 'm3'], tickets: 1 },
    ]);
    expect(
      eligibleEntrants(
        [...log, granted('alice', 5, 81)].map((e, i, all) => (i === all.length - 1 ? { ...e, occurredAt: '2026-12-02T00:00:00.000Z' } : e)),
        { prizeId: 'p1', prizeType: 'normal', asOf },
      ).find((e) => e.key === 'member:alice')?.tickets,
    ).toBe(70);
  });

  it('tells a member their tickets and why they do not count', () => {
    const alice = memberStanding(log, 'alice', { prizeId: 'p1', prizeType: 'normal', asOf });
    expect(formatTicketRanges(alice.ranges)).toBe('1-60, 71-80');
    expect(alice).toMatchObject({ tickets: 70, eligible: true, reason: null });
    expect(memberStanding(log, 'bob', { prizeId: 'p1', prizeType: 'normal', asOf })).toMatchObject({
      eligible: false,
      reason: 'Your membership is not active.',
    });
    expect(memberStanding(log, 'dave', { prizeId: 'p1', prizeType: 'normal', asOf }).reason).toBe('Your membership is not active.');
    expect(memberStanding(log, 'alice', { prizeId: 'p1', prizeType: 'weekly', asOf }).reason).toBe('Your membership does not include weekly draws.');
  });
});

describe('the prize decider', () => {
  it('creates, publishes and schedules with only the commitment in the event', () => {
    given([]).when({ type: 'CreatePrize', prizeId: 'p1', fields }).then([created]);
    given([created])
      .when({ type: 'PublishPrize' })
      .then([{ type: 'PrizePublished', data: { prizeId: 'p1' } }]);
    given([created])
      .when({ type: 'ScheduleDraw', method: 'commit-reveal', commitment: commitRandomness(secret), beacon: null })
      .then([scheduled]);
    given([created, scheduled])
      .when({ type: 'ScheduleDraw', method: 'commit-reveal', commitment: commitRandomness(secret), beacon: null })
      .thenThrows('The draw is already scheduled.');
    given([created, scheduled])
      .when({ type: 'UpdatePrize', changes: { prize_end_date: '2027-01-01T00:00:00.000Z' } })
      .thenThrows('The closing date cannot change');
    expect(JSON.stringify(scheduled)).not.toContain(secret.toString('hex'));
  });

  it('walks a claim: notice with a claim period, claim, verify, award; a late claim is refused; unclaimed waits for the redraw date', () => {
    const eligible = eligibleEntrants(log, { prizeId: 'p1', prizeType: 'normal', asOf });
    const entrants = eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    const closing = given([created, scheduled]).when({ type: 'CloseEntries', entrants, cutoffPosition: '5/5', asOf }).events();
    const ids = identities(eligible);
    const drawn = given([created, scheduled, ...closing])
      .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities: ids })
      .events();
    const first = drawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>;
    const winner = first.data.memberIds[0]!;
    const base = [created, scheduled, ...closing, ...drawn];
    const notice = given(base).when({ type: 'NotifyWinner', now: '2026-12-02T00:00:00.000Z', claimPeriodDays: 14 }).events();
    expect(notice).toEqual([
      { type: 'WinnerNotified', data: { prizeId: 'p1', k: first.data.k, memberIds: first.data.memberIds, claimBy: '2026-12-16T00:00:00.000Z' } },
    ]);
    const notified = [...base, ...notice];
    given(notified).when({ type: 'ClaimPrize', memberId: winner, state: 'QLD', now: '2026-12-16T00:00:01.000Z' }).thenThrows(CLAIM_PERIOD_ENDED);
    const claim = given(notified)
      .when({ type: 'ClaimPrize', memberId: winner, state: 'QLD', now: '2026-12-10T00:00:00.000Z', publicationOptOut: true, delivery: ' 1 Tee St ' })
      .events();
    expect(claim).toEqual([
      {
        type: 'PrizeClaimed',
        data: { prizeId: 'p1', k: first.data.k, memberId: winner, state: 'QLD', publicationOptOut: true, delivery: '1 Tee St' },
      },
    ]);
    const claimed = [...notified, ...claim];
    given(notified)
      .when({ type: 'VerifyClaim', staffId: 's1', identitySeen: true, ageSeen: true })
      .thenThrows('The winner has not claimed the prize yet.');
    given(claimed).when({ type: 'AwardPrize', staffId: 's1', deliveryNote: 'Sent' }).thenThrows('Verify the winner');
    given(claimed).when({ type: 'VerifyClaim', staffId: 's1', identitySeen: true, ageSeen: false }).thenThrows('identity and age');
    const verify = given(claimed)
      .when({ type: 'VerifyClaim', staffId: 's1', identitySeen: true, ageSeen: true, documentKey: 'claims/p1/id.pdf' })
      .events();
    expect(verify).toEqual([
      {
        type: 'ClaimVerified',
        data: { prizeId: 'p1', k: first.data.k, verifiedBy: 's1', identitySeen: true, ageSeen: true, documentKey: 'claims/p1/id.pdf' },
      },
    ]);
    given([...claimed, ...verify])
      .when({ type: 'AwardPrize', staffId: 's1', deliveryNote: ' ' })
      .thenThrows('Give the evidence');
    given([...claimed, ...verify])
      .when({ type: 'AwardPrize', staffId: 's1', transferReference: 'TX-42' })
      .then([{ type: 'PrizeAwarded', data: { prizeId: 'p1', k: first.data.k, awardedBy: 's1', transferReference: 'TX-42', memberId: winner } }]);
    given([...claimed, ...verify])
      .when({ type: 'RedrawWinner', reason: 'x', entrantSalt: salt, identities: ids })
      .thenThrows('The prize has been claimed.');

    // Unclaimed: the job marks it only after the period; the redraw waits 2 months from the draw (the close).
    given(notified).when({ type: 'MarkUnclaimed', now: '2026-12-15T00:00:00.000Z', redrawMonths: 2 }).thenThrows('The claim period has not ended.');
    given(base).when({ type: 'MarkUnclaimed', now: '2027-01-01T00:00:00.000Z', redrawMonths: 2 }).then([]);
    given(claimed).when({ type: 'MarkUnclaimed', now: '2027-01-01T00:00:00.000Z', redrawMonths: 2 }).then([]);
    const lapse = given(notified).when({ type: 'MarkUnclaimed', now: '2026-12-17T00:00:00.000Z', redrawMonths: 2 }).events();
    const redrawOn = addMonths(asOf, 2);
    expect(lapse).toEqual([{ type: 'PrizeUnclaimed', data: { prizeId: 'p1', k: first.data.k, claimBy: '2026-12-16T00:00:00.000Z', redrawOn } }]);
    const lapsed = [...notified, ...lapse];
    given(lapsed).when({ type: 'ClaimPrize', memberId: winner, state: 'QLD', now: '2026-12-17T00:00:00.000Z' }).thenThrows(CLAIM_PERIOD_ENDED);
    given(lapsed).when({ type: 'MarkUnclaimed', now: '2027-03-01T00:00:00.000Z', redrawMonths: 2 }).then([]);
    const early = new Date(Date.parse(redrawOn) - 1000).toISOString();
    given(lapsed)
      .when({ type: 'RedrawWinner', reason: 'Unclaimed', entrantSalt: salt, identities: ids, now: early })
      .thenThrows(`This prize cannot be redrawn before ${redrawOn.slice(0, 10)}.`);
    const redrawn = given(lapsed).when({ type: 'RedrawWinner', reason: 'Unclaimed', entrantSalt: salt, identities: ids, now: redrawOn }).events();
    const second = redrawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>;
    expect(second.data.entrantId).not.toBe(first.data.entrantId);

    // Declined: redrawn from the day it was declined; the winner cannot claim afterwards.
    const decline = given(notified).when({ type: 'DeclinePrize', by: winner, now: '2026-12-05T00:00:00.000Z' }).events();
    expect(decline).toEqual([{ type: 'PrizeDeclined', data: { prizeId: 'p1', k: first.data.k, by: winner, redrawOn: '2026-12-05T00:00:00.000Z' } }]);
    given([...notified, ...decline])
      .when({ type: 'ClaimPrize', memberId: winner, state: 'QLD', now: '2026-12-06T00:00:00.000Z' })
      .thenThrows('You declined this prize.');
    expect(addMonths('2026-12-31T10:00:00.000Z', 2)).toBe('2027-02-28T10:00:00.000Z');
  });

  it('closes, draws, redraws with the next k, and the audit verifies it all; a tampered grant is named', () => {
    const eligible = eligibleEntrants(log, { prizeId: 'p1', prizeType: 'normal', asOf });
    const entrants = eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    given([created]).when({ type: 'CloseEntries', entrants, cutoffPosition: '5/5', asOf }).thenThrows('Schedule the draw first.');
    const closing = given([created, scheduled]).when({ type: 'CloseEntries', entrants, cutoffPosition: '5/5', asOf }).events();
    expect(closing.map((e) => e.type)).toEqual(['EntryListRecorded', 'EntriesClosed']);
    expect(closing[1]).toMatchObject({ data: { entrantCount: 2, totalTickets: 73, eligibilityRuleVersion: 1 } });
    const ids = identities(eligible);
    const wrong = given([created, scheduled, ...closing]).when({
      type: 'DrawWinner',
      randomness: Buffer.alloc(32, 1).toString('hex'),
      entrantSalt: salt,
      identities: ids,
    });
    wrong.thenThrows('The revealed randomness does not match the commitment.');
    const drawn = given([created, scheduled, ...closing])
      .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities: ids })
      .events();
    expect(drawn.map((e) => e.type)).toEqual(['RandomnessRevealed', 'WinnerDrawn']);
    const first = drawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>;
    given([created, scheduled, ...closing, ...drawn])
      .when({ type: 'RedrawWinner', reason: ' ', entrantSalt: salt, identities: ids })
      .thenThrows('A redraw needs a reason.');
    const redrawn = given([created, scheduled, ...closing, ...drawn])
      .when({ type: 'RedrawWinner', reason: 'Unclaimed after 14 days', entrantSalt: salt, identities: ids })
      .events();
    expect(redrawn[0]).toEqual({
      type: 'WinnerRedrawn',
      data: {
        prizeId: 'p1',
        previousK: first.data.k,
        previousEntrantId: first.data.entrantId,
        reason: 'Unclaimed after 14 days',
        nextK: first.data.nextK,
      },
    });
    const second = redrawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>;
    expect(second.data.k).toBeGreaterThanOrEqual(first.data.nextK);
    expect(second.data.entrantId).not.toBe(first.data.entrantId);
    const all = [created, scheduled, ...closing, ...drawn, ...redrawn];
    given(all).when({ type: 'ClaimPrize', memberId: first.data.memberIds[0]!, state: 'NSW' }).thenThrows('Only the winner can claim this prize.');
    // Defect 10: without a state the published result would read initials alone ("N.N.").
    given(all).when({ type: 'ClaimPrize', memberId: second.data.memberIds[0]!, state: null }).thenThrows(CLAIM_STATE_NEEDED);
    given(all)
      .when({ type: 'ClaimPrize', memberId: second.data.memberIds[0]!, state: 'TAS' })
      .then([{ type: 'PrizeClaimed', data: { prizeId: 'p1', k: second.data.k, memberId: second.data.memberIds[0]!, state: 'TAS' } }]);

    const report = auditDraw('p1', all, log);
    expect(report.lines.at(-1)).toBe('VERIFIED');
    expect(report.verified).toBe(true);

    const tampered = log.map((e) =>
      e.type === 'EntriesGranted' && (e.data as { memberId: string }).memberId === 'carol' ? granted('carol', 4, 1, 'p1') : e,
    );
    const bad = auditDraw('p1', all, tampered);
    expect(bad.verified).toBe(false);
    expect(bad.lines.join('\n')).toContain('(member:carol): recorded 3 tickets, rebuilt 4');

    // The streamed form (entrants folded by the caller for the input the audit names) says the same.
    const input = auditEligibilityInput('p1', all);
    expect(input).toEqual({ prizeId: 'p1', prizeType: 'normal', asOf });
    expect(auditDraw('p1', all, { input: input!, eligible: eligibleEntrants(log, input!) })).toEqual(report);
    expect(auditDraw('p1', all, { input: input!, eligible: eligibleEntrants(tampered, input!) })).toEqual(bad);
    // Ids the caller computed while streaming the log are used as given: right ones verify, a wrong one is a difference.
    const eligibleNow = eligibleEntrants(log, input!);
    const streamedIds = new Map(eligibleNow.map((e) => [e.key, pseudonymousEntrantId(e.key, salt)]));
    expect(auditDraw('p1', all, { input: input!, eligible: eligibleNow, entrantIds: streamedIds })).toEqual(report);
    const wrongIds = new Map([...streamedIds].map(([key, id]) => [key, key === 'member:carol' ? 'f'.repeat(64) : id]));
    const misidentified = auditDraw('p1', all, { input: input!, eligible: eligibleNow, entrantIds: wrongIds });
    expect(misidentified.verified).toBe(false);
    expect(misidentified.lines.join('\n')).toContain(`entrant ${'f'.repeat(64)} (member:carol): recorded 0 tickets, rebuilt 3`);
    // Entrants folded for another instant are refused, not compared.
    const other = auditDraw('p1', all, { input: { ...input!, asOf: '2020-01-01T00:00:00.000Z' }, eligible: eligibleEntrants(log, input!) });
    expect(other.verified).toBe(false);
    expect(other.lines.join('\n')).toContain(`the draw needs p1 (normal) as of ${asOf}`);
    // Nothing to rebuild before the reveal.
    expect(auditEligibilityInput('p1', [created, scheduled, ...closing])).toBeNull();
  });

  it('redraws with fresh randomness committed before the close (a hash chain), refuses a wrong link, and the audit verifies every redraw', () => {
    const chainSecret = 'cd'.repeat(32);
    const chainEnd = redrawChainEnd(chainSecret, 4);
    const withChain: PrizeEvent = {
      ...scheduled,
      data: { ...(scheduled.data as object), redrawCommitment: chainEnd, redrawChainLength: 4 },
    } as PrizeEvent;
    given([created])
      .when({
        type: 'ScheduleDraw',
        method: 'commit-reveal',
        commitment: commitRandomness(secret),
        beacon: null,
        redraw: { commitment: chainEnd, chainLength: 4 },
      })
      .then([
        {
          type: 'DrawScheduled',
          data: {
            prizeId: 'p1',
            method: 'commit-reveal',
            commitment: commitRandomness(secret),
            beacon: null,
            closesAt: fields.prize_end_date,
            redrawCommitment: chainEnd,
            redrawChainLength: 4,
          },
        },
      ]);
    const many: EligibilityEvent[] = ['m1', 'm2', 'm3', 'm4', 'm5'].flatMap((m, i) => [
      activated(m, '2026-12-10T00:00:00.000Z'),
      granted(m, 2 + i, 1),
    ]);
    const eligible = eligibleEntrants(many, { prizeId: 'p1', prizeType: 'normal', asOf });
    const entrants = eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    const terms: PrizeEvent = { type: 'DrawTermsIssued', data: { prizeId: 'p1', version: 2, html: '<p>Terms</p>', sha256: 'a'.repeat(64) } };
    const closing = given([created, withChain, terms]).when({ type: 'CloseEntries', entrants, cutoffPosition: '5/5', asOf }).events();
    // The close records the terms version in force.
    expect(closing.at(-1)).toMatchObject({ type: 'EntriesClosed', data: { termsVersion: 2, termsSha256: 'a'.repeat(64) } });
    const ids = identities(eligible);
    const drawn = given([created, withChain, terms, ...closing])
      .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities: ids })
      .events();
    let history = [created, withChain, terms, ...closing, ...drawn];
    const reveal = drawn[0] as Extract<PrizeEvent, { type: 'RandomnessRevealed' }>;
    // A redraw without the next link, or with a link that does not open the commitment, is refused.
    given(history)
      .when({ type: 'RedrawWinner', reason: 'Declined', entrantSalt: salt, identities: ids })
      .thenThrows('The randomness of redraw 1 does not match its commitment.');
    given(history)
      .when({ type: 'RedrawWinner', reason: 'Declined', entrantSalt: salt, identities: ids, randomness: redrawChainLink(chainSecret, 4, 2) })
      .thenThrows('The randomness of redraw 1 does not match its commitment.');
    const winnersSoFar = [(drawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>).data.entrantId];
    for (const n of [1, 2]) {
      const link = redrawChainLink(chainSecret, 4, n);
      const redrawn = given(history)
        .when({ type: 'RedrawWinner', reason: `Redraw ${n}`, entrantSalt: salt, identities: ids, randomness: link })
        .events();
      const marker = redrawn[0] as Extract<PrizeEvent, { type: 'WinnerRedrawn' }>;
      expect(marker.data).toMatchObject({ redraw: n, randomness: link });
      // Fresh randomness: a seed of its own, not the first draw's.
      expect(marker.data.seed).not.toBe(reveal.data.seed);
      const next = redrawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>;
      expect(winnersSoFar).not.toContain(next.data.entrantId);
      winnersSoFar.push(next.data.entrantId);
      history = [...history, ...redrawn];
    }
    const report = auditDraw('p1', history, many);
    expect(report.lines).toContain(`Redraws committed before the close: hash chain ending ${chainEnd}`);
    expect(report.lines.join('\n')).toContain('Redraw 2 (Redraw 2): randomness');
    expect(report.lines.join('\n')).toContain('Terms version 2 (SHA-256');
    expect(report.lines.at(-1)).toBe('VERIFIED');
    // A close that names another terms version than the one in force is a difference.
    const otherTerms = history.map((e) => (e.type === 'EntriesClosed' ? ({ ...e, data: { ...e.data, termsVersion: 1 } } as PrizeEvent) : e));
    expect(auditDraw('p1', otherTerms, many).lines).toContain('DIFFERS: the close records terms version 1, the version in force was 2');
    // A redraw's randomness changed in the log: the audit names the redraw and the link it fails to open.
    const forgedLink = 'e'.repeat(64);
    const forged = history.map((e) =>
      e.type === 'WinnerRedrawn' && e.data.redraw === 2 ? ({ ...e, data: { ...e.data, randomness: forgedLink } } as PrizeEvent) : e,
    );
    const bad = auditDraw('p1', forged, many);
    expect(bad.verified).toBe(false);
    expect(bad.lines.join('\n')).toContain(`DIFFERS: redraw 2: the revealed randomness ${forgedLink} does not open redraw 1's randomness`);
    expect(bad.lines.join('\n')).toContain('DIFFERS: redraw 2: the seed recomputes to');
  });

  it('the audit names a recorded winner, seed or randomness that was changed in the log', () => {
    const eligible = eligibleEntrants(log, { prizeId: 'p1', prizeType: 'normal', asOf });
    const entrants = eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    const ids = identities(eligible);
    const closing = given([created, scheduled]).when({ type: 'CloseEntries', entrants, cutoffPosition: '5/5', asOf }).events();
    const drawn = given([created, scheduled, ...closing])
      .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities: ids })
      .events();
    const redrawn = given([created, scheduled, ...closing, ...drawn])
      .when({ type: 'RedrawWinner', reason: 'Unclaimed after 14 days', entrantSalt: salt, identities: ids })
      .events();
    const all = [created, scheduled, ...closing, ...drawn, ...redrawn];
    expect(auditDraw('p1', all, log).lines.at(-1)).toBe('VERIFIED');
    const revealed = drawn[0] as Extract<PrizeEvent, { type: 'RandomnessRevealed' }>;
    const first = drawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>;
    const second = redrawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>;
    /** The log with one event's payload changed, as an UPDATE on the events table would leave it. */
    const tampered = (target: PrizeEvent, change: object): PrizeEvent[] =>
      all.map((e) => (e === target ? ({ ...e, data: { ...e.data, ...change } } as PrizeEvent) : e));
    const differences = (events: PrizeEvent[]) => {
      const report = auditDraw('p1', events, log);
      expect(report.verified).toBe(false);
      expect(report.lines).not.toContain('VERIFIED');
      return report.lines.filter((l) => l.startsWith('DIFFERS: '));
    };
    const total = closing[1]!.type === 'EntriesClosed' ? closing[1]!.data.totalTickets : 0;

    // The winner's ticket alone (the entrant and k as drawn): only the recomputation of the winner can tell.
    const otherTicket = (first.data.ticket % total) + 1;
    expect(differences(tampered(first, { ticket: otherTicket }))).toEqual([
      `DIFFERS: winner recorded k=${first.data.k} ticket ${otherTicket} entrant ${first.data.entrantId}, recomputed k=${first.data.k} ticket ${first.data.ticket} entrant ${first.data.entrantId}`,
    ]);
    // The draw's position k moved (a different draw of the same ticket stream).
    expect(differences(tampered(first, { k: first.data.k + 1 }))[0]).toBe(
      `DIFFERS: winner recorded k=${first.data.k + 1} ticket ${first.data.ticket} entrant ${first.data.entrantId}, recomputed k=${first.data.k} ticket ${first.data.ticket} entrant ${first.data.entrantId}`,
    );
    // The redrawn winner swapped for the first one, names and all.
    const swapped = differences(tampered(second, { entrantId: first.data.entrantId, memberIds: first.data.memberIds, ticket: first.data.ticket }));
    expect(swapped).toContain(
      `DIFFERS: winner recorded k=${second.data.k} ticket ${first.data.ticket} entrant ${first.data.entrantId}, recomputed k=${second.data.k} ticket ${second.data.ticket} entrant ${second.data.entrantId}`,
    );

    // The recorded seed: the winners still recompute (from the seed the audit derives), the seed itself is named.
    const forged = 'f'.repeat(64);
    expect(differences(tampered(revealed, { seed: forged }))).toEqual([`DIFFERS: the seed recomputes to ${revealed.data.seed}, recorded ${forged}`]);

    // The revealed randomness: it no longer opens the commitment.
    expect(differences(tampered(revealed, { randomness: Buffer.alloc(32, 3).toString('hex') }))).toContain(
      `DIFFERS: the revealed randomness does not match commitment ${commitRandomness(secret)}`,
    );
  });

  it('draws a team draw: one entrant per complete team, and the winner names all four members', () => {
    const teamCreated: PrizeEvent = { type: 'PrizeCreated', data: { prizeId: 'p1', fields: { ...fields, prize_type_id: 'team' } } };
    const teams = [
      ev('TeamCompleted', { teamId: 't1', memberIds: ['c1', 'a1', 'b1', 'd1'] }),
      ev('TeamCompleted', { teamId: 't2', memberIds: ['c2', 'a2', 'b2', 'd2'] }),
    ];
    const eligible = eligibleEntrants([...log, ...teams], { prizeId: 'p1', prizeType: 'team', asOf });
    expect(eligible.map((e) => e.tickets)).toEqual([1, 1]);
    const entrants = eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    const closing = given([teamCreated, scheduled]).when({ type: 'CloseEntries', entrants, cutoffPosition: '9/9', asOf }).events();
    const drawn = given([teamCreated, scheduled, ...closing])
      .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities: identities(eligible) })
      .events();
    const winner = drawn[1] as Extract<PrizeEvent, { type: 'WinnerDrawn' }>;
    expect(winner.data.memberIds).toHaveLength(4);
    // An identity map that lies about who an entrant is gets refused (the salt proves the key).
    const lying = new Map([...identities(eligible)].map(([id, who]) => [id, { ...who, key: 'team:someone-else' }]));
    given([teamCreated, scheduled, ...closing])
      .when({ type: 'DrawWinner', randomness: secret.toString('hex'), entrantSalt: salt, identities: lying })
      .thenThrows('could not be matched');
    expect(auditDraw('p1', [teamCreated, scheduled, ...closing, ...drawn], [...log, ...teams]).verified).toBe(true);
  });

  it('a beacon draw commits to its chain and round, draws only that round with randomness = SHA-256(signature), and the audit re-checks it', () => {
    const beacon: BeaconSchedule = {
      name: 'drand:test',
      round: 7,
      chainHash: 'cd'.repeat(32),
      genesisTime: Date.parse(fields.prize_end_date) / 1000 - 5,
      period: 3,
    };
    given([created])
      .when({ type: 'ScheduleDraw', method: 'beacon', commitment: commitRandomness(secret), beacon })
      .thenThrows('A beacon draw commits to its chain and round.');
    const [beaconScheduled] = given([created])
      .when({ type: 'ScheduleDraw', method: 'beacon', commitment: beaconCommitment(beacon), beacon })
      .events();
    const eligible = eligibleEntrants(log, { prizeId: 'p1', prizeType: 'normal', asOf });
    const entrants = eligible.map((e) => ({ entrantId: pseudonymousEntrantId(e.key, salt), tickets: e.tickets }));
    const closing = given([created, beaconScheduled!]).when({ type: 'CloseEntries', entrants, cutoffPosition: '5/5', asOf }).events();
    const signature = 'ee'.repeat(48);
    const randomness = createHash('sha256').update(Buffer.from(signature, 'hex')).digest('hex');
    const at = [created, beaconScheduled!, ...closing];
    const draw = (round: number, value: string) =>
      given(at).when({
        type: 'DrawWinner',
        randomness: value,
        entrantSalt: salt,
        identities: identities(eligible),
        beaconRound: { round, signature, previousSignature: null },
      });
    draw(8, randomness).thenThrows('The draw is committed to beacon round 7.');
    draw(7, 'ab'.repeat(32)).thenThrows('The beacon randomness is not the SHA-256 of its signature.');
    const drawn = draw(7, randomness).events();
    expect(drawn[0]).toMatchObject({ type: 'RandomnessRevealed', data: { randomness, beacon: { round: 7, signature, previousSignature: null } } });
    const all = [...at, ...drawn];
    const checked: number[] = [];
    const report = auditDraw('p1', all, log, { verifyBeaconSignature: (_s, r) => (checked.push(r.round), null) });
    expect(checked).toEqual([7]);
    expect(report.lines.at(-1)).toBe('VERIFIED');
    // Round 7 is published 13 s after genesis, i.e. 8 s after the close: a round published before the close is named.
    const early = { ...beacon, genesisTime: beacon.genesisTime! - 60 };
    const earlyAll = all.map((e) =>
      e.type === 'DrawScheduled' ? { ...e, data: { ...e.data, beacon: early, commitment: beaconCommitment(early) } } : e,
    );
    expect(auditDraw('p1', earlyAll, log, { verifyBeaconSignature: () => null }).lines.join('\n')).toContain('DIFFERS: round 7 was published at');
    expect(auditDraw('p1', all, log, { verifyBeaconSignature: () => 'bad signature' }).lines).toContain(
      "DIFFERS: round 7's signature: bad signature",
    );
    // A round other than the committed one, with its own valid signature (the verifier accepts it):
    // the randomness is that round's, so only the comparison with the committed round can tell.
    const otherRound = all.map((e) =>
      e.type === 'RandomnessRevealed' ? { ...e, data: { ...e.data, beacon: { round: 8, signature, previousSignature: null } } } : e,
    );
    const wrongRound = auditDraw('p1', otherRound, log, { verifyBeaconSignature: () => null });
    expect(wrongRound.verified).toBe(false);
    expect(wrongRound.lines.filter((l) => l.startsWith('DIFFERS: '))).toEqual(['DIFFERS: the revealed round is 8, the draw committed to round 7']);
  });

  it('registers every prize event with its schema', () => {
    const registry = createEventRegistry();
    for (const type of ['PrizeCreated', 'DrawScheduled', 'EntriesClosed', 'WinnerDrawn', 'WinnerRedrawn', 'ResultPublished'])
      expect(registry.has(type)).toBe(true);
  });
});
