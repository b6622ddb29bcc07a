import { entrantsOfLines, type BeaconSchedule, type FrozenEntrant } from '../draw';
import type { PrizeEvent, PrizeFields, PrizeStatus } from './events';

export interface DrawnWinner {
  readonly k: number;
  readonly ticket: number;
  readonly entrantId: string;
  readonly memberIds: readonly string[];
  readonly notified: boolean;
  readonly claimedBy: string | null;
  /** The state the winner gave at the claim, for the published result; null when not given. */
  readonly claimedState: string | null;
  /** Set when the winner was redrawn: the staff reason. */
  readonly redrawnReason: string | null;
  /** End of the claim period (set by the notice); null for notices sent before claim periods. */
  readonly claimBy: string | null;
  readonly publicationOptOut: boolean;
  readonly verifiedBy: string | null;
  readonly awarded: boolean;
  /** Declined by the winner or unclaimed at the period's end, and the earliest redraw. */
  readonly outcome: 'declined' | 'unclaimed' | null;
  readonly redrawOn: string | null;
}

export interface DrawFacts {
  readonly status: 'unscheduled' | 'scheduled' | 'closed' | 'drawn' | 'published';
  readonly method: 'commit-reveal' | 'beacon' | null;
  readonly commitment: string | null;
  readonly beacon: BeaconSchedule | null;
  readonly listHash: string | null;
  readonly totalTickets: number;
  /** The frozen list, rebuilt page by page from EntryListRecorded: memory in entrants, not tickets. */
  readonly entrants: readonly FrozenEntrant[];
  readonly randomness: string | null;
  readonly seed: string | null;
  readonly winners: readonly DrawnWinner[];
  readonly nextK: number;
  readonly publishedDisplay: string | null;
  /** When the entries closed (the close's asOf): the draw date the redraw rule counts from. */
  readonly closedAt: string | null;
  /** The redraw hash chain's end, committed at schedule time (null: a draw scheduled before redraw commitments). */
  readonly redrawCommitment: string | null;
  readonly redrawChainLength: number;
  /** The links revealed by the redraws so far, in order: the next one must hash to the last. */
  readonly redrawReveals: readonly string[];
  /** The draw's publication: the day it was published and whether the winner's name was withheld. */
  readonly publishedOn: string | null;
}

/** The latest terms issued for the draw (DrawTermsIssued). */
export interface IssuedTerms {
  readonly version: number;
  readonly html: string;
  readonly sha256: string;
}

export type PrizeState =
  | { readonly status: 'absent' }
  | {
      readonly status: PrizeStatus;
      readonly prizeId: string;
      readonly fields: PrizeFields;
      readonly draw: DrawFacts;
      /** Absent until the first DrawTermsIssued. */
      readonly terms?: IssuedTerms;
    };
export type ExistingPrize = Exclude<PrizeState, { status: 'absent' }>;

export const initialPrizeState: PrizeState = { status: 'absent' };

export const emptyDraw: DrawFacts = {
  status: 'unscheduled',
  method: null,
  commitment: null,
  beacon: null,
  listHash: null,
  totalTickets: 0,
  entrants: [],
  randomness: null,
  seed: null,
  winners: [],
  nextK: 0,
  publishedDisplay: null,
  closedAt: null,
  redrawCommitment: null,
  redrawChainLength: 0,
  redrawReveals: [],
  publishedOn: null,
};

/** The winner who currently holds the prize: the last one drawn, unless redrawn. */
export function currentWinner(draw: DrawFacts): DrawnWinner | null {
  const last = draw.winners[draw.winners.length - 1];
  return last && last.redrawnReason === null ? last : null;
}

function withDraw(state: PrizeState, change: (draw: DrawFacts) => DrawFacts): PrizeState {
  if (state.status === 'absent') return state;
  return { ...state, draw: change(state.draw) };
}

function updateCurrent(draw: DrawFacts, change: Partial<DrawnWinner>): DrawFacts {
  const winners = [...draw.winners];
  const last = winners[winners.length - 1];
  if (last) winners[winners.length - 1] = { ...last, ...change };
  return { ...draw, winners };
}

export function evolvePrize(state: PrizeState, event: PrizeEvent): PrizeState {
  switch (event.type) {
    case 'PrizeCreated':
      return { status: 'draft', prizeId: event.data.prizeId, fields: event.data.fields, draw: emptyDraw };
    case 'PrizeUpdated':
      return state.status === 'absent' ? state : { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'PrizePublished':
      return state.status === 'absent' ? state : { ...state, status: 'published' };
    case 'PrizeArchived':
      return state.status === 'absent' ? state : { ...state, status: 'archived' };
    case 'DrawScheduled':
      return withDraw(state, (d) => ({
        ...d,
        status: 'scheduled',
        method: event.data.method,
        commitment: event.data.commitment,
        beacon: event.data.beacon,
        redrawCommitment: event.data.redrawCommitment ?? null,
        redrawChainLength: event.data.redrawChainLength ?? 0,
      }));
    case 'EntryListRecorded':
      // Decoded pages are canonical lines (checked on read); a page this process has just closed takes the entrants it was built from.
      return withDraw(state, (d) => ({ ...d, entrants: withPage(d.entrants, entrantsOfLines(event.data.lines) ?? []) }));
    case 'EntriesClosed':
      return withDraw(state, (d) => ({
        ...d,
        status: 'closed',
        listHash: event.data.listHash,
        totalTickets: event.data.totalTickets,
        closedAt: event.data.asOf,
      }));
    case 'RandomnessRevealed':
      return withDraw(state, (d) => ({ ...d, randomness: event.data.randomness, seed: event.data.seed }));
    case 'WinnerDrawn': {
      const { k, ticket, entrantId, memberIds, nextK } = event.data;
      return withDraw(state, (d) => ({
        ...d,
        status: 'drawn',
        nextK,
        winners: [
          ...d.winners,
          {
            k,
            ticket,
            entrantId,
            memberIds,
            notified: false,
            claimedBy: null,
            claimedState: null,
            redrawnReason: null,
            claimBy: null,
            publicationOptOut: false,
            verifiedBy: null,
            awarded: false,
            outcome: null,
            redrawOn: null,
          },
        ],
      }));
    }
    case 'WinnerNotified':
      return withDraw(state, (d) => updateCurrent(d, { notified: true, claimBy: event.data.claimBy ?? null }));
    case 'PrizeClaimed':
      return withDraw(state, (d) =>
        updateCurrent(d, {
          claimedBy: event.data.memberId,
          claimedState: event.data.state ?? null,
          publicationOptOut: event.data.publicationOptOut ?? false,
        }),
      );
    case 'WinnerRedrawn': {
      const { randomness, seed } = event.data;
      return withDraw(state, (d) => ({
        ...updateCurrent(d, { redrawnReason: event.data.reason }),
        ...(randomness && seed ? { redrawReveals: [...d.redrawReveals, randomness], seed } : {}),
      }));
    }
    case 'ResultPublished':
      return withDraw(state, (d) => ({
        ...d,
        status: 'published',
        publishedDisplay: event.data.display,
        publishedOn: event.data.publishedOn ?? null,
      }));
    case 'ClaimVerified':
      return withDraw(state, (d) => updateCurrent(d, { verifiedBy: event.data.verifiedBy }));
    case 'PrizeAwarded':
      return withDraw(state, (d) => updateCurrent(d, { awarded: true }));
    case 'PrizeDeclined':
      return withDraw(state, (d) => updateCurrent(d, { outcome: 'declined', redrawOn: event.data.redrawOn }));
    case 'PrizeUnclaimed':
      return withDraw(state, (d) => updateCurrent(d, { outcome: 'unclaimed', redrawOn: event.data.redrawOn }));
    case 'DrawTermsIssued':
      return state.status === 'absent'
        ? state
        : { ...state, terms: { version: event.data.version, html: event.data.html, sha256: event.data.sha256 } };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * Entrant arrays this fold made from a list's pages. A close records its pages in one append, so a
 * state between two pages lives only inside one fold: the next page grows that array in place
 * rather than copying it (copying made folding a 1,000,000-entrant list of 500 pages quadratic:
 * 250 million references copied and 2 GB of arrays for the collector). An array from elsewhere is
 * copied once, then grown.
 */
const growing = new WeakSet<readonly FrozenEntrant[]>();

function withPage(entrants: readonly FrozenEntrant[], page: FrozenEntrant[]): readonly FrozenEntrant[] {
  if (page.length === 0) return entrants;
  let grown: FrozenEntrant[];
  if (entrants.length === 0) grown = page;
  else if (growing.has(entrants)) {
    grown = entrants as FrozenEntrant[];
    for (const entrant of page) grown.push(entrant);
  } else grown = entrants.concat(page);
  growing.add(grown);
  return grown;
}
