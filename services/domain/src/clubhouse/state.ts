import type { HandicapApplication, HandicapEvent, HandicapIndexRevisedData, TeeSnapshot } from './events';
import type { CountedScore } from './record';

export interface Marker {
  readonly memberId: string | null;
  readonly email: string;
  readonly name: string;
}

export type HandicapRequest = {
  readonly requestId: string;
  readonly application: HandicapApplication;
  readonly dateCreated: string;
  readonly dateUpdated: string;
} & (
  | { readonly status: 'draft' | 'submitted' }
  | { readonly status: 'approved'; readonly golfLinkNumber: string; readonly officialHandicap: number }
  | { readonly status: 'rejected'; readonly reason: string }
);

export interface Scorecard {
  readonly scorecardId: string;
  readonly tee: TeeSnapshot;
  readonly playedOn: string;
  readonly grossScores: readonly number[];
  readonly marker: Marker;
  readonly attestBy: string;
  readonly submittedAt: string;
  readonly status: 'submitted' | 'attested' | 'voided';
  readonly pcc: number;
  readonly attestedAt: string | null;
}

export interface HandicapState {
  /** The member's current request (the latest one), null before any. */
  readonly request: HandicapRequest | null;
  /** The official GA Handicap and Golf Link number staff recorded on approval. */
  readonly official: { readonly golfLinkNumber: string; readonly handicap: number } | null;
  readonly scorecards: readonly Scorecard[];
  readonly lastRevision: HandicapIndexRevisedData | null;
}

export const initialHandicapState: HandicapState = { request: null, official: null, scorecards: [], lastRevision: null };

function updateScorecard(state: HandicapState, scorecardId: string, change: Partial<Scorecard>): HandicapState {
  return { ...state, scorecards: state.scorecards.map((s) => (s.scorecardId === scorecardId ? { ...s, ...change } : s)) };
}

function updateRequest(state: HandicapState, requestId: string, next: (r: HandicapRequest) => HandicapRequest): HandicapState {
  return state.request && state.request.requestId === requestId ? { ...state, request: next(state.request) } : state;
}

export function evolveHandicap(state: HandicapState, event: HandicapEvent): HandicapState {
  switch (event.type) {
    case 'HandicapRequestDrafted':
    case 'HandicapRequestSubmitted': {
      const d = event.data;
      const at = event.type === 'HandicapRequestDrafted' ? event.data.draftedAt : event.data.submittedAt;
      const status = event.type === 'HandicapRequestDrafted' ? 'draft' : 'submitted';
      const same = state.request?.requestId === d.requestId ? state.request : null;
      return {
        ...state,
        request: { requestId: d.requestId, application: d.application, dateCreated: same?.dateCreated ?? at, dateUpdated: at, status },
      };
    }
    case 'HandicapRequestApproved': {
      const d = event.data;
      const next = updateRequest(state, d.requestId, (r) => ({
        ...r,
        status: 'approved',
        golfLinkNumber: d.golfLinkNumber,
        officialHandicap: d.officialHandicap,
        dateUpdated: d.approvedAt,
      }));
      return { ...next, official: { golfLinkNumber: d.golfLinkNumber, handicap: d.officialHandicap } };
    }
    case 'HandicapRequestRejected': {
      const d = event.data;
      return updateRequest(state, d.requestId, (r) => ({ ...r, status: 'rejected', reason: d.reason, dateUpdated: d.rejectedAt }));
    }
    case 'ScorecardSubmitted': {
      const d = event.data;
      const card: Scorecard = {
        scorecardId: d.scorecardId,
        tee: d.tee,
        playedOn: d.playedOn,
        grossScores: d.grossScores,
        marker: d.marker,
        attestBy: d.attestBy,
        submittedAt: d.submittedAt,
        status: 'submitted',
        pcc: 0,
        attestedAt: null,
      };
      return { ...state, scorecards: [...state.scorecards, card] };
    }
    case 'ScorecardAttested':
      return updateScorecard(state, event.data.scorecardId, { status: 'attested', pcc: event.data.pcc, attestedAt: event.data.attestedAt });
    case 'ScorecardCorrected':
      return updateScorecard(state, event.data.scorecardId, { grossScores: event.data.grossScores });
    case 'ScorecardVoided':
      return updateScorecard(state, event.data.scorecardId, { status: 'voided' });
    case 'ScorecardPccApplied':
      return updateScorecard(state, event.data.scorecardId, { pcc: event.data.pcc });
    case 'HandicapIndexRevised':
      return { ...state, lastRevision: event.data };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Attested and not voided: the scores the index is computed from. */
export function countedScores(state: HandicapState): CountedScore[] {
  return state.scorecards
    .filter((s) => s.status === 'attested')
    .map((s) => ({ scorecardId: s.scorecardId, playedOn: s.playedOn, tee: s.tee, grossScores: s.grossScores, pcc: s.pcc }));
}

export const isOpenRequest = (r: HandicapRequest | null): boolean => r?.status === 'submitted';
