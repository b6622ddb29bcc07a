import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseDecider,
  handicapDecider,
  SAMPLE_COURSES,
  teeSnapshot,
  type CourseEvent,
  type HandicapCommand,
  type HandicapEvent,
} from '@roar/domain';
import { event, openBackend, silent, type Backend } from '../../test/helpers';
import { createProjectionDaemon, type ProjectionDaemon } from '../runner/daemon';
import { clubhouseProjector, getCourse, getHandicap, listCardsToAttest, listScorecardsOfMember, searchHandicaps, searchScorecards } from '.';

const at = '2026-04-10T00:00:00.000Z';
const member = 'm-ana';

/** Events as the deciders write them, each command seeing the state the previous ones made. */
function decideAll(commands: HandicapCommand[]): HandicapEvent[] {
  return commands.reduce<HandicapEvent[]>(
    (events, c) => [...events, ...handicapDecider.decide(c, events.reduce(handicapDecider.evolve, handicapDecider.initialState))],
    [],
  );
}

describe('clubhouse read model on pglite', () => {
  let backend: Backend;
  let daemon: ProjectionDaemon;

  beforeAll(async () => {
    backend = await openBackend('pglite');
    daemon = createProjectionDaemon({ sql: backend.sql, store: backend.store, projectors: [clubhouseProjector], logger: silent });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await backend.close();
  });

  it('projects the Handicap record, courses, scorecards with their differentials, and the review queue', async () => {
    const seed = SAMPLE_COURSES[0]!;
    const courseEvents: CourseEvent[] = [
      {
        type: 'CourseAdded',
        data: { courseId: seed.courseId, name: seed.name, location: seed.location, sampleData: true, reason: 'seed', addedAt: at },
      },
      ...seed.tees.map((tee): CourseEvent => ({
        type: 'TeeRated',
        data: { courseId: seed.courseId, tee, ratingVersion: 1, reason: 'seed', ratedAt: at },
      })),
      { type: 'CoursePccSet', data: { courseId: seed.courseId, playedOn: '2026-04-02', pcc: 1, reason: 'storm', setAt: at } },
    ];
    await backend.store.append(
      `course-${seed.courseId}`,
      courseEvents.map((e) => event(e.type, e.data, at)),
      'no_stream',
    );
    const tee = teeSnapshot(courseEvents.reduce(courseDecider.evolve, courseDecider.initialState), 'blue');
    const application = {
      type: 'create' as const,
      first_name: 'Ana',
      last_name: 'Lee',
      mobile: '0412 345 678',
      dob: '1990-05-04',
      address: '1 Pitt St',
      previous_golf_club: null,
      previous_golf_link_number: null,
      since: '2015-03',
    };
    const marker = { memberId: 'm-bo', email: 'bo@example.com', name: 'Bo' };
    const card = (id: string, playedOn: string): HandicapCommand => ({
      type: 'SubmitScorecard',
      memberId: member,
      memberEmail: 'ana@example.com',
      scorecardId: id,
      tee,
      playedOn,
      today: '2026-04-10',
      grossScores: tee.pars.map((p) => p + 1),
      marker,
      attestBy: '2026-04-09T00:00:00.000Z',
      at,
    });
    const events = decideAll([
      { type: 'SubmitHandicapRequest', memberId: member, requestId: 'r1', application, eligibleMembershipCode: 'platinum', at },
      { type: 'ApproveHandicapRequest', memberId: member, requestId: 'r1', golfLinkNumber: '1234567890', officialHandicap: 15.2, reason: '', at },
      card('s1', '2026-04-01'),
      { type: 'AttestScorecard', memberId: member, scorecardId: 's1', attestedBy: marker, pcc: 0, at },
      card('s2', '2026-04-02'),
      { type: 'AttestScorecard', memberId: member, scorecardId: 's2', attestedBy: marker, pcc: 1, at },
      card('s3', '2026-04-03'),
      { type: 'AttestScorecard', memberId: member, scorecardId: 's3', attestedBy: marker, pcc: 0, at },
      card('s4', '2026-04-04'),
    ]);
    await backend.store.append(
      `handicap-${member}`,
      events.map((e) => event(e.type, e.data, at)),
      'no_stream',
    );
    expect(await daemon.waitFor(await backend.store.headPosition(), 10_000)).toBe(true);

    expect(await getCourse(backend.sql, seed.courseId)).toMatchObject({ name: seed.name, sample_data: true, pcc: { '2026-04-02': 1 } });
    expect((await getCourse(backend.sql, seed.courseId))!.tees.map((t) => t.teeId)).toEqual(['blue', 'red', 'blue-front-9']);
    // 89 on 70.0 / 124 = 17.3; with PCC +1: 113/124 x 18 = 16.4; 3 scores: lowest 16.4 - 2.0 = 14.4
    expect(await getHandicap(backend.sql, member)).toMatchObject({
      status: 'approved',
      golf_link_number: '1234567890',
      handicap: 15.2,
      computed_index: 14.4,
      index_revision: 3,
      dob: '1990-05-04',
    });
    const cards = await listScorecardsOfMember(backend.sql, member);
    expect(cards.map((c) => [c.id, c.status, c.differential, c.used])).toEqual([
      ['s1', 'attested', 17.3, false],
      ['s2', 'attested', 16.4, true],
      ['s3', 'attested', 17.3, false],
      ['s4', 'submitted', null, false],
    ]);
    expect((await listCardsToAttest(backend.sql, 'm-bo', 'bo@example.com')).map((c) => c.id)).toEqual(['s4']);
    expect(
      (
        await searchScorecards(backend.sql, { unattestedBefore: '2026-04-10T00:00:00.000Z', sort: 'played_on', order: 'ASC', offset: 0, limit: 10 })
      ).records.map((c) => c.id),
    ).toEqual(['s4']);
    expect((await searchHandicaps(backend.sql, { status: ['approved'], sort: 'submitted_at', order: 'ASC', offset: 0, limit: 10 })).total).toBe(1);

    const report = await daemon.verify('clubhouse');
    expect(report.differences).toEqual([]);
    await backend.sql.query("update read.scorecards set used = true where id = 's1'");
    expect((await daemon.verify('clubhouse')).ok).toBe(false);
  });
});
