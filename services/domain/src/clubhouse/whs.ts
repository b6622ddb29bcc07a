/**
 * The World Handicap System arithmetic, as Golf Australia applies it (ROH 2020 text, 2024 revision).
 * The only place in the platform where handicap numbers are computed; pure, no I/O.
 * Sources and the points where they disagree: ../shared/research/whs-rules.md.
 *
 * Conventions: plus handicaps are negative numbers; differentials are in playing order, most recent last.
 * Ratings, differentials and indexes are decimals in tenths. To round ties exactly (ROH ".5 upwards";
 * Number.toFixed gets some ties wrong, 5.65 among them) every value is carried as an integer count of
 * tenths and each rounding is an integer ratio rounded half towards +infinity.
 */

export const WHS_RULE_VERSION = 'WHS-2024-GA-1';
export const MAX_HANDICAP_INDEX = 54;
/** ROH 5.2a: how many of the lowest differentials count, and the adjustment, by number of scores. */
const TABLE: ReadonlyArray<{ upTo: number; count: number; adjustmentTenths: number }> = [
  { upTo: 3, count: 1, adjustmentTenths: -20 },
  { upTo: 4, count: 1, adjustmentTenths: -10 },
  { upTo: 5, count: 1, adjustmentTenths: 0 },
  { upTo: 6, count: 2, adjustmentTenths: -10 },
  { upTo: 8, count: 2, adjustmentTenths: 0 },
  { upTo: 11, count: 3, adjustmentTenths: 0 },
  { upTo: 14, count: 4, adjustmentTenths: 0 },
  { upTo: 16, count: 5, adjustmentTenths: 0 },
  { upTo: 18, count: 6, adjustmentTenths: 0 },
  { upTo: 19, count: 7, adjustmentTenths: 0 },
  { upTo: 20, count: 8, adjustmentTenths: 0 },
];
const SCORING_RECORD = 20;
const SOFT_CAP_TENTHS = 30;
const HARD_CAP_TENTHS = 50;

/** numerator / denominator rounded to the nearest integer, exact ties upwards (towards +infinity). */
function roundRatioHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
/** A decimal given in tenths (72.3) as an integer count of tenths (723). */
function tenths(value: number): number {
  return Math.round(value * 10);
}
function fromTenths(count: number): number {
  return count / 10;
}

/** ROH 5.1: (113 / Slope) x (AGS - CR - PCC), to the nearest tenth, ties upwards (-1.55 -> -1.5). */
export function scoreDifferential(input: { adjustedGrossScore: number; courseRating: number; slopeRating: number; pcc: number }): number {
  const overTenths = tenths(input.adjustedGrossScore) - tenths(input.courseRating) - tenths(input.pcc);
  return fromTenths(roundRatioHalfUp(113 * overTenths, input.slopeRating));
}

export type IndexCap = 'none' | 'soft' | 'hard';
export interface HandicapIndexDetail {
  handicapIndex: number | null;
  /** Positions (0-based, in the list as given) of the differentials that counted. */
  usedPositions: number[];
  adjustment: number;
  /** The table's result before any cap or the 54.0 maximum. */
  uncapped: number | null;
  cap: IndexCap;
  maximumApplied: boolean;
}

/** handicapIndex with its workings: which differentials counted, the table adjustment, any cap. */
export function handicapIndexDetail(differentials: readonly number[], options: { lowHandicapIndex?: number } = {}): HandicapIndexDetail {
  const offset = Math.max(0, differentials.length - SCORING_RECORD);
  const recent = differentials.slice(offset);
  const row = TABLE.find((r) => recent.length <= r.upTo);
  if (recent.length < 3 || !row) return { handicapIndex: null, usedPositions: [], adjustment: 0, uncapped: null, cap: 'none', maximumApplied: false };
  const lowest = recent
    .map((value, i) => ({ tenths: tenths(value), position: offset + i }))
    .sort((a, b) => a.tenths - b.tenths || b.position - a.position)
    .slice(0, row.count);
  const sum = lowest.reduce((total, d) => total + d.tenths, 0);
  let index = roundRatioHalfUp(sum, row.count) + row.adjustmentTenths;
  const uncapped = index;
  let cap: IndexCap = 'none';
  if (options.lowHandicapIndex !== undefined) {
    const low = tenths(options.lowHandicapIndex);
    if (index - low > SOFT_CAP_TENTHS) {
      index = low + SOFT_CAP_TENTHS + roundRatioHalfUp(index - low - SOFT_CAP_TENTHS, 2);
      cap = 'soft';
    }
    if (index - low > HARD_CAP_TENTHS) {
      index = low + HARD_CAP_TENTHS;
      cap = 'hard';
    }
  }
  const maximumApplied = index > MAX_HANDICAP_INDEX * 10;
  if (maximumApplied) index = MAX_HANDICAP_INDEX * 10;
  return {
    handicapIndex: fromTenths(index),
    usedPositions: lowest.map((d) => d.position).sort((a, b) => a - b),
    adjustment: fromTenths(row.adjustmentTenths),
    uncapped: fromTenths(uncapped),
    cap,
    maximumApplied,
  };
}

/** ROH 5.2 and 5.3: the index from the most recent 20 differentials; null below 3 scores; at most 54.0. */
export function handicapIndex(differentials: readonly number[], options: { lowHandicapIndex?: number } = {}): number | null {
  return handicapIndexDetail(differentials, options).handicapIndex;
}

/** Course Handicap times 1130, an exact integer: HI x Slope / 113 + (CR - Par), in tenths over 113. */
function courseHandicapOver1130(input: { handicapIndex: number; slopeRating: number; courseRating: number; par: number }): number {
  return tenths(input.handicapIndex) * input.slopeRating + 113 * (tenths(input.courseRating) - 10 * input.par);
}

/**
 * ROH 6.1: HI x (Slope / 113) + (CR - Par), nearest whole number, .5 upwards. For 9 holes (USGA Local
 * Guidance Rule 6) the index is halved and rounded to a tenth first, with the 9-hole ratings and par.
 */
export function courseHandicap(input: { handicapIndex: number; slopeRating: number; courseRating: number; par: number; holes: 9 | 18 }): number {
  const index = input.holes === 9 ? fromTenths(roundRatioHalfUp(tenths(input.handicapIndex), 2)) : input.handicapIndex;
  return roundRatioHalfUp(courseHandicapOver1130({ ...input, handicapIndex: index }), 1130);
}

/** ROH 6.2: the unrounded Course Handicap times the allowance (0.95, GA 0.93 in 2020-2025), then rounded. */
export function playingHandicap(input: { handicapIndex: number; slopeRating: number; courseRating: number; par: number; allowance: number }): number {
  const perMille = Math.round(input.allowance * 1000);
  return roundRatioHalfUp(courseHandicapOver1130(input) * perMille, 1130 * 1000);
}

/**
 * Strokes received on a hole from the full, rounded Course Handicap: floor(CH / holes) everywhere plus one
 * where the stroke index is within the remainder. A plus handicap gives strokes back from the hardest
 * hole's opposite end (+2 gives back on stroke index 18 and 17), as negative strokes.
 */
export function strokesReceived(input: { courseHandicap: number; strokeIndex: number; holes?: 9 | 18 }): number {
  const holes = input.holes ?? 18;
  const strokes = Math.abs(input.courseHandicap);
  const everyHole = Math.floor(strokes / holes);
  const remainder = strokes % holes;
  if (input.courseHandicap >= 0) return everyHole + (input.strokeIndex <= remainder ? 1 : 0);
  return 0 - (everyHole + (input.strokeIndex > holes - remainder ? 1 : 0));
}

/** ROH 3.1: the maximum hole score, par + 2 + strokes received; par + 5 before the player has an index (null). */
export function netDoubleBogey(input: { par: number; strokesReceived: number | null }): number {
  return input.strokesReceived === null ? input.par + 5 : input.par + 2 + input.strokesReceived;
}

/**
 * ROH 5.9: a differential 7.0-9.9 below the index in effect when the round was played takes 1.0 off,
 * 10.0 or more takes 2.0 off. USGA's text compares the unrounded differential; this platform keeps the
 * differential it records (rounded to a tenth), so a borderline round (unrounded 6.96 below) counts as
 * 7.0 below. Sources disagree here (whs-rules.md section 8); the rounded figure is the one members see.
 */
export function exceptionalScoreReduction(input: { handicapIndex: number | null; scoreDifferential: number }): 0 | -1 | -2 {
  if (input.handicapIndex === null) return 0;
  const belowThousandths = Math.round(input.handicapIndex * 1000) - Math.round(input.scoreDifferential * 1000);
  if (belowThousandths >= 10_000) return -2;
  if (belowThousandths >= 7_000) return -1;
  return 0;
}

/**
 * ROH 5.9: the reduction applies to each of the most recent 20 differentials, the exceptional one
 * included (all of them when fewer), so it dilutes as later scores arrive; reductions add up because
 * the adjusted differentials are what is kept.
 */
export function applyExceptionalScore(input: {
  differentialsBefore: readonly number[];
  newDifferential: number;
  handicapIndexAtRound: number | null;
  lowHandicapIndex?: number;
}): { differentials: number[]; reduction: 0 | -1 | -2; handicapIndex: number | null } {
  const reduction = exceptionalScoreReduction({ handicapIndex: input.handicapIndexAtRound, scoreDifferential: input.newDifferential });
  const all = [...input.differentialsBefore, input.newDifferential];
  const firstAdjusted = Math.max(0, all.length - SCORING_RECORD);
  const differentials = all.map((d, i) => (i >= firstAdjusted && reduction !== 0 ? fromTenths(tenths(d) + reduction * 10) : d));
  const options = input.lowHandicapIndex === undefined ? {} : { lowHandicapIndex: input.lowHandicapIndex };
  return { differentials, reduction, handicapIndex: handicapIndex(differentials, options) };
}

/**
 * ROH 3.1: the Adjusted Gross Score, each hole's gross capped at its net double bogey from the full
 * Course Handicap (null before the player has an index: par + 5).
 */
export function adjustedGrossScore(input: {
  grossScores: readonly number[];
  pars: readonly number[];
  strokeIndexes: readonly number[];
  courseHandicap: number | null;
}): number {
  const holes = input.pars.length === 9 ? 9 : 18;
  return input.grossScores.reduce((total, gross, i) => {
    const par = input.pars[i] ?? 0;
    const strokes =
      input.courseHandicap === null
        ? null
        : strokesReceived({ courseHandicap: input.courseHandicap, strokeIndex: input.strokeIndexes[i] ?? holes, holes });
    return total + Math.min(gross, netDoubleBogey({ par, strokesReceived: strokes }));
  }, 0);
}

/**
 * ROH 2020 5.1b, as Golf Australia joined 9-hole scores at the 2020 launch (in pairs, never doubled):
 * each 9-hole differential is (113 / 9-hole Slope) x (9-hole AGS - 9-hole CR - 0.5 x PCC), kept
 * unrounded, and the two make one 18-hole differential rounded to a tenth. The 2024 revision's
 * "expected score" is not published (whs-rules.md section 6), so it is not approximated here.
 */
export function combinedNineHoleDifferential(
  first: { adjustedGrossScore: number; courseRating: number; slopeRating: number; pcc: number },
  second: { adjustedGrossScore: number; courseRating: number; slopeRating: number; pcc: number },
): number {
  // Each 9-hole differential in tenths is 113 x (20 AGS - 2 CR10 - PCC10) / (2 x Slope).
  const over = (n: typeof first) => 20 * n.adjustedGrossScore - 2 * tenths(n.courseRating) - tenths(n.pcc);
  const numerator = 113 * over(first) * second.slopeRating + 113 * over(second) * first.slopeRating;
  return fromTenths(roundRatioHalfUp(numerator, 2 * first.slopeRating * second.slopeRating));
}
