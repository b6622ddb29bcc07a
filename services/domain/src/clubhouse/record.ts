import type { RevisionScore, TeeSnapshot } from './events';
import {
  adjustedGrossScore,
  applyExceptionalScore,
  combinedNineHoleDifferential,
  courseHandicap,
  handicapIndexDetail,
  scoreDifferential,
  type IndexCap,
} from './whs';

/** A score that counts: attested and not voided, with the PCC of its course and day. */
export interface CountedScore {
  readonly scorecardId: string;
  readonly playedOn: string;
  readonly tee: TeeSnapshot;
  readonly grossScores: readonly number[];
  readonly pcc: number;
}

export interface ScoringRecord {
  readonly scores: RevisionScore[];
  readonly handicapIndex: number | null;
  readonly lowHandicapIndex: number | null;
  readonly cap: IndexCap;
  readonly tableAdjustment: number;
  /** The index after each score, in playing order: the history chart. */
  readonly history: { scorecardId: string; playedOn: string; handicapIndex: number | null }[];
  /** A counted 9-hole card still waiting for a second nine to pair with. */
  readonly pendingNine: string | null;
}

const SCORES_FOR_LOW_INDEX = 20;
const DAY_MS = 86_400_000;

/**
 * ROH 5.7: the lowest index of the 365 days before this score, once 20 scores establish one. The score
 * being added is one of the 20 (ROH 5.8: a cap is considered once 20 scores are in the record), so
 * the 20th score's index is the first one a cap can hold down.
 */
function lowHandicapIndexBefore(history: ScoringRecord['history'], playedOn: string): number | undefined {
  if (history.length + 1 < SCORES_FOR_LOW_INDEX) return undefined;
  const from = Date.parse(playedOn) - 365 * DAY_MS;
  const window = history.filter((h) => h.handicapIndex !== null && Date.parse(h.playedOn) >= from).map((h) => h.handicapIndex as number);
  return window.length ? Math.min(...window) : undefined;
}

/**
 * The whole scoring record replayed from the counted scores in playing order (most recent last):
 * each round's net double bogey uses the index in effect when it was played, each exceptional score
 * reduces the differentials before it. Replaying everything is what lets a correction, a void, a PCC
 * or a late attestation of an older round (and a future rule version) give the right index.
 */
export function scoringRecord(counted: readonly CountedScore[]): ScoringRecord {
  const ordered = [...counted].sort((a, b) => a.playedOn.localeCompare(b.playedOn));
  let differentials: number[] = [];
  let index: number | null = null;
  let low: number | undefined;
  const history: ScoringRecord['history'] = [];
  const rows: Omit<RevisionScore, 'adjustedDifferential' | 'used'>[] = [];
  let pendingNine: { scorecardId: string; ags: number; tee: TeeSnapshot; pcc: number } | null = null;
  for (const score of ordered) {
    const { tee } = score;
    const par = tee.pars.reduce((a, b) => a + b, 0);
    const ch =
      index === null
        ? null
        : courseHandicap({ handicapIndex: index, slopeRating: tee.slopeRating, courseRating: tee.courseRating, par, holes: tee.holes });
    const ags = adjustedGrossScore({ grossScores: score.grossScores, pars: tee.pars, strokeIndexes: tee.strokeIndexes, courseHandicap: ch });
    let differential: number;
    let pairedWith: string | null = null;
    if (tee.holes === 9) {
      // Nine holes count once joined with the next nine played (GA 2020: pairs, never doubled).
      if (!pendingNine) {
        pendingNine = { scorecardId: score.scorecardId, ags, tee, pcc: score.pcc };
        continue;
      }
      const rating = (n: { ags: number; tee: TeeSnapshot; pcc: number }) => ({
        adjustedGrossScore: n.ags,
        courseRating: n.tee.courseRating,
        slopeRating: n.tee.slopeRating,
        pcc: n.pcc,
      });
      differential = combinedNineHoleDifferential(rating(pendingNine), rating({ ags, tee, pcc: score.pcc }));
      pairedWith = pendingNine.scorecardId;
      pendingNine = null;
    } else {
      differential = scoreDifferential({ adjustedGrossScore: ags, courseRating: tee.courseRating, slopeRating: tee.slopeRating, pcc: score.pcc });
    }
    low = lowHandicapIndexBefore(history, score.playedOn);
    const applied = applyExceptionalScore({
      differentialsBefore: differentials,
      newDifferential: differential,
      handicapIndexAtRound: index,
      ...(low === undefined ? {} : { lowHandicapIndex: low }),
    });
    differentials = applied.differentials;
    index = applied.handicapIndex;
    history.push({ scorecardId: score.scorecardId, playedOn: score.playedOn, handicapIndex: index });
    rows.push({
      scorecardId: score.scorecardId,
      playedOn: score.playedOn,
      adjustedGrossScore: ags,
      courseHandicap: ch,
      pcc: score.pcc,
      differential,
      exceptionalReduction: applied.reduction,
      pairedWith,
    });
  }
  const detail = handicapIndexDetail(differentials, low === undefined ? {} : { lowHandicapIndex: low });
  const used = new Set(detail.usedPositions);
  return {
    scores: rows.map((row, i) => ({ ...row, adjustedDifferential: differentials[i] ?? row.differential, used: used.has(i) })),
    handicapIndex: detail.handicapIndex,
    lowHandicapIndex: low ?? null,
    cap: detail.cap,
    tableAdjustment: detail.adjustment,
    history,
    pendingNine: pendingNine?.scorecardId ?? null,
  };
}
