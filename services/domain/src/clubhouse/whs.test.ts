import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyExceptionalScore,
  combinedNineHoleDifferential,
  courseHandicap,
  exceptionalScoreReduction,
  handicapIndex,
  handicapIndexDetail,
  netDoubleBogey,
  playingHandicap,
  scoreDifferential,
  strokesReceived,
} from './whs';

// Worked examples from ../shared/research/whs-rules.md, each with its source in the test name.
describe('scoreDifferential (ROH 5.1)', () => {
  it('rounds an exact tie upwards: slope 120, AGS - CR = 6.0 gives 5.65 -> 5.7 (toFixed gives 5.6)', () => {
    expect(scoreDifferential({ adjustedGrossScore: 78, courseRating: 72, slopeRating: 120, pcc: 0 })).toBe(5.7);
  });
  it('subtracts PCC: 85 on 71.4 / 128 with PCC +1 -> 11.1', () => {
    // 113 / 128 x (85 - 71.4 - 1) = 11.123...
    expect(scoreDifferential({ adjustedGrossScore: 85, courseRating: 71.4, slopeRating: 128, pcc: 1 })).toBe(11.1);
  });
  it('rounds negative differentials upward towards 0 on a tie (ROH 5.1c): 68 / 72.0 / 130 -> -3.5', () => {
    // 113 / 130 x -4 = -3.4769 -> -3.5 (nearest, not truncated to -3.4)
    expect(scoreDifferential({ adjustedGrossScore: 68, courseRating: 72, slopeRating: 130, pcc: 0 })).toBe(-3.5);
    // 113 / 120 x -6.0 = -5.65 exactly: the tie goes towards 0 -> -5.6 (half away from zero gives -5.7)
    expect(scoreDifferential({ adjustedGrossScore: 66, courseRating: 72, slopeRating: 120, pcc: 0 })).toBe(-5.6);
  });
  it('property: equals the exact rational rounded half up, for every slope 55-155 and score', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 55, max: 155 }),
        fc.integer({ min: 600, max: 800 }),
        fc.integer({ min: 50, max: 150 }),
        fc.integer({ min: -10, max: 30 }),
        (slope, crTenths, ags, pccTenths) => {
          const sd = scoreDifferential({ adjustedGrossScore: ags, courseRating: crTenths / 10, slopeRating: slope, pcc: pccTenths / 10 });
          const exactTimes10 = (113 * (ags * 10 - crTenths - pccTenths)) / slope; // SD in tenths, exact enough
          expect(Math.abs(sd * 10 - exactTimes10)).toBeLessThanOrEqual(0.5 + 1e-9);
          if (Math.abs(sd * 10 - exactTimes10) > 0.5 - 1e-9) expect(sd * 10).toBeGreaterThan(exactTimes10);
        },
      ),
    );
  });
});

describe('handicapIndex (ROH 5.2, 5.3)', () => {
  it('is null below 3 scores', () => {
    expect(handicapIndex([])).toBeNull();
    expect(handicapIndex([12.3, 14.1])).toBeNull();
  });
  it('ROH Interpretation 5.2a/1: [15.3, 15.2, 16.6] -> 13.2 (lowest 1 minus 2.0)', () => {
    expect(handicapIndex([15.3, 15.2, 16.6])).toBe(13.2);
  });
  it('ROH Interpretation 5.2a/2: [40.7, 42.4, 36.1] -> 34.1, plus [45.9, 43.6, 45.0] -> 37.4; at most 54.0', () => {
    expect(handicapIndex([40.7, 42.4, 36.1])).toBe(34.1);
    expect(handicapIndex([40.7, 42.4, 36.1, 45.9, 43.6, 45.0])).toBe(37.4);
    expect(handicapIndex([60.1, 58.2, 61.0])).toBe(54);
    expect(handicapIndexDetail([60.1, 58.2, 61.0]).maximumApplied).toBe(true);
  });
  it('applies the table for 3 to 20 scores, with the -2.0 / -1.0 adjustments at 3, 4 and 6', () => {
    const base = [20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1];
    const expected: Record<number, number> = {
      3: 14,
      4: 13,
      5: 12,
      6: 10,
      7: 9,
      8: 7,
      9: 6,
      10: 4,
      11: 4,
      12: 5,
      13: 5,
      14: 5,
      15: 6,
      16: 5.8,
      17: 6,
      18: 5.3,
      19: 5,
      20: 4.5,
    };
    for (let n = 3; n <= 20; n += 1) expect(handicapIndex(base.slice(0, n)), `${n} scores`).toBe(expected[n]);
  });
  it('uses only the most recent 20 scores', () => {
    const old = [-5, -5, -5];
    const recent = Array.from({ length: 20 }, (_, i) => 10 + i);
    expect(handicapIndex([...old, ...recent])).toBe(handicapIndex(recent));
    expect(handicapIndexDetail([...old, ...recent]).usedPositions).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('rounds a tied average upwards: 15.25 -> 15.3 (numpy half-to-even would give 15.2)', () => {
    // 7 scores: average of the lowest 2 = (15.2 + 15.3) / 2 = 15.25
    expect(handicapIndex([15.2, 15.3, 20, 21, 22, 23, 24])).toBe(15.3);
  });
  it('keeps plus handicaps negative: [-2.1, -1.0, 0.4] -> -4.1', () => {
    expect(handicapIndex([-2.1, -1.0, 0.4])).toBe(-4.1);
  });
});

describe('soft and hard caps (ROH 5.8)', () => {
  const twenty = (avg: number) => Array.from({ length: 20 }, () => avg); // lowest 8 average = avg
  it('USGA: 11.6 with Low HI 6.5 -> 10.55 -> 10.6 (soft)', () => {
    expect(handicapIndex(twenty(11.6), { lowHandicapIndex: 6.5 })).toBe(10.6);
    expect(handicapIndexDetail(twenty(11.6), { lowHandicapIndex: 6.5 }).cap).toBe('soft');
  });
  it('USGA: 18.2 with Low HI 10.2 -> 15.2 (hard)', () => {
    expect(handicapIndex(twenty(18.2), { lowHandicapIndex: 10.2 })).toBe(15.2);
    expect(handicapIndexDetail(twenty(18.2), { lowHandicapIndex: 10.2 }).cap).toBe('hard');
  });
  it('USGA FAQ 13.4 / 10.0 -> 13.2; lgagolf 17.1 / 13.1 -> 16.6; England Golf 19.7 / 14.8 -> 18.8', () => {
    expect(handicapIndex(twenty(13.4), { lowHandicapIndex: 10 })).toBe(13.2);
    expect(handicapIndex(twenty(17.1), { lowHandicapIndex: 13.1 })).toBe(16.6);
    expect(handicapIndex(twenty(19.7), { lowHandicapIndex: 14.8 })).toBe(18.8);
  });
  it('handicappin: 14.0 / 10.0 -> 13.5, 20.0 / 10.0 -> 15.0; exactly 3.0 above is not capped; no limit downwards', () => {
    expect(handicapIndex(twenty(14), { lowHandicapIndex: 10 })).toBe(13.5);
    expect(handicapIndex(twenty(20), { lowHandicapIndex: 10 })).toBe(15);
    expect(handicapIndex(twenty(13), { lowHandicapIndex: 10 })).toBe(13);
    expect(handicapIndex(twenty(2), { lowHandicapIndex: 10 })).toBe(2);
  });
  it('property: a cap never raises the index; above Low HI + 3.0 it stays within Low HI + 5.0; otherwise no change', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 600 }), { minLength: 20, maxLength: 25 }), fc.integer({ min: -50, max: 540 }), (ds, low) => {
        const diffs = ds.map((d) => d / 10);
        const capped = Math.round(handicapIndex(diffs, { lowHandicapIndex: low / 10 })! * 10);
        const plain = Math.round(handicapIndex(diffs)! * 10);
        expect(capped).toBeLessThanOrEqual(plain);
        if (plain - low > 30) expect(capped - low).toBeLessThanOrEqual(50);
        else expect(capped).toBe(plain);
      }),
    );
  });
});

describe('courseHandicap, playingHandicap (ROH 6.1, 6.2)', () => {
  it('GA Q&A: 15 becomes 17 with SR 72 / par 70 and 13 with SR 68 / par 70 (slope 113)', () => {
    expect(courseHandicap({ handicapIndex: 15, slopeRating: 113, courseRating: 72, par: 70, holes: 18 })).toBe(17);
    expect(courseHandicap({ handicapIndex: 15, slopeRating: 113, courseRating: 68, par: 70, holes: 18 })).toBe(13);
  });
  it('USGA Local Guidance Rule 6, 9 holes: 8.7 -> 4.4; 4.4 x 121 / 113 + (35.3 - 36) = 4.011 -> 4', () => {
    expect(courseHandicap({ handicapIndex: 8.7, slopeRating: 121, courseRating: 35.3, par: 36, holes: 9 })).toBe(4);
  });
  it('rounds .5 upwards, plus handicaps included: 0.5 -> 1, -2.5 -> -2', () => {
    expect(courseHandicap({ handicapIndex: 0.5, slopeRating: 113, courseRating: 72, par: 72, holes: 18 })).toBe(1);
    expect(courseHandicap({ handicapIndex: -2.5, slopeRating: 113, courseRating: 72, par: 72, holes: 18 })).toBe(-2);
  });
  it('playing handicap multiplies the unrounded course handicap: 95% and GA 93%', () => {
    // CH unrounded = 14.2 x 125 / 113 + (71.8 - 72) = 15.508 -> x 0.95 = 14.73 -> 15 ; x 0.93 = 14.42 -> 14
    expect(playingHandicap({ handicapIndex: 14.2, slopeRating: 125, courseRating: 71.8, par: 72, allowance: 0.95 })).toBe(15);
    expect(playingHandicap({ handicapIndex: 14.2, slopeRating: 125, courseRating: 71.8, par: 72, allowance: 0.93 })).toBe(14);
  });
});

describe('strokesReceived and netDoubleBogey (ROH 3.1)', () => {
  it('USGA FAQ: Course Handicap 15, par 4, stroke index 10 -> 7', () => {
    expect(netDoubleBogey({ par: 4, strokesReceived: strokesReceived({ courseHandicap: 15, strokeIndex: 10 }) })).toBe(7);
    expect(netDoubleBogey({ par: 4, strokesReceived: strokesReceived({ courseHandicap: 15, strokeIndex: 16 }) })).toBe(6);
  });
  it('gives two strokes on the hardest holes above 18: CH 20 -> 2 on SI 1-2, 1 elsewhere', () => {
    expect(strokesReceived({ courseHandicap: 20, strokeIndex: 2 })).toBe(2);
    expect(strokesReceived({ courseHandicap: 20, strokeIndex: 3 })).toBe(1);
  });
  it('a plus 2 gives strokes back on stroke index 18 and 17', () => {
    expect(strokesReceived({ courseHandicap: -2, strokeIndex: 18 })).toBe(-1);
    expect(strokesReceived({ courseHandicap: -2, strokeIndex: 17 })).toBe(-1);
    expect(strokesReceived({ courseHandicap: -2, strokeIndex: 16 })).toBe(0);
    expect(netDoubleBogey({ par: 3, strokesReceived: -1 })).toBe(4);
  });
  it('is par + 5 before the member has an index', () => {
    expect(netDoubleBogey({ par: 5, strokesReceived: null })).toBe(10);
  });
  it('property: strokes over 18 holes add up to the course handicap', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 60 }), (ch) => {
        let total = 0;
        for (let si = 1; si <= 18; si += 1) total += strokesReceived({ courseHandicap: ch, strokeIndex: si });
        expect(total).toBe(ch);
      }),
    );
  });
});

describe('exceptional scores (ROH 5.9)', () => {
  it('is 0 below 7.0, -1 for 7.0-9.9 and -2 for 10.0 or more below the index at the round', () => {
    expect(exceptionalScoreReduction({ handicapIndex: 20, scoreDifferential: 13.1 })).toBe(0);
    expect(exceptionalScoreReduction({ handicapIndex: 20, scoreDifferential: 13.0 })).toBe(-1);
    expect(exceptionalScoreReduction({ handicapIndex: 20, scoreDifferential: 10.1 })).toBe(-1);
    expect(exceptionalScoreReduction({ handicapIndex: 20, scoreDifferential: 10.0 })).toBe(-2);
    expect(exceptionalScoreReduction({ handicapIndex: null, scoreDifferential: -10 })).toBe(0);
  });
  it('reduces every differential, the exceptional one included, and recomputes the index', () => {
    const result = applyExceptionalScore({ differentialsBefore: [22.4, 21.0, 23.5], newDifferential: 9.0, handicapIndexAtRound: 19.0 });
    expect(result.reduction).toBe(-2);
    expect(result.differentials).toEqual([20.4, 19.0, 21.5, 7.0]);
    expect(result.handicapIndex).toBe(6);
  });
  it('adjusts only the most recent 20 of a longer record', () => {
    const before = Array.from({ length: 22 }, () => 18);
    const result = applyExceptionalScore({ differentialsBefore: before, newDifferential: 10, handicapIndexAtRound: 18 });
    expect(result.reduction).toBe(-1);
    expect(result.differentials.slice(0, 3)).toEqual([18, 18, 18]);
    expect(result.differentials.slice(3)).toEqual([...Array.from({ length: 19 }, () => 17), 9]);
  });
});

describe('combinedNineHoleDifferential (ROH 2020 5.1b, GA pairs)', () => {
  it('adds two unrounded 9-hole differentials and rounds once', () => {
    // 113/123 x (44 - 35.0) = 8.268; 113/116 x (45 - 33.6) = 11.105; sum 19.373 -> 19.4
    const a = { adjustedGrossScore: 44, courseRating: 35, slopeRating: 123, pcc: 0 };
    const b = { adjustedGrossScore: 45, courseRating: 33.6, slopeRating: 116, pcc: 0 };
    expect(combinedNineHoleDifferential(a, b)).toBe(19.4);
    // half the PCC on each nine: 113/113 x (40 - 36 - 0.5) x 2 = 7.0
    const c = { adjustedGrossScore: 40, courseRating: 36, slopeRating: 113, pcc: 1 };
    expect(combinedNineHoleDifferential(c, c)).toBe(7);
  });
  it('rounds only the sum, an exact half upwards', () => {
    // 113/113 x (40 - 36.0 - 0.5 x 1) + 113/113 x (40 - 36.1) = 3.5 + 3.9 = 7.4 exactly; PCC 3 on one: 2.5 + 3.9 = 6.4
    expect(
      combinedNineHoleDifferential(
        { adjustedGrossScore: 40, courseRating: 36, slopeRating: 113, pcc: 3 },
        { adjustedGrossScore: 40, courseRating: 36.1, slopeRating: 113, pcc: 0 },
      ),
    ).toBe(6.4);
    // slope 226 is out of range for a rating but exercises the half: 113/226 x 0.1 = 0.05 -> 0.1
    expect(
      combinedNineHoleDifferential(
        { adjustedGrossScore: 36, courseRating: 35.9, slopeRating: 226, pcc: 0 },
        { adjustedGrossScore: 36, courseRating: 36, slopeRating: 113, pcc: 0 },
      ),
    ).toBe(0.1);
  });
});
