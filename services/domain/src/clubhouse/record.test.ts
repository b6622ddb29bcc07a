import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scoringRecord, type CountedScore } from './record';
import type { TeeSnapshot } from './events';

// A neutral tee: CR 72.0, slope 113, par 72 (4s everywhere), so differential = AGS - 72 when no hole is capped.
const tee: TeeSnapshot = {
  courseId: 'c',
  courseName: 'Test',
  teeId: 't',
  teeName: 'T',
  holes: 18,
  courseRating: 72,
  slopeRating: 113,
  pars: Array.from({ length: 18 }, () => 4),
  strokeIndexes: Array.from({ length: 18 }, (_, i) => i + 1),
  ratingVersion: 1,
};
/** A round of `over` strokes over par, spread one per hole from hole 1 (never above net double bogey for these sizes). */
const round = (id: string, day: number, over: number): CountedScore => ({
  scorecardId: id,
  playedOn: `2026-${String(1 + Math.floor(day / 28)).padStart(2, '0')}-${String(1 + (day % 28)).padStart(2, '0')}`,
  tee,
  grossScores: tee.pars.map((p, i) => p + Math.floor(over / 18) + (i < over % 18 ? 1 : 0)),
  pcc: 0,
});

describe('scoringRecord: the whole record replayed in playing order', () => {
  it('gives the same index whatever order the cards were attested in', () => {
    const overAndOrder = fc.array(fc.integer({ min: 5, max: 30 }), { minLength: 3, maxLength: 12 }).chain((overs) =>
      fc.tuple(
        fc.constant(overs),
        fc.shuffledSubarray(
          overs.map((_, i) => i),
          { minLength: overs.length, maxLength: overs.length },
        ),
      ),
    );
    fc.assert(
      fc.property(overAndOrder, ([overs, order]) => {
        const cards = overs.map((o, i) => round(`s${i}`, i, o));
        const attestedOrder = order.map((i) => cards[i]!);
        expect(scoringRecord(attestedOrder).handicapIndex).toBe(scoringRecord(cards).handicapIndex);
        expect(scoringRecord(attestedOrder).scores.map((s) => s.scorecardId)).toEqual(cards.map((c) => c.scorecardId));
      }),
      { numRuns: 50 },
    );
  });

  it('caps nothing with 19 scores and caps the index of the 20th score (ROH 5.7, 5.8: a Low HI needs 20 scores in the record)', () => {
    // Three rounds 5 over (index 5.0 - 2.0 = 3.0, the Low HI to come), then rounds 30 over.
    const cards = [...Array.from({ length: 3 }, (_, i) => round(`g${i}`, i, 5)), ...Array.from({ length: 17 }, (_, i) => round(`w${i}`, 3 + i, 30))];
    // 19 scores: best 7 = three 5s and four 30s = 135 / 7 = 19.3, never capped however far above 3.0.
    const record19 = scoringRecord(cards.slice(0, 19));
    expect([record19.handicapIndex, record19.lowHandicapIndex, record19.cap]).toEqual([19.3, null, 'none']);
    // 20 scores: best 8 = three 5s and five 30s = 165 / 8 = 20.6, more than 5.0 above the Low HI of 3.0: hard cap 8.0.
    const record20 = scoringRecord(cards);
    expect([record20.handicapIndex, record20.lowHandicapIndex, record20.cap]).toEqual([8, 3, 'hard']);
  });

  it('caps a rise once 20 scores establish a Low HI (the lowest index of the 365 days, 8.0 after the third round here)', () => {
    const steady = Array.from({ length: 20 }, (_, i) => round(`a${i}`, i, 10));
    const record20 = scoringRecord(steady);
    expect(record20.handicapIndex).toBe(10);
    expect([record20.lowHandicapIndex, record20.cap]).toEqual([8, 'none']);
    expect(scoringRecord(steady.slice(0, 19)).lowHandicapIndex).toBeNull();
    // 20 bad rounds: uncapped 25.0, 17.0 above the Low HI of 8.0 (3 rounds: 10.0 - 2.0): soft 8 + 3 + 7 = 18.0, hard 8 + 5 = 13.0
    const bad = Array.from({ length: 20 }, (_, i) => round(`b${i}`, 20 + i, 25));
    const record = scoringRecord([...steady, ...bad]);
    expect(record.lowHandicapIndex).toBe(8);
    expect(record.cap).toBe('hard');
    expect(record.handicapIndex).toBe(13);
    // Part-way: the average of the best 8 of the last 20 is still 10.0 after 12 bad rounds, no cap needed.
    const partway = scoringRecord([...steady, ...bad.slice(0, 12)]);
    expect([partway.handicapIndex, partway.cap]).toEqual([10, 'none']);
    // 14 bad rounds: best 8 of the last 20 = six 10s and two 25s = 13.75 -> 13.8, 5.8 above 8.0: 8 + 3 + 1.4 = 12.4 (soft)
    const soft = scoringRecord([...steady, ...bad.slice(0, 14)]);
    expect([soft.handicapIndex, soft.cap]).toEqual([12.4, 'soft']);
  });

  it('caps a hole at par + 5 before an index, then at net double bogey from the index in effect', () => {
    const blowUp = (id: string, day: number): CountedScore => ({ ...round(id, day, 0), grossScores: [15, ...tee.pars.slice(1)] });
    const record = scoringRecord([blowUp('x1', 0), round('x2', 1, 10), round('x3', 2, 10), blowUp('x4', 3)]);
    expect(record.scores[0]).toMatchObject({ adjustedGrossScore: 77, courseHandicap: null, differential: 5 }); // 15 counts as 9
    // Index after three: 5.0 - 2.0 = 3.0; CH 3 on SI 1 gives 1 stroke: hole 1 counts as 4 + 2 + 1 = 7
    expect(record.scores[3]).toMatchObject({ adjustedGrossScore: 75, courseHandicap: 3, differential: 3 });
  });
});
