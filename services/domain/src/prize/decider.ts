import { createHash } from 'node:crypto';
import { DomainError, type Decider } from '@roar/platform';
import {
  beaconCommitment,
  beaconRandomnessMatchesSignature,
  closeEntryListInPages,
  drawSeed,
  drawWinners,
  pseudonymousEntrantId,
  verifyReveal,
  type BeaconSchedule,
  type EntryInput,
  type FrozenEntryList,
} from '../draw';
import { entryTreeRoot } from '../draw/entry-tree';
import type { FrozenEntrant } from '../draw/entry-list';
import { ENTRY_LIST_PAGE_SIZE, type PrizeEvent, type PrizeFields } from './events';
import type { AuState } from '../member/events';
import type { Permit, ReliedPermit } from '@roar/contracts/compliance';
import { clubDay } from '@roar/contracts/time';
import { checkPublish, type ComplianceRules } from '../compliance/rules';
import { ELIGIBILITY_RULE_VERSION, LEGACY_ELIGIBILITY_RULE_VERSION } from './eligibility';
import { currentWinner, evolvePrize, initialPrizeState, type ExistingPrize, type PrizeState } from './state';

/** Who an entrant id stands for: the eligibility key (`member:<id>` / `team:<id>`) and its members. */
export interface EntrantIdentity {
  readonly key: string;
  readonly memberIds: readonly string[];
}

export type PrizeCommand =
  | { readonly type: 'CreatePrize'; readonly prizeId: string; readonly fields: PrizeFields }
  | { readonly type: 'UpdatePrize'; readonly changes: Partial<PrizeFields> }
  | {
      readonly type: 'PublishPrize';
      /** Issue 22: the rules and permits to check the draw's open states against, and today's club day. */
      readonly compliance?: { readonly rules: ComplianceRules; readonly permits: readonly Permit[]; readonly publishDay: string };
    }
  | { readonly type: 'ArchivePrize' }
  | {
      readonly type: 'ScheduleDraw';
      readonly method: 'commit-reveal' | 'beacon';
      /** SHA-256 of the secret (commit-reveal) generated outside the decider; beacon: beaconCommitment(beacon). */
      readonly commitment: string;
      readonly beacon: BeaconSchedule | null;
      /** The end of the redraw hash chain (redrawChainEnd) and its length: each redraw reveals one link. */
      readonly redraw?: { readonly commitment: string; readonly chainLength: number };
    }
  | {
      readonly type: 'CloseEntries';
      readonly entrants: readonly EntryInput[];
      readonly cutoffPosition: string;
      readonly asOf: string;
      /** Rule 2 (issue 22): given, the close records rule 2 with these; absent, rule 1 as before. */
      readonly residence?: { readonly openStates: readonly AuState[]; readonly permits: readonly ReliedPermit[]; readonly minimumAge: number };
      /** Issue 24: the latest signed tree head of the sealed log, when sealing is on: the close commits to it. */
      readonly treeHead?: { readonly size: number; readonly rootHash: string };
    }
  | {
      readonly type: 'DrawWinner';
      readonly randomness: string;
      readonly entrantSalt: string;
      /** Identities of entrant ids: checked against the salt, never trusted blindly. */
      readonly identities: ReadonlyMap<string, EntrantIdentity>;
      /** Beacon draws: the fetched round (its signature already verified by the adapter). */
      readonly beaconRound?: { readonly round: number; readonly signature: string; readonly previousSignature: string | null };
    }
  | {
      readonly type: 'RedrawWinner';
      readonly reason: string;
      readonly entrantSalt: string;
      readonly identities: ReadonlyMap<string, EntrantIdentity>;
      /** The clock: a declined or unclaimed prize is refused before its redraw date. */
      readonly now?: string;
      /** Draws with a redraw commitment: the next link of the redraw chain (hex), revealed now. */
      readonly randomness?: string;
    }
  /** `now` and `claimPeriodDays` (the draw's, or the club default): the notice starts the claim period. */
  | { readonly type: 'NotifyWinner'; readonly now?: string; readonly claimPeriodDays?: number }
  /** `state`: the winner's AU state (given now or on their profile): a published result needs it. */
  | {
      readonly type: 'ClaimPrize';
      readonly memberId: string;
      readonly state: AuState | null;
      readonly now?: string;
      readonly publicationOptOut?: boolean;
      readonly delivery?: string;
    }
  | {
      readonly type: 'VerifyClaim';
      readonly staffId: string;
      readonly identitySeen: boolean;
      readonly ageSeen: boolean;
      readonly documentKey?: string;
    }
  | { readonly type: 'AwardPrize'; readonly staffId: string; readonly deliveryNote?: string; readonly transferReference?: string }
  | { readonly type: 'DeclinePrize'; readonly by: string; readonly now: string }
  /** `redrawMonths`: the rule's minimum months between the draw and an unclaimed prize's redraw. */
  | { readonly type: 'MarkUnclaimed'; readonly now: string; readonly redrawMonths: number }
  /** `publishedOn`: today's club day; `withheld`: the winner opted out where the rules allow it (display names no one). */
  | {
      readonly type: 'PublishResult';
      readonly display: string;
      readonly publishedOn?: string;
      readonly publishBy?: string;
      readonly withheld?: boolean;
    }
  /** The generated terms (prize/terms.ts): a new version only when the HTML's SHA-256 differs from the latest. */
  | { readonly type: 'IssueDrawTerms'; readonly html: string };

export const CLAIM_PERIOD_ENDED = "This prize's claim period has ended.";

/** The instant `months` calendar months after `iso` (UTC calendar; the end of a shorter month clamps). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString();
}

const later = (a: string, b: string): string => (Date.parse(a) >= Date.parse(b) ? a : b);

/** The current winner's claim, while it is still open to the walk (not declined, not unclaimed). */
function openClaim(s: ExistingPrize) {
  const current = currentWinner(s.draw);
  if (!current) throw new DomainError('conflict', 'There is no winner for this prize.');
  if (current.outcome === 'declined') throw new DomainError('conflict', 'The winner declined this prize.');
  if (current.outcome === 'unclaimed') throw new DomainError('conflict', CLAIM_PERIOD_ENDED);
  return current;
}

/** A published result reads "Sam K., QLD": without a state it would read the name alone. */
export const CLAIM_STATE_NEEDED = 'Choose your state: the published result shows it with your first name and initial.';

function existing(state: PrizeState): ExistingPrize {
  if (state.status === 'absent') throw new DomainError('not_found', 'Not found.');
  return state;
}

function frozenList(state: ExistingPrize): FrozenEntryList {
  const { listHash, entrants, totalTickets } = state.draw;
  if (listHash === null) throw new DomainError('conflict', 'Close the entries first.');
  return { entrants, totalTickets, hash: listHash };
}

/** The first draw's pick: the one selection both the decider and `entrantToIdentify` run. */
function firstPick(s: ExistingPrize, randomness: Uint8Array) {
  const list = frozenList(s);
  const seed = drawSeed(list.hash, randomness, s.prizeId);
  return { seed, outcome: drawWinners(list, seed, 1, new Set(), { startK: 0 }) };
}

/** A redraw's pick: the next k past every earlier winner, under the redraw's seed. */
function redrawPick(s: ExistingPrize, seed: string) {
  return drawWinners(frozenList(s), seed, 1, new Set(s.draw.winners.map((w) => w.entrantId)), { startK: s.draw.nextK });
}

/**
 * The seed of the next redraw: with a redraw commitment, from the revealed link (checked against the
 * previous link, or the commitment for the first redraw); without one (draws scheduled before
 * redraw commitments), the first draw's seed as before.
 */
function redrawSeed(s: ExistingPrize, randomness: string | undefined | null): { seed: string; redraw: number | null; randomness: string | null } {
  if (s.draw.seed === null) throw new DomainError('conflict', 'There is no winner to redraw.');
  if (s.draw.redrawCommitment === null) return { seed: s.draw.seed, redraw: null, randomness: null };
  const redraw = s.draw.redrawReveals.length + 1;
  if (redraw > s.draw.redrawChainLength) throw new DomainError('conflict', 'Every committed redraw of this draw has been used.');
  const previous = s.draw.redrawReveals[s.draw.redrawReveals.length - 1] ?? s.draw.redrawCommitment;
  if (!randomness || !/^[0-9a-f]{64}$/.test(randomness) || !verifyReveal(previous, Buffer.from(randomness, 'hex'))) {
    throw new DomainError('conflict', `The randomness of redraw ${redraw} does not match its commitment.`);
  }
  return { seed: drawSeed(frozenList(s).hash, Buffer.from(randomness, 'hex'), s.prizeId), redraw, randomness };
}

/**
 * The links of a redraw hash chain from its secret: link i is SHA-256 applied i times; the chain's
 * end (link `length`) is the commitment, and redraw n reveals link `length - n`.
 */
export function redrawChainLink(secret: string, length: number, redraw: number): string {
  let link = Buffer.from(secret, 'hex');
  for (let i = 0; i < length - redraw; i++) link = createHash('sha256').update(link).digest();
  return link.toString('hex');
}

export function redrawChainEnd(secret: string, length: number): string {
  return redrawChainLink(secret, length, 0);
}

/**
 * The entrant id that the next DrawWinner (with this randomness, hex) or RedrawWinner would pick,
 * so the application loads only that entrant's identity for the command. Null when there is
 * nothing to pick: the decider then refuses the command with its own error.
 */
export function entrantToIdentify(state: PrizeState, randomness: string | null): string | null {
  if (state.status === 'absent') return null;
  const { draw } = state;
  try {
    if (draw.status === 'closed' && randomness !== null && draw.listHash !== null && draw.totalTickets > 0) {
      return firstPick(state, Buffer.from(randomness, 'hex')).outcome.winners[0]?.entrantId ?? null;
    }
    if (draw.status === 'drawn' && draw.seed !== null) return redrawPick(state, redrawSeed(state, randomness).seed).winners[0]?.entrantId ?? null;
  } catch (error) {
    // No eligible entrant left: the decider refuses the command with this same error.
    if (error instanceof DomainError) return null;
    throw error;
  }
  return null;
}

function identify(prizeId: string, entrantId: string, salt: string, identities: ReadonlyMap<string, EntrantIdentity>): readonly string[] {
  const who = identities.get(entrantId);
  if (!who || pseudonymousEntrantId(who.key, salt) !== entrantId || who.memberIds.length === 0) {
    throw new DomainError('conflict', 'The drawn entrant could not be matched to a member.', { prizeId, entrantId });
  }
  return who.memberIds;
}

export function decidePrize(command: PrizeCommand, state: PrizeState): PrizeEvent[] {
  switch (command.type) {
    case 'CreatePrize':
      if (state.status !== 'absent') throw new DomainError('conflict', 'This prize already exists.');
      return [{ type: 'PrizeCreated', data: { prizeId: command.prizeId, fields: command.fields } }];
    case 'UpdatePrize': {
      const s = existing(state);
      if (
        s.draw.status !== 'unscheduled' &&
        command.changes.prize_end_date !== undefined &&
        command.changes.prize_end_date !== s.fields.prize_end_date
      ) {
        throw new DomainError('conflict', 'The closing date cannot change once the draw is scheduled.');
      }
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([key, value]) => JSON.stringify(s.fields[key as keyof PrizeFields]) !== JSON.stringify(value)),
      ) as Partial<PrizeFields>;
      return Object.keys(changes).length === 0 ? [] : [{ type: 'PrizeUpdated', data: { prizeId: s.prizeId, changes } }];
    }
    case 'PublishPrize': {
      const s = existing(state);
      if (s.status !== 'published' && command.compliance && (s.fields.open_states ?? []).length > 0) {
        const check = checkPublish(
          {
            openStates: s.fields.open_states ?? [],
            totalPrizeCents: Math.round(s.fields.prize_value * 100),
            publishDay: command.compliance.publishDay,
            drawDay: clubDay(s.fields.prize_end_date),
          },
          command.compliance.rules,
          command.compliance.permits,
        );
        if (!check.ok) throw new DomainError('conflict', check.message, { state: check.state });
      }
      return s.status === 'published' ? [] : [{ type: 'PrizePublished', data: { prizeId: s.prizeId } }];
    }
    case 'ArchivePrize': {
      const s = existing(state);
      return s.status === 'archived' ? [] : [{ type: 'PrizeArchived', data: { prizeId: s.prizeId } }];
    }
    case 'ScheduleDraw': {
      const s = existing(state);
      if (s.draw.status !== 'unscheduled') throw new DomainError('conflict', 'The draw is already scheduled.');
      if (!/^[0-9a-f]{64}$/.test(command.commitment)) throw new DomainError('invalid', 'The commitment must be a SHA-256 in hex.');
      const beacon = command.method === 'beacon' ? command.beacon : null;
      if (command.method === 'beacon' && !beacon) throw new DomainError('invalid', 'A beacon draw names its beacon and round.');
      if (beacon && command.commitment !== beaconCommitment(beacon))
        throw new DomainError('invalid', 'A beacon draw commits to its chain and round.');
      const redraw = command.redraw;
      if (redraw && (!/^[0-9a-f]{64}$/.test(redraw.commitment) || !Number.isInteger(redraw.chainLength) || redraw.chainLength < 1))
        throw new DomainError('invalid', 'The redraw commitment must be a SHA-256 in hex with a chain length of at least 1.');
      return [
        {
          type: 'DrawScheduled',
          data: {
            prizeId: s.prizeId,
            method: command.method,
            commitment: command.commitment,
            beacon,
            closesAt: s.fields.prize_end_date,
            ...(redraw ? { redrawCommitment: redraw.commitment, redrawChainLength: redraw.chainLength } : {}),
          },
        },
      ];
    }
    case 'CloseEntries': {
      const s = existing(state);
      if (s.draw.status !== 'scheduled')
        throw new DomainError('conflict', s.draw.status === 'unscheduled' ? 'Schedule the draw first.' : 'The entries are already closed.');
      const list = closeEntryListInPages(command.entrants, ENTRY_LIST_PAGE_SIZE);
      const pages: PrizeEvent[] = list.pages.map((lines, page) => ({ type: 'EntryListRecorded', data: { prizeId: s.prizeId, page, lines } }));
      return [
        ...pages,
        {
          type: 'EntriesClosed',
          data: {
            prizeId: s.prizeId,
            listHash: list.hash,
            entrantCount: list.entrants.length,
            totalTickets: list.totalTickets,
            pages: pages.length,
            cutoffPosition: command.cutoffPosition,
            asOf: command.asOf,
            eligibilityRuleVersion: command.residence ? ELIGIBILITY_RULE_VERSION : LEGACY_ELIGIBILITY_RULE_VERSION,
            ...(command.residence
              ? { openStates: [...command.residence.openStates], permits: [...command.residence.permits], minimumAge: command.residence.minimumAge }
              : {}),
            // The terms in force at the close (issue 22): the latest DrawTermsIssued.
            ...(s.terms ? { termsVersion: s.terms.version, termsSha256: s.terms.sha256 } : {}),
            ...entryTreeFields(list.entrants, command.treeHead),
          },
        },
      ];
    }
    case 'DrawWinner': {
      const s = existing(state);
      if (s.draw.status !== 'closed')
        throw new DomainError(
          'conflict',
          s.draw.status === 'drawn' || s.draw.status === 'published' ? 'A winner is already drawn.' : 'Close the entries first.',
        );
      const list = frozenList(s);
      const bytes = Buffer.from(command.randomness, 'hex');
      if (s.draw.method === 'commit-reveal' && (s.draw.commitment === null || !verifyReveal(s.draw.commitment, bytes))) {
        throw new DomainError('conflict', 'The revealed randomness does not match the commitment.');
      }
      const beaconRound = s.draw.method === 'beacon' ? command.beaconRound : undefined;
      if (s.draw.method === 'beacon') {
        if (!beaconRound || !s.draw.beacon || beaconRound.round !== s.draw.beacon.round) {
          throw new DomainError('conflict', `The draw is committed to beacon round ${s.draw.beacon?.round ?? '?'}.`);
        }
        if (!beaconRandomnessMatchesSignature(command.randomness, beaconRound.signature)) {
          throw new DomainError('conflict', 'The beacon randomness is not the SHA-256 of its signature.');
        }
      }
      if (list.totalTickets === 0) throw new DomainError('conflict', 'Nobody holds an entry in this draw.');
      const { seed, outcome } = firstPick(s, bytes);
      const winner = outcome.winners[0]!;
      const memberIds = identify(s.prizeId, winner.entrantId, command.entrantSalt, command.identities);
      return [
        {
          type: 'RandomnessRevealed',
          data: {
            prizeId: s.prizeId,
            randomness: command.randomness,
            entrantSalt: command.entrantSalt,
            seed,
            ...(beaconRound
              ? { beacon: { round: beaconRound.round, signature: beaconRound.signature, previousSignature: beaconRound.previousSignature } }
              : {}),
          },
        },
        {
          type: 'WinnerDrawn',
          data: { prizeId: s.prizeId, ...winner, memberIds: [...memberIds], skipped: [...outcome.skipped], nextK: outcome.nextK },
        },
      ];
    }
    case 'RedrawWinner': {
      const s = existing(state);
      if (!command.reason.trim()) throw new DomainError('invalid', 'A redraw needs a reason.');
      if (s.draw.status === 'published') throw new DomainError('conflict', 'The result is already published.');
      const current = currentWinner(s.draw);
      if (s.draw.status !== 'drawn' || !current || s.draw.seed === null) throw new DomainError('conflict', 'There is no winner to redraw.');
      if (current.claimedBy !== null && current.outcome === null) throw new DomainError('conflict', 'The prize has been claimed.');
      if (current.redrawOn !== null) {
        if (command.now === undefined || Date.parse(command.now) < Date.parse(current.redrawOn)) {
          throw new DomainError('conflict', `This prize cannot be redrawn before ${current.redrawOn.slice(0, 10)}.`);
        }
      }
      const fresh = redrawSeed(s, command.randomness);
      const outcome = redrawPick(s, fresh.seed);
      const winner = outcome.winners[0]!;
      const memberIds = identify(s.prizeId, winner.entrantId, command.entrantSalt, command.identities);
      return [
        {
          type: 'WinnerRedrawn',
          data: {
            prizeId: s.prizeId,
            previousK: current.k,
            previousEntrantId: current.entrantId,
            reason: command.reason.trim(),
            nextK: s.draw.nextK,
            ...(fresh.redraw !== null && fresh.randomness !== null ? { redraw: fresh.redraw, randomness: fresh.randomness, seed: fresh.seed } : {}),
          },
        },
        {
          type: 'WinnerDrawn',
          data: { prizeId: s.prizeId, ...winner, memberIds: [...memberIds], skipped: [...outcome.skipped], nextK: outcome.nextK },
        },
      ];
    }
    case 'NotifyWinner': {
      const s = existing(state);
      const current = currentWinner(s.draw);
      if (!current) throw new DomainError('conflict', 'There is no winner to notify.');
      if (current.notified) return [];
      const days = command.claimPeriodDays;
      if (days !== undefined && (!Number.isInteger(days) || days < 1))
        throw new DomainError('invalid', 'The claim period is a whole number of days.');
      const claimBy =
        command.now !== undefined && days !== undefined ? new Date(Date.parse(command.now) + days * 86_400_000).toISOString() : undefined;
      return [
        { type: 'WinnerNotified', data: { prizeId: s.prizeId, k: current.k, memberIds: [...current.memberIds], ...(claimBy ? { claimBy } : {}) } },
      ];
    }
    case 'ClaimPrize': {
      const s = existing(state);
      const current = currentWinner(s.draw);
      if (!current || !current.memberIds.includes(command.memberId)) throw new DomainError('forbidden', 'Only the winner can claim this prize.');
      if (current.claimedBy !== null) {
        if (current.claimedBy === command.memberId) return [];
        throw new DomainError('conflict', 'This prize has already been claimed.');
      }
      if (current.outcome !== null)
        throw new DomainError('conflict', current.outcome === 'unclaimed' ? CLAIM_PERIOD_ENDED : 'You declined this prize.');
      if (current.claimBy !== null && command.now !== undefined && Date.parse(command.now) > Date.parse(current.claimBy)) {
        throw new DomainError('conflict', CLAIM_PERIOD_ENDED);
      }
      if (command.state === null) throw new DomainError('invalid', CLAIM_STATE_NEEDED);
      const delivery = command.delivery?.trim();
      return [
        {
          type: 'PrizeClaimed',
          data: {
            prizeId: s.prizeId,
            k: current.k,
            memberId: command.memberId,
            state: command.state,
            ...(command.publicationOptOut ? { publicationOptOut: true } : {}),
            ...(delivery ? { delivery } : {}),
          },
        },
      ];
    }
    case 'VerifyClaim': {
      const s = existing(state);
      const current = openClaim(s);
      if (current.claimedBy === null) throw new DomainError('conflict', 'The winner has not claimed the prize yet.');
      if (!command.identitySeen || !command.ageSeen) throw new DomainError('invalid', "Record that you saw the winner's identity and age.");
      if (current.verifiedBy !== null) return [];
      return [
        {
          type: 'ClaimVerified',
          data: {
            prizeId: s.prizeId,
            k: current.k,
            verifiedBy: command.staffId,
            identitySeen: true,
            ageSeen: true,
            ...(command.documentKey ? { documentKey: command.documentKey } : {}),
          },
        },
      ];
    }
    case 'AwardPrize': {
      const s = existing(state);
      const current = openClaim(s);
      if (current.verifiedBy === null) throw new DomainError('conflict', "Verify the winner's identity and age first.");
      const deliveryNote = command.deliveryNote?.trim();
      const transferReference = command.transferReference?.trim();
      if (!deliveryNote && !transferReference) throw new DomainError('invalid', 'Give the evidence: a delivery note or a transfer reference.');
      if (current.awarded) return [];
      return [
        {
          type: 'PrizeAwarded',
          data: {
            prizeId: s.prizeId,
            k: current.k,
            awardedBy: command.staffId,
            ...(deliveryNote ? { deliveryNote } : {}),
            ...(transferReference ? { transferReference } : {}),
            memberId: current.memberIds[0]!,
          },
        },
      ];
    }
    case 'DeclinePrize': {
      const s = existing(state);
      const current = openClaim(s);
      if (current.awarded) throw new DomainError('conflict', 'The prize has been awarded.');
      return [{ type: 'PrizeDeclined', data: { prizeId: s.prizeId, k: current.k, by: command.by, redrawOn: command.now } }];
    }
    case 'MarkUnclaimed': {
      const s = existing(state);
      const current = currentWinner(s.draw);
      // Idempotent for the scheduled job: nothing to mark once claimed, declined or already unclaimed.
      if (!current || current.claimedBy !== null || current.outcome !== null || current.claimBy === null) return [];
      if (Date.parse(command.now) <= Date.parse(current.claimBy)) throw new DomainError('conflict', 'The claim period has not ended.');
      const drawnAt = s.draw.closedAt ?? current.claimBy;
      const redrawOn = later(addMonths(drawnAt, command.redrawMonths), command.now);
      return [{ type: 'PrizeUnclaimed', data: { prizeId: s.prizeId, k: current.k, claimBy: current.claimBy, redrawOn } }];
    }
    case 'PublishResult': {
      const s = existing(state);
      const current = currentWinner(s.draw);
      if (!current) throw new DomainError('conflict', 'There is no winner to publish.');
      if (s.draw.status === 'published') return [];
      return [
        {
          type: 'ResultPublished',
          data: {
            prizeId: s.prizeId,
            k: current.k,
            display: command.display,
            memberId: current.memberIds[0]!,
            ...(command.publishedOn ? { publishedOn: command.publishedOn } : {}),
            ...(command.publishBy ? { publishBy: command.publishBy } : {}),
            ...(command.withheld ? { withheld: true } : {}),
          },
        },
      ];
    }
    case 'IssueDrawTerms': {
      const s = existing(state);
      const sha256 = createHash('sha256').update(command.html, 'utf8').digest('hex');
      if (s.terms?.sha256 === sha256) return [];
      return [{ type: 'DrawTermsIssued', data: { prizeId: s.prizeId, version: (s.terms?.version ?? 0) + 1, html: command.html, sha256 } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const prizeDecider: Decider<PrizeCommand, PrizeEvent, PrizeState> = {
  decide: decidePrize,
  evolve: evolvePrize,
  initialState: initialPrizeState,
};

/** Issue 24: the close's entry tree root and size, and the tree head it commits to when given. */
function entryTreeFields(entrants: readonly FrozenEntrant[], treeHead: { readonly size: number; readonly rootHash: string } | undefined) {
  const tree = entryTreeRoot(entrants);
  return { entryRoot: tree.root, entryCount: tree.count, ...(treeHead ? { treeHead: { size: treeHead.size, rootHash: treeHead.rootHash } } : {}) };
}
