import { describe, expect, it } from 'vitest';
import { createEventRegistry } from '../registry';
import { handicapDecider, HANDICAP_ERRORS, type HandicapCommand } from './decider';
import { courseDecider, teeSnapshot, type CourseEvent } from './course';
import { SAMPLE_COURSES } from './courses-seed';
import { handicapStreamId, type HandicapApplication, type HandicapEvent } from './events';
import { planIncludesHandicap } from './eligibility';

const member = 'm-1';
const t0 = '2026-03-01T00:00:00.000Z';
const application: HandicapApplication = {
  type: 'create',
  first_name: 'Ana',
  last_name: 'Lee',
  mobile: '0412 345 678',
  dob: '1990-05-04',
  address: '1 Pitt St, Sydney NSW 2000',
  previous_golf_club: null,
  previous_golf_link_number: null,
  since: '2015-03',
};
const submit = (requestId: string, app: HandicapApplication = application, code: string | null = 'platinum'): HandicapCommand => ({
  type: 'SubmitHandicapRequest',
  memberId: member,
  requestId,
  application: app,
  eligibleMembershipCode: code,
  at: t0,
});
const approve = (requestId: string, golfLinkNumber = '1234567890'): HandicapCommand => ({
  type: 'ApproveHandicapRequest',
  memberId: member,
  requestId,
  golfLinkNumber,
  officialHandicap: 18.4,
  reason: '',
  at: t0,
});

function run(events: HandicapEvent[], command: HandicapCommand): HandicapEvent[] {
  const state = events.reduce(handicapDecider.evolve, handicapDecider.initialState);
  return handicapDecider.decide(command, state);
}
/** The events after `from` and each command in turn, `from` included. */
function runAll(commands: HandicapCommand[], from: HandicapEvent[] = []): HandicapEvent[] {
  return commands.reduce<HandicapEvent[]>((events, c) => [...events, ...run(events, c)], from);
}

const moorePark = SAMPLE_COURSES[0]!;
const course = [
  {
    type: 'CourseAdded',
    data: { courseId: moorePark.courseId, name: moorePark.name, location: moorePark.location, sampleData: true, reason: 'seed', addedAt: t0 },
  },
  ...moorePark.tees.map((tee) => ({ type: 'TeeRated', data: { courseId: moorePark.courseId, tee, ratingVersion: 1, reason: 'seed', ratedAt: t0 } })),
] as CourseEvent[];
const blue = teeSnapshot(course.reduce(courseDecider.evolve, courseDecider.initialState), 'blue'); // CR 70.0, slope 124, par 71
const marker = { memberId: 'm-2', email: 'marker@example.com', name: 'Bo Marker' };
const card = (id: string, playedOn: string, overPar: (hole: number) => number): HandicapCommand => ({
  type: 'SubmitScorecard',
  memberId: member,
  memberEmail: 'ana@example.com',
  scorecardId: id,
  tee: blue,
  playedOn,
  today: '2026-04-30',
  grossScores: blue.pars.map((p, i) => p + overPar(i)),
  marker,
  attestBy: '2026-05-07T00:00:00.000Z',
  at: t0,
});
const attest = (id: string, pcc = 0): Extract<HandicapCommand, { type: 'AttestScorecard' }> => ({
  type: 'AttestScorecard',
  memberId: member,
  scorecardId: id,
  attestedBy: marker,
  pcc,
  at: t0,
});
const revisions = (events: HandicapEvent[]) => events.flatMap((e) => (e.type === 'HandicapIndexRevised' ? [e.data] : []));

describe('handicap requests', () => {
  it('goes draft -> submitted -> approved with a Golf Link number and the official handicap', () => {
    const events = runAll([{ type: 'SaveHandicapDraft', memberId: member, requestId: 'r1', application, at: t0 }, submit('r1'), approve('r1')]);
    expect(events.map((e) => e.type)).toEqual(['HandicapRequestDrafted', 'HandicapRequestSubmitted', 'HandicapRequestApproved']);
    const state = events.reduce(handicapDecider.evolve, handicapDecider.initialState);
    expect(state.official).toEqual({ golfLinkNumber: '1234567890', handicap: 18.4 });
    expect(state.request?.status).toBe('approved');
    expect(createEventRegistry().versionOf('HandicapIndexRevised')).toBe(1);
    expect(handicapStreamId(member)).toBe('handicap-m-1');
  });
  it('refuses a second request while one is open, a plan without the handicap, and approval without a Golf Link number', () => {
    const open = run([], submit('r1'));
    expect(() => run(open, submit('r2'))).toThrow(HANDICAP_ERRORS.openRequest);
    expect(() => run([], submit('r1', application, null))).toThrow('paying membership');
    expect(() => run(open, approve('r1', ''))).toThrow(HANDICAP_ERRORS.golfLinkRequired);
    expect(() => run(open, approve('r1', '12345'))).toThrow(HANDICAP_ERRORS.golfLinkRequired);
  });
  it('needs the previous club and its Golf Link number for a transfer; a rejected transfer may be resubmitted', () => {
    const transfer: HandicapApplication = {
      ...application,
      type: 'transfer',
      previous_golf_club: 'Bondi Golf Club',
      previous_golf_link_number: null,
    };
    expect(() => run([], submit('r1', transfer))).toThrow(HANDICAP_ERRORS.transferNumber);
    expect(() => run([], submit('r1', { ...transfer, previous_golf_club: ' ', previous_golf_link_number: '2011223344' }))).toThrow(
      HANDICAP_ERRORS.transferClub,
    );
    const complete = { ...transfer, previous_golf_link_number: '2011223344' };
    const events = runAll([
      submit('r1', complete),
      { type: 'RejectHandicapRequest', memberId: member, requestId: 'r1', reason: 'Golf Link number not found at Bondi', at: t0 },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'HandicapRequestRejected', data: { reason: 'Golf Link number not found at Bondi' } });
    expect(run(events, submit('r2', complete)).map((e) => e.type)).toEqual(['HandicapRequestSubmitted']);
  });
});

describe('eligibility rule', () => {
  const plan = { membershipCode: 'platinum', membershipType: 'monthly-subscription', membershipStatus: 'active', membershipEndDate: null };
  it('is a paying monthly membership that is active or cancelled but not yet ended', () => {
    expect(planIncludesHandicap(plan, t0)).toBe(true);
    expect(planIncludesHandicap({ ...plan, membershipCode: 'free' }, t0)).toBe(false);
    expect(planIncludesHandicap({ ...plan, membershipType: 'single-entry' }, t0)).toBe(false);
    expect(planIncludesHandicap({ ...plan, membershipStatus: 'cancelled', membershipEndDate: '2026-03-10T00:00:00.000Z' }, t0)).toBe(true);
    expect(planIncludesHandicap({ ...plan, membershipStatus: 'cancelled', membershipEndDate: '2026-02-10T00:00:00.000Z' }, t0)).toBe(false);
    expect(planIncludesHandicap({ ...plan, membershipStatus: 'payment_failed' }, t0)).toBe(false);
  });
});

describe('scorecards and index revisions', () => {
  const approved = runAll([submit('r1'), approve('r1')]);
  it('refuses bad cards in plain words, appending nothing', () => {
    const c = card('s1', '2026-04-01', () => 1) as Extract<HandicapCommand, { type: 'SubmitScorecard' }>;
    expect(() => run([], c)).toThrow(HANDICAP_ERRORS.noHandicap);
    expect(() => run(approved, { ...c, grossScores: c.grossScores.map((g, i) => (i === 2 ? 0 : g)) })).toThrow('Hole 3: enter a score from 1 to 29.');
    expect(() => run(approved, { ...c, grossScores: c.grossScores.map((g, i) => (i === 0 ? 30 : g)) })).toThrow(
      'Hole 1: enter a score from 1 to 29.',
    );
    expect(() => run(approved, { ...c, grossScores: c.grossScores.slice(1) })).toThrow('This card has 17 hole scores; a 18-hole card needs 18.');
    expect(() => run(approved, { ...c, playedOn: '2026-05-01' })).toThrow(HANDICAP_ERRORS.futureDate);
    expect(() => run(approved, { ...c, marker: { memberId: member, email: 'x@example.com', name: '' } })).toThrow(HANDICAP_ERRORS.markerIsMember);
    expect(() => run(approved, { ...c, marker: { memberId: null, email: 'ANA@example.com', name: '' } })).toThrow(HANDICAP_ERRORS.markerIsMember);
  });
  it('counts a card once attested by its marker; three give an index by the table; a fourth exceptional one reduces all', () => {
    // Gross par+1 everywhere: 89, 90 and 91 on CR 70.0 / slope 124: 113/124 x 19, 20, 21 = 17.3, 18.2, 19.1
    const events = runAll(
      [
        card('s1', '2026-04-01', () => 1),
        attest('s1'),
        card('s2', '2026-04-02', (i) => (i === 0 ? 2 : 1)),
        attest('s2'),
        card('s3', '2026-04-03', (i) => (i < 2 ? 2 : 1)),
      ],
      approved,
    );
    expect(() => run(events, { ...attest('s3'), attestedBy: { memberId: 'm-9', email: 'x@example.com', name: '' } })).toThrow(
      HANDICAP_ERRORS.notYourMarker,
    );
    const three = [...events, ...run(events, attest('s3'))];
    const third = revisions(three).at(-1)!;
    expect(third.scores.map((s) => s.differential)).toEqual([17.3, 18.2, 19.1]);
    expect(third.handicapIndex).toBe(15.3); // lowest (17.3) minus 2.0
    expect(third.scores.map((s) => s.used)).toEqual([true, false, false]);
    expect(third).toMatchObject({
      revision: 3,
      previousIndex: null,
      tableAdjustment: -2,
      ruleVersion: 'WHS-2024-GA-1',
      cause: { kind: 'attested', scorecardId: 's3' },
    });
    // 75 (par + 4 on 4 holes): 113/124 x 5 = 4.6, 10.7 below 15.3: -2 on every differential
    const four = runAll([card('s4', '2026-04-04', (i) => (i < 4 ? 1 : 0))], three);
    const fourth = revisions([...four, ...run(four, attest('s4'))]).at(-1)!;
    expect(fourth.exceptionalReduction).toBe(-2);
    expect(fourth.scores.map((s) => [s.differential, s.adjustedDifferential])).toEqual([
      [17.3, 15.3],
      [18.2, 16.2],
      [19.1, 17.1],
      [4.6, 2.6],
    ]);
    expect(fourth.handicapIndex).toBe(1.6); // 4 scores: lowest 2.6 minus 1.0
    expect(fourth.previousIndex).toBe(15.3);
  });
  it('revises the index when staff void or correct an attested card, with the reason', () => {
    const base = runAll(
      [
        card('s1', '2026-04-01', () => 1),
        attest('s1'),
        card('s2', '2026-04-02', () => 1),
        attest('s2'),
        card('s3', '2026-04-03', () => 2),
        attest('s3'),
      ],
      approved,
    );
    const voided = run(base, { type: 'VoidScorecard', memberId: member, scorecardId: 's1', reason: 'wrong tee', at: t0 });
    expect(voided.map((e) => e.type)).toEqual(['ScorecardVoided', 'HandicapIndexRevised']);
    expect(revisions(voided)[0]!.handicapIndex).toBeNull();
    expect(() => run(base, { type: 'VoidScorecard', memberId: member, scorecardId: 's1', reason: ' ', at: t0 })).toThrow('Give a reason.');
    const corrected = run(base, {
      type: 'CorrectScorecard',
      memberId: member,
      scorecardId: 's1',
      grossScores: blue.pars.map((p) => p),
      reason: 'marker typo',
      at: t0,
    });
    expect(revisions(corrected)[0]!.scores[0]!.differential).toBe(0.9); // 113/124 x 1.0 = 0.91
  });
  it('joins two attested 9-hole cards into one 18-hole differential, the earlier nine waiting until then', () => {
    const front = teeSnapshot(course.reduce(courseDecider.evolve, courseDecider.initialState), 'blue-front-9'); // CR 35.0, slope 123, par 35
    const nine = (id: string, playedOn: string): HandicapCommand => ({
      ...(card(id, playedOn, () => 1) as Extract<HandicapCommand, { type: 'SubmitScorecard' }>),
      tee: front,
      grossScores: front.pars.map((p) => p + 1),
    });
    const first = runAll([nine('n1', '2026-04-01'), attest('n1')], approved);
    expect(revisions(first).at(-1)!.scores).toEqual([]);
    const both = runAll([nine('n2', '2026-04-02'), attest('n2')], first);
    // 113/123 x (44 - 35.0) = 8.268 twice: 16.536 -> 16.5, one score
    expect(revisions(both).at(-1)!.scores).toMatchObject([{ scorecardId: 'n2', pairedWith: 'n1', differential: 16.5 }]);
    expect(() =>
      run(approved, {
        ...(nine('n3', '2026-04-01') as Extract<HandicapCommand, { type: 'SubmitScorecard' }>),
        grossScores: front.pars.map((p) => p).concat([4]),
      }),
    ).toThrow('This card has 10 hole scores; a 9-hole card needs 9.');
  });
});
