import { DomainError, type Decider } from '@roar/platform';
import type { HandicapApplication, HandicapEvent, TeeSnapshot } from './events';
import { HANDICAP_PLAN_REQUIRED } from './eligibility';
import { scoringRecord } from './record';
import { countedScores, evolveHandicap, initialHandicapState, isOpenRequest, type HandicapState, type Marker, type Scorecard } from './state';
import { WHS_RULE_VERSION } from './whs';

export type HandicapCommand =
  | {
      readonly type: 'SaveHandicapDraft';
      readonly memberId: string;
      readonly requestId: string;
      readonly application: HandicapApplication;
      readonly at: string;
    }
  | {
      readonly type: 'SubmitHandicapRequest';
      readonly memberId: string;
      readonly requestId: string;
      readonly application: HandicapApplication;
      /** The member's plan code when the plan includes a handicap (planIncludesHandicap), otherwise null. */
      readonly eligibleMembershipCode: string | null;
      readonly at: string;
    }
  | {
      readonly type: 'ApproveHandicapRequest';
      readonly memberId: string;
      readonly requestId: string;
      readonly golfLinkNumber: string;
      readonly officialHandicap: number;
      readonly reason: string;
      readonly at: string;
    }
  | { readonly type: 'RejectHandicapRequest'; readonly memberId: string; readonly requestId: string; readonly reason: string; readonly at: string }
  | {
      readonly type: 'SubmitScorecard';
      readonly memberId: string;
      readonly memberEmail: string;
      readonly scorecardId: string;
      readonly tee: TeeSnapshot;
      readonly playedOn: string;
      /** Today in Australia/Sydney, YYYY-MM-DD: a card dated later is refused. */
      readonly today: string;
      readonly grossScores: readonly number[];
      readonly marker: Marker;
      readonly attestBy: string;
      readonly at: string;
    }
  | {
      readonly type: 'AttestScorecard';
      readonly memberId: string;
      readonly scorecardId: string;
      readonly attestedBy: Marker;
      readonly pcc: number;
      readonly at: string;
    }
  | {
      readonly type: 'CorrectScorecard';
      readonly memberId: string;
      readonly scorecardId: string;
      readonly grossScores: readonly number[];
      readonly reason: string;
      readonly at: string;
    }
  | { readonly type: 'VoidScorecard'; readonly memberId: string; readonly scorecardId: string; readonly reason: string; readonly at: string }
  | {
      readonly type: 'ApplyScorecardPcc';
      readonly memberId: string;
      readonly scorecardId: string;
      readonly pcc: number;
      readonly reason: string;
      readonly at: string;
    };

export const HANDICAP_ERRORS = {
  openRequest: 'You already have a handicap request waiting for review.',
  alreadyApproved: 'You already have an official handicap.',
  transferClub: 'A transfer needs the name of your previous golf club.',
  transferNumber: 'A transfer needs your Golf Link number at your previous club.',
  golfLinkRequired: 'Enter a 10-digit Golf Link number to approve this request.',
  notAwaitingReview: 'This request is not waiting for review.',
  reasonRequired: 'Give a reason.',
  noHandicap: 'Request an official handicap first: scores count once staff have approved it.',
  futureDate: 'The date played cannot be in the future.',
  markerIsMember: 'Your marker must be someone other than you.',
  notYourMarker: 'Only the marker named on this card can attest it.',
  notAttestable: 'This scorecard is not waiting for attestation.',
  voided: 'This scorecard has been voided.',
  unknownScorecard: 'This scorecard does not exist.',
} as const;

export function holeCountError(entered: number, holes: number): string {
  return `This card has ${entered} hole ${entered === 1 ? 'score' : 'scores'}; a ${holes}-hole card needs ${holes}.`;
}

export function validateGrossScores(scores: readonly number[], holes: number): void {
  if (scores.length !== holes) throw new DomainError('invalid', holeCountError(scores.length, holes));
  scores.forEach((score, i) => {
    if (!Number.isInteger(score) || score < 1 || score > 29) throw new DomainError('invalid', `Hole ${i + 1}: enter a score from 1 to 29.`);
  });
}

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new DomainError('invalid', HANDICAP_ERRORS.reasonRequired);
  return trimmed.slice(0, 1000);
}

function validateApplication(application: HandicapApplication): void {
  if (application.type !== 'transfer') return;
  if (!application.previous_golf_club?.trim()) throw new DomainError('invalid', HANDICAP_ERRORS.transferClub);
  if (!application.previous_golf_link_number) throw new DomainError('invalid', HANDICAP_ERRORS.transferNumber);
}

function requestUnderReview(state: HandicapState, requestId: string) {
  if (!state.request || state.request.requestId !== requestId) throw new DomainError('not_found', 'This handicap request does not exist.');
  if (state.request.status !== 'submitted') throw new DomainError('conflict', HANDICAP_ERRORS.notAwaitingReview);
  return state.request;
}

function scorecardOf(state: HandicapState, scorecardId: string): Scorecard {
  const card = state.scorecards.find((s) => s.scorecardId === scorecardId);
  if (!card) throw new DomainError('not_found', HANDICAP_ERRORS.unknownScorecard);
  return card;
}

/** The scoring record replayed after a change, as the event that says why the index is what it is. */
function revise(
  state: HandicapState,
  memberId: string,
  change: HandicapEvent,
  kind: 'attested' | 'corrected' | 'voided' | 'pcc',
  scorecardId: string,
  at: string,
): HandicapEvent[] {
  const after = evolveHandicap(state, change);
  const record = scoringRecord(countedScores(after));
  const own = record.scores.find((s) => s.scorecardId === scorecardId);
  return [
    change,
    {
      type: 'HandicapIndexRevised',
      data: {
        memberId,
        revision: (state.lastRevision?.revision ?? 0) + 1,
        cause: { kind, scorecardId },
        scores: record.scores,
        previousIndex: state.lastRevision?.handicapIndex ?? null,
        handicapIndex: record.handicapIndex,
        lowHandicapIndex: record.lowHandicapIndex,
        cap: record.cap,
        tableAdjustment: record.tableAdjustment,
        exceptionalReduction: own?.exceptionalReduction ?? 0,
        ruleVersion: WHS_RULE_VERSION,
        revisedAt: at,
      },
    },
  ];
}

export function decideHandicap(command: HandicapCommand, state: HandicapState): HandicapEvent[] {
  switch (command.type) {
    case 'SaveHandicapDraft': {
      if (isOpenRequest(state.request)) throw new DomainError('conflict', HANDICAP_ERRORS.openRequest);
      if (state.official) throw new DomainError('conflict', HANDICAP_ERRORS.alreadyApproved);
      return [
        {
          type: 'HandicapRequestDrafted',
          data: { requestId: command.requestId, memberId: command.memberId, application: command.application, draftedAt: command.at },
        },
      ];
    }
    case 'SubmitHandicapRequest': {
      if (isOpenRequest(state.request)) throw new DomainError('conflict', HANDICAP_ERRORS.openRequest);
      if (state.official) throw new DomainError('conflict', HANDICAP_ERRORS.alreadyApproved);
      if (command.eligibleMembershipCode === null) throw new DomainError('forbidden', HANDICAP_PLAN_REQUIRED);
      validateApplication(command.application);
      const { requestId, memberId, application, at } = command;
      return [
        {
          type: 'HandicapRequestSubmitted',
          data: { requestId, memberId, application, membershipCode: command.eligibleMembershipCode, submittedAt: at },
        },
      ];
    }
    case 'ApproveHandicapRequest': {
      if (!/^\d{10}$/.test(command.golfLinkNumber)) throw new DomainError('invalid', HANDICAP_ERRORS.golfLinkRequired);
      requestUnderReview(state, command.requestId);
      const { requestId, memberId, golfLinkNumber, officialHandicap, at } = command;
      return [
        {
          type: 'HandicapRequestApproved',
          data: { requestId, memberId, golfLinkNumber, officialHandicap, reason: command.reason.trim().slice(0, 1000), approvedAt: at },
        },
      ];
    }
    case 'RejectHandicapRequest': {
      const reason = requireReason(command.reason);
      requestUnderReview(state, command.requestId);
      return [
        { type: 'HandicapRequestRejected', data: { requestId: command.requestId, memberId: command.memberId, reason, rejectedAt: command.at } },
      ];
    }
    case 'SubmitScorecard':
      return decideSubmitScorecard(command, state);
    case 'AttestScorecard': {
      const card = scorecardOf(state, command.scorecardId);
      if (card.status !== 'submitted') throw new DomainError('conflict', HANDICAP_ERRORS.notAttestable);
      const byMarker = card.marker.memberId ? command.attestedBy.memberId === card.marker.memberId : command.attestedBy.email === card.marker.email;
      if (!byMarker || command.attestedBy.memberId === command.memberId) throw new DomainError('forbidden', HANDICAP_ERRORS.notYourMarker);
      const attested: HandicapEvent = {
        type: 'ScorecardAttested',
        data: { scorecardId: card.scorecardId, memberId: command.memberId, attestedBy: command.attestedBy, pcc: command.pcc, attestedAt: command.at },
      };
      return revise(state, command.memberId, attested, 'attested', card.scorecardId, command.at);
    }
    case 'CorrectScorecard': {
      const reason = requireReason(command.reason);
      const card = scorecardOf(state, command.scorecardId);
      if (card.status === 'voided') throw new DomainError('conflict', HANDICAP_ERRORS.voided);
      validateGrossScores(command.grossScores, card.tee.holes);
      const corrected: HandicapEvent = {
        type: 'ScorecardCorrected',
        data: {
          scorecardId: card.scorecardId,
          memberId: command.memberId,
          grossScores: [...command.grossScores],
          previousGrossScores: [...card.grossScores],
          reason,
          correctedAt: command.at,
        },
      };
      return card.status === 'attested' ? revise(state, command.memberId, corrected, 'corrected', card.scorecardId, command.at) : [corrected];
    }
    case 'VoidScorecard': {
      const reason = requireReason(command.reason);
      const card = scorecardOf(state, command.scorecardId);
      if (card.status === 'voided') return [];
      const voided: HandicapEvent = {
        type: 'ScorecardVoided',
        data: { scorecardId: card.scorecardId, memberId: command.memberId, reason, voidedAt: command.at },
      };
      return card.status === 'attested' ? revise(state, command.memberId, voided, 'voided', card.scorecardId, command.at) : [voided];
    }
    case 'ApplyScorecardPcc': {
      const reason = requireReason(command.reason);
      const card = scorecardOf(state, command.scorecardId);
      if (card.status !== 'attested' || card.pcc === command.pcc) return [];
      const applied: HandicapEvent = {
        type: 'ScorecardPccApplied',
        data: { scorecardId: card.scorecardId, memberId: command.memberId, pcc: command.pcc, previousPcc: card.pcc, reason, appliedAt: command.at },
      };
      return revise(state, command.memberId, applied, 'pcc', card.scorecardId, command.at);
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

function decideSubmitScorecard(command: Extract<HandicapCommand, { type: 'SubmitScorecard' }>, state: HandicapState): HandicapEvent[] {
  if (!state.official) throw new DomainError('forbidden', HANDICAP_ERRORS.noHandicap);
  if (state.scorecards.some((s) => s.scorecardId === command.scorecardId)) return [];
  validateGrossScores(command.grossScores, command.tee.holes);
  if (command.playedOn > command.today) throw new DomainError('invalid', HANDICAP_ERRORS.futureDate);
  const marker = command.marker;
  if (marker.memberId === command.memberId || marker.email.toLowerCase() === command.memberEmail.toLowerCase()) {
    throw new DomainError('invalid', HANDICAP_ERRORS.markerIsMember);
  }
  return [
    {
      type: 'ScorecardSubmitted',
      data: {
        scorecardId: command.scorecardId,
        memberId: command.memberId,
        tee: command.tee,
        playedOn: command.playedOn,
        grossScores: [...command.grossScores],
        marker: { ...marker, email: marker.email.toLowerCase() },
        attestBy: command.attestBy,
        submittedAt: command.at,
      },
    },
  ];
}

export const handicapDecider: Decider<HandicapCommand, HandicapEvent, HandicapState> = {
  decide: decideHandicap,
  evolve: evolveHandicap,
  initialState: initialHandicapState,
};
