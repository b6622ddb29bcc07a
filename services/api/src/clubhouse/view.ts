import type { HandicapEvent, HandicapIndexRevisedData, HandicapState } from '@roar/domain';
import type { HandicapRow } from '@roar/projections';
import type { HandicapRecord, NextStep, Revision, Scorecard } from '@roar/contracts/clubhouse';

/** The spec's Handicap record (section 3) as current-user and the settings tab show it. */
export function handicapRecord(row: HandicapRow | null, memberId: string): HandicapRecord | null {
  if (!row) return null;
  return {
    id: row.request_id,
    date_created: row.date_created,
    date_updated: row.date_updated,
    type: row.type,
    status: row.status,
    user: memberId,
    first_name: row.first_name,
    last_name: row.last_name,
    mobile: row.mobile,
    dob: row.dob,
    address: row.address,
    previous_golf_club: row.previous_golf_club,
    previous_golf_link_number: row.previous_golf_link_number,
    since: row.since,
    golf_link_number: row.golf_link_number,
    handicap: row.handicap,
    /** Not in the spec's list: our computed WHS index (an estimate), shown beside the official one. */
    computed_index: row.computed_index,
    reject_reason: row.reject_reason,
  };
}

export function revisionView(r: HandicapIndexRevisedData): Revision {
  return {
    revision: r.revision,
    revised_at: r.revisedAt,
    cause: r.cause,
    previous_index: r.previousIndex,
    handicap_index: r.handicapIndex,
    low_handicap_index: r.lowHandicapIndex,
    cap: r.cap,
    table_adjustment: r.tableAdjustment,
    exceptional_reduction: r.exceptionalReduction,
    rule_version: r.ruleVersion,
    counted: r.scores.length,
    used: r.scores.filter((s) => s.used).map((s) => s.scorecardId),
  };
}

/** Each card as the member (or staff) sees it: holes, status, and its differential from the latest revision. */
export function scorecardsView(state: HandicapState, now: Date): Scorecard[] {
  const latest = new Map((state.lastRevision?.scores ?? []).map((s) => [s.scorecardId, s]));
  const pairedFirstNines = new Map((state.lastRevision?.scores ?? []).flatMap((s) => (s.pairedWith ? [[s.pairedWith, s.scorecardId] as const] : [])));
  return [...state.scorecards]
    .sort((a, b) => a.playedOn.localeCompare(b.playedOn) || a.submittedAt.localeCompare(b.submittedAt))
    .map((card) => {
      const scored = card.status === 'attested' ? latest.get(card.scorecardId) : undefined;
      return {
        id: card.scorecardId,
        course_id: card.tee.courseId,
        course_name: card.tee.courseName,
        tee_name: card.tee.teeName,
        holes: card.tee.holes,
        course_rating: card.tee.courseRating,
        slope_rating: card.tee.slopeRating,
        pars: card.tee.pars,
        stroke_indexes: card.tee.strokeIndexes,
        played_on: card.playedOn,
        gross_scores: [...card.grossScores],
        gross: card.grossScores.reduce((a, b) => a + b, 0),
        status: card.status,
        marker: card.marker,
        attest_by: card.attestBy,
        overdue: card.status === 'submitted' && Date.parse(card.attestBy) < now.getTime(),
        pcc: card.pcc,
        adjusted_gross_score: scored?.adjustedGrossScore ?? null,
        differential: scored?.differential ?? null,
        adjusted_differential: scored?.adjustedDifferential ?? null,
        exceptional_reduction: scored?.exceptionalReduction ?? 0,
        used: scored?.used ?? false,
        /** 9 holes: the other nine this card is joined with, or waiting for one. */
        paired_with: scored?.pairedWith ?? pairedFirstNines.get(card.scorecardId) ?? null,
        waiting_for_nine: card.tee.holes === 9 && card.status === 'attested' && !scored && !pairedFirstNines.has(card.scorecardId),
      };
    });
}

export function historyView(events: readonly HandicapEvent[]): Revision[] {
  return events.flatMap((e) => (e.type === 'HandicapIndexRevised' ? [revisionView(e.data)] : []));
}

export function nextStep(state: HandicapState, eligible: boolean): NextStep {
  if (state.official) return 'submit-scores';
  switch (state.request?.status) {
    case undefined:
      return eligible ? 'request' : 'upgrade';
    case 'draft':
      return eligible ? 'complete-draft' : 'upgrade';
    case 'submitted':
      return 'wait-for-review';
    case 'rejected':
      return eligible ? 'resubmit' : 'upgrade';
    case 'approved':
      return 'submit-scores';
    default: {
      const _exhaustive: never = state.request;
      return _exhaustive;
    }
  }
}
