import type { PrizeType } from './events';
import { clubDay } from '@roar/contracts/time';
import { ageOn } from '../member/age';

/**
 * Which entries count in which draw: ONE pure function over events, used by closing a draw and
 * by the audit replay (which must rebuild the identical list), and by a member's own view.
 *
 * Rule version 1 (the README's domain section says the same):
 * - Stacked entries (grants without a prizeId, minus revocations, never below zero) count in
 *   every normal, event, experience and vip draw while the membership is active at `asOf`
 *   (the close instant). Active: a membership was activated, its paid period has not ended
 *   (a free one has no end), and a cancelled membership counts until its membership_end_date.
 * - Bonus draws: only when the member's current tier has bonus_draws; weekly draws only with
 *   weekly_draws (the tier copy carried on the activation/renewal event, not today's catalogue).
 * - Single entries (grants bound to a prizeId) count only in that prize's draw, whatever the
 *   membership; they never count elsewhere.
 * - The team draw holds only complete teams (TeamCompleted): one entrant per team with one
 *   ticket, naming its four members; stacked entries do not count there.
 * - A member suspended by staff at `asOf` (MemberSuspended not followed by MemberReinstated)
 *   has no entries in any draw, stacked or single (issue 14). No draw closed before suspensions
 *   existed has such an event in its log, so their replays are unchanged and the version stays 1.
 * Events after the cutoff are never passed in; events occurred after `asOf` are ignored too.
 *
 * Rule version 2 (issue 22) adds residence and age: a member counts only when, at `asOf`, they have
 * a state and a date of birth (MemberRegistered / MemberProfileUpdated; a null in a change is no
 * change), are at least the minimum age (the compliance rule `entryMinimumAge`, recorded with the
 * close) on the club day of `asOf`, and their state is one of the draw's open states. Teams: every
 * member of the team must qualify. A close records the version it used; a rule 1 draw replays
 * with rule 1, which ignores residence.
 */
export const ELIGIBILITY_RULE_VERSION = 2;
/** The version a close uses when it is given no open states (draws from before issue 22). */
export const LEGACY_ELIGIBILITY_RULE_VERSION = 1;

/** The event types the rule reads: the log replay and the draw_eligibility read model take exactly these. */
export const ELIGIBILITY_EVENT_TYPES: readonly string[] = [
  'MembershipActivated',
  'MembershipRenewed',
  'MembershipCancelled',
  'EntriesGranted',
  'EntriesRevoked',
  'TeamCompleted',
  'MemberSuspended',
  'MemberReinstated',
  'MemberRegistered',
  'MemberProfileUpdated',
];
/**
 * Every payload field the fold below reads, per event type (dot paths), and nothing else: a
 * replay of the log may fetch just these (EventStore.readTypeFieldsUpTo) instead of whole
 * payloads (an activation's tier snapshot is most of its bytes; the fold reads two flags of it).
 * The fold treats a missing field and null alike, as the reduced payloads need. A field read below
 * and missing here would be folded as null: the test beside this file folds whole and reduced
 * payloads of every type and compares.
 */
export const ELIGIBILITY_PAYLOAD_FIELDS: Readonly<Record<string, readonly string[]>> = {
  MembershipActivated: ['memberId', 'tier.bonus_draws', 'tier.weekly_draws', 'periodEnd'],
  MembershipRenewed: ['memberId', 'tier.bonus_draws', 'tier.weekly_draws', 'periodEnd'],
  MembershipCancelled: ['memberId', 'endsAt'],
  EntriesGranted: ['memberId', 'count', 'firstTicket', 'lastTicket', 'prizeId'],
  EntriesRevoked: ['memberId', 'count'],
  TeamCompleted: ['teamId', 'memberIds'],
  MemberSuspended: ['memberId'],
  MemberReinstated: ['memberId'],
  MemberRegistered: ['memberId', 'state', 'dob'],
  MemberProfileUpdated: ['memberId', 'changes.state', 'changes.dob'],
};
/** The event types only rule 2's residence and age check reads (a state, a date of birth). */
const RESIDENCE_EVENT_TYPES = new Set(['MemberRegistered', 'MemberProfileUpdated']);
/**
 * The fields only a member's ticket ranges read: a grant's first and last ticket. The entrants of a
 * draw count tickets and read no ranges (eligibilityAccumulator folds without them), so a replay
 * for a draw does not fetch them: two of a grant's five fields, for every grant in the log.
 */
const RANGE_FIELDS = new Set(['firstTicket', 'lastTicket']);
const withoutRanges = (fields: readonly string[]): readonly string[] => fields.filter((f) => !RANGE_FIELDS.has(f));

/**
 * ELIGIBILITY_PAYLOAD_FIELDS narrowed to the event types that can change the entrants of the draw
 * `input` describes: a replay of the log (the audit's, a close without the read model) reads only
 * these. Under rule 1 the registrations and profile changes are never consulted (residence is rule
 * 2's); a team draw reads only complete teams (and, under rule 2, its members' residence facts),
 * every other draw everything but teams. A third of a paying member's eligibility events is a
 * registration, whose date of birth is sealed: a rule 1 audit neither fetches nor opens them.
 * The entrants folded from these types alone are the entrants folded from all of them (the test
 * beside this file folds both ways for every draw type and rule). The entrants read no ticket
 * ranges, so the grants' first and last tickets are left out too (RANGE_FIELDS): this is what
 * eligibilityAccumulator reads, not what a member's standing or the regulator's export reads.
 */
export function eligibilityPayloadFieldsFor(input: Pick<EligibilityInput, 'prizeType' | 'ruleVersion'>): Readonly<Record<string, readonly string[]>> {
  const residence = (input.ruleVersion ?? 1) >= 2;
  const out: Record<string, readonly string[]> = {};
  for (const [type, fields] of Object.entries(ELIGIBILITY_PAYLOAD_FIELDS)) {
    const needed = RESIDENCE_EVENT_TYPES.has(type) ? residence : input.prizeType === 'team' ? type === 'TeamCompleted' : type !== 'TeamCompleted';
    if (needed) out[type] = withoutRanges(fields);
  }
  return out;
}
export const SUSPENDED_REASON = 'Your account is suspended.';

export interface EligibilityEvent {
  readonly type: string;
  readonly data: unknown;
  readonly occurredAt: string;
}

export interface TicketRange {
  readonly first: number;
  readonly last: number;
}

/** One member's eligibility state between events (a read model keeps it per member: draw_eligibility). */
export interface MemberAccount {
  tier: { bonus_draws: boolean; weekly_draws: boolean } | null;
  periodEnd: string | null;
  cancelledEndsAt: string | null;
  stacked: number;
  stackedRanges: TicketRange[];
  singles: Map<string, { count: number; ranges: TicketRange[] }>;
  suspended: boolean;
  /** Residence facts (rule 2): the latest state and date of birth given, or null. */
  state: string | null;
  dob: string | null;
}

export interface EligibilityInput {
  readonly prizeId: string;
  readonly prizeType: PrizeType;
  /** ISO instant: membership state and grants are taken as they were then. */
  readonly asOf: string;
  /** The rule version (default 1). Version 2 reads `openStates` and `minimumAge`. */
  readonly ruleVersion?: number;
  /** Rule 2: the states the draw is open in. */
  readonly openStates?: readonly string[];
  /** Rule 2: the minimum age on the club day of `asOf` (the compliance rule in force). */
  readonly minimumAge?: number;
}

export interface EligibleEntrant {
  /** `member:<id>` or `team:<id>`: the caller turns it into a pseudonymous id. */
  readonly key: string;
  readonly memberIds: readonly string[];
  readonly tickets: number;
}

export interface MemberDrawStanding {
  readonly tickets: number;
  readonly ranges: readonly TicketRange[];
  readonly eligible: boolean;
  readonly reason: string | null;
}

type Data = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The single entries of every account that has none, shared (an audit or a close folds 100,000
 * accounts, nearly all without single entries, and a Map each was a tenth of its garbage
 * collection): a grant bound to a prize gives the account a Map of its own first. Never written.
 */
class NoSingles extends Map<string, { count: number; ranges: TicketRange[] }> {
  override set(): this {
    throw new Error('the shared empty single entries are never written');
  }
}
const NO_SINGLES: MemberAccount['singles'] = new NoSingles();

/** The tier flags an activation or renewal carries: four values, shared rather than an object per account. */
const TIER_FLAGS: readonly (readonly Readonly<NonNullable<MemberAccount['tier']>>[])[] = [
  [Object.freeze({ bonus_draws: false, weekly_draws: false }), Object.freeze({ bonus_draws: false, weekly_draws: true })],
  [Object.freeze({ bonus_draws: true, weekly_draws: false }), Object.freeze({ bonus_draws: true, weekly_draws: true })],
];

function account(accounts: Map<string, MemberAccount>, memberId: string): MemberAccount {
  let a = accounts.get(memberId);
  if (!a) {
    a = {
      tier: null,
      periodEnd: null,
      cancelledEndsAt: null,
      stacked: 0,
      stackedRanges: [],
      singles: NO_SINGLES,
      suspended: false,
      state: null,
      dob: null,
    };
    accounts.set(memberId, a);
  }
  return a;
}

/** The eligibility fold's state: members by id, complete teams by id (their member ids). */
export interface EligibilityFold {
  readonly accounts: Map<string, MemberAccount>;
  readonly teams: Map<string, readonly string[]>;
}
type Folded = EligibilityFold;

/**
 * Folds one event into the accounts and teams (events occurred after `asOf`, epoch ms, are
 * ignored). Exported for the draw_eligibility read model, which folds with `asOf` = Infinity and
 * keeps each member's latest occurred-at, so a close can trust a row only when nothing in it
 * happened after the close's as-of instant. `withRanges` false leaves the ticket ranges out (the
 * stacked and single ranges stay empty, and a grant's first and last ticket are not read): the
 * entrants and their tickets do not read them, only a member's own standing does.
 */
export function foldEligibilityEvent(folded: EligibilityFold, event: EligibilityEvent, asOf: number, withRanges = true): void {
  const { accounts, teams } = folded;
  if (Date.parse(event.occurredAt) > asOf) return;
  const d = (event.data ?? {}) as Data;
  const memberId = str(d.memberId);
  switch (event.type) {
    case 'MembershipActivated':
    case 'MembershipRenewed': {
      if (!memberId) break;
      const a = account(accounts, memberId);
      const tier = (d.tier ?? {}) as Data;
      a.tier = TIER_FLAGS[tier.bonus_draws === true ? 1 : 0]![tier.weekly_draws === true ? 1 : 0]!;
      a.periodEnd = str(d.periodEnd);
      if (event.type === 'MembershipActivated') a.cancelledEndsAt = null;
      break;
    }
    case 'MembershipCancelled':
      if (memberId) account(accounts, memberId).cancelledEndsAt = str(d.endsAt);
      break;
    case 'EntriesGranted': {
      if (!memberId) break;
      const a = account(accounts, memberId);
      const count = num(d.count);
      const prizeId = str(d.prizeId);
      if (prizeId === null) {
        a.stacked += count;
        if (withRanges) a.stackedRanges.push({ first: num(d.firstTicket), last: num(d.lastTicket) });
      } else {
        if (a.singles === NO_SINGLES) a.singles = new Map();
        const single = a.singles.get(prizeId) ?? { count: 0, ranges: [] };
        single.count += count;
        if (withRanges) single.ranges.push({ first: num(d.firstTicket), last: num(d.lastTicket) });
        a.singles.set(prizeId, single);
      }
      break;
    }
    case 'EntriesRevoked':
      if (memberId) {
        const a = account(accounts, memberId);
        a.stacked = Math.max(0, a.stacked - num(d.count));
      }
      break;
    case 'MemberSuspended':
    case 'MemberReinstated':
      if (memberId) account(accounts, memberId).suspended = event.type === 'MemberSuspended';
      break;
    case 'MemberRegistered':
    case 'MemberProfileUpdated': {
      if (!memberId) break;
      const facts = (event.type === 'MemberRegistered' ? d : (d.changes ?? {})) as Data;
      const state = str(facts.state);
      const dob = str(facts.dob);
      if (state === null && dob === null) break;
      const a = account(accounts, memberId);
      if (state !== null) a.state = state;
      if (dob !== null) a.dob = dob;
      break;
    }
    case 'TeamCompleted': {
      const teamId = str(d.teamId);
      const memberIds = Array.isArray(d.memberIds) ? d.memberIds.filter((m): m is string => typeof m === 'string') : [];
      if (teamId && memberIds.length > 0) teams.set(teamId, memberIds);
      break;
    }
    default:
      break;
  }
}

function fold(events: Iterable<EligibilityEvent>, asOf: number): Folded {
  const folded: Folded = { accounts: new Map(), teams: new Map() };
  for (const event of events) foldEligibilityEvent(folded, event, asOf);
  return folded;
}

export const RESIDENCE_MISSING_REASON = 'Add your state and date of birth to enter.';
export const UNDER_AGE_REASON = 'You must be 18 or over to enter.';
export const notOpenReason = (state: string): string => `This draw is not open to residents of ${state}`;

/** Rule 2's residence and age check: why the member is left out, or null (always null under rule 1). */
export function residenceReasonOf(a: Pick<MemberAccount, 'state' | 'dob'> | undefined, input: EligibilityInput): string | null {
  if ((input.ruleVersion ?? 1) < 2) return null;
  if (!a || a.state === null || a.dob === null) return RESIDENCE_MISSING_REASON;
  const age = ageOn(a.dob, clubDay(input.asOf));
  if (age === null) return RESIDENCE_MISSING_REASON;
  if (age < (input.minimumAge ?? 18))
    return input.minimumAge === undefined || input.minimumAge === 18 ? UNDER_AGE_REASON : `You must be ${input.minimumAge} or over to enter.`;
  if (!(input.openStates ?? []).includes(a.state)) return notOpenReason(a.state);
  return null;
}

function active(a: MemberAccount, asOf: number): boolean {
  if (!a.tier) return false;
  if (a.periodEnd !== null && Date.parse(a.periodEnd) <= asOf) return false;
  if (a.cancelledEndsAt !== null && Date.parse(a.cancelledEndsAt) <= asOf) return false;
  return true;
}

/** Why the member's stacked entries do not count in this draw, or null when they do. */
function stackedReasonOf(a: MemberAccount, input: EligibilityInput, asOf: number): string | null {
  if (!active(a, asOf)) return 'Your membership is not active.';
  if (input.prizeType === 'bonus' && !a.tier?.bonus_draws) return 'Your membership does not include bonus draws.';
  if (input.prizeType === 'weekly' && !a.tier?.weekly_draws) return 'Your membership does not include weekly draws.';
  return null;
}

/** The tickets of `standing`, without building its ranges and reason: a close counts 100,000 members. */
function ticketsOf(a: MemberAccount, input: EligibilityInput, asOf: number): number {
  if (input.prizeType === 'team' || a.suspended) return 0;
  if (residenceReasonOf(a, input) !== null) return 0;
  return (stackedReasonOf(a, input, asOf) === null ? a.stacked : 0) + (a.singles.get(input.prizeId)?.count ?? 0);
}

function standing(a: MemberAccount, input: EligibilityInput, asOf: number): MemberDrawStanding {
  const single = a.singles.get(input.prizeId);
  const singleTickets = single?.count ?? 0;
  const singleRanges = single?.ranges ?? [];
  if (input.prizeType === 'team') {
    return { tickets: 0, ranges: [], eligible: false, reason: 'Only a complete team of four enters the team draw.' };
  }
  if (a.suspended) return { tickets: 0, ranges: [], eligible: false, reason: SUSPENDED_REASON };
  const residence = residenceReasonOf(a, input);
  if (residence !== null) return { tickets: 0, ranges: [], eligible: false, reason: residence };
  const stackedReason = stackedReasonOf(a, input, asOf);
  const stacked = stackedReason === null ? a.stacked : 0;
  const tickets = stacked + singleTickets;
  const ranges = [...(stackedReason === null && stacked > 0 ? a.stackedRanges : []), ...singleRanges];
  if (tickets > 0) return { tickets, ranges, eligible: true, reason: null };
  return { tickets: 0, ranges: [], eligible: false, reason: stackedReason ?? 'You have no entries in this draw.' };
}

/**
 * The eligibility fold fed one event (or one page of the log) at a time, so a caller reading the
 * log in pages never holds all of it: memory grows with the members and teams, not the events or
 * the tickets. `add` the events in log order, then ask `result()` once.
 */
export interface EligibilityAccumulator {
  add(event: EligibilityEvent): void;
  result(): EligibleEntrant[];
}

export function eligibilityAccumulator(input: EligibilityInput): EligibilityAccumulator {
  const asOf = Date.parse(input.asOf);
  const folded: Folded = { accounts: new Map(), teams: new Map() };
  return {
    // The entrants read no ticket ranges: none are kept.
    add: (event) => foldEligibilityEvent(folded, event, asOf, false),
    result: () => entrantsOf(folded, input, asOf),
  };
}

/** The entrants of a draw from an already folded state (the read model's rows, or a replay). */
export function entrantsOfFold(folded: EligibilityFold, input: EligibilityInput): EligibleEntrant[] {
  return entrantsOf(folded, input, Date.parse(input.asOf));
}

const MEMBER_KEY = 'member:';
const memberKey = (memberId: string): string => `${MEMBER_KEY}${memberId}`;
const teamKey = (teamId: string): string => `team:${teamId}`;

/** The member an entrant key (`member:<id>`) names, or null for a team's key. */
export function memberIdOfEntrantKey(key: string): string | null {
  return key.startsWith(MEMBER_KEY) && key.length > MEMBER_KEY.length ? key.slice(MEMBER_KEY.length) : null;
}

/**
 * The entrant key (`member:<id>` / `team:<id>`) an eligibility event may make an entrant of, as
 * the entrants below are keyed; null for an event that names none. Lets a caller streaming the
 * log prepare per-key work (the pseudonymous ids) while the next page is read.
 */
export function entrantKeyOfEvent(event: Pick<EligibilityEvent, 'type' | 'data'>): string | null {
  const d = (event.data ?? {}) as Data;
  if (event.type === 'TeamCompleted') {
    const teamId = str(d.teamId);
    return teamId === null ? null : teamKey(teamId);
  }
  const memberId = str(d.memberId);
  return memberId === null ? null : memberKey(memberId);
}

function entrantsOf({ accounts, teams }: Folded, input: EligibilityInput, asOf: number): EligibleEntrant[] {
  if (input.prizeType === 'team') {
    return [...teams]
      .filter(([, memberIds]) => memberIds.every((m) => residenceReasonOf(accounts.get(m), input) === null))
      .map(([teamId, memberIds]) => ({ key: teamKey(teamId), memberIds, tickets: 1 }));
  }
  const out: EligibleEntrant[] = [];
  // forEach, not for...of: no [key, value] pair made per member (a close runs this once, cold, over 100,000).
  accounts.forEach((a, memberId) => {
    const tickets = ticketsOf(a, input, asOf);
    if (tickets > 0) out.push({ key: memberKey(memberId), memberIds: [memberId], tickets });
  });
  return out;
}

/** The entrants of one draw as of its close, in no particular order (closeEntryList sorts). */
export function eligibleEntrants(events: Iterable<EligibilityEvent>, input: EligibilityInput): EligibleEntrant[] {
  const acc = eligibilityAccumulator(input);
  for (const event of events) acc.add(event);
  return acc.result();
}

/** One member's standing in one draw, from their own streams (member, entries and any team). */
export function memberStanding(events: Iterable<EligibilityEvent>, memberId: string, input: EligibilityInput): MemberDrawStanding {
  const asOf = Date.parse(input.asOf);
  const { accounts, teams } = fold(events, asOf);
  const own = residenceReasonOf(accounts.get(memberId), input);
  if (own !== null) return { tickets: 0, ranges: [], eligible: false, reason: own };
  if (input.prizeType === 'team') {
    const inTeam = [...teams.values()].some((ids) => ids.includes(memberId));
    return inTeam
      ? { tickets: 1, ranges: [], eligible: true, reason: null }
      : { tickets: 0, ranges: [], eligible: false, reason: 'Only a complete team of four enters the team draw.' };
  }
  const a = accounts.get(memberId);
  if (!a) return { tickets: 0, ranges: [], eligible: false, reason: 'You have no entries in this draw.' };
  return standing(a, input, asOf);
}

/** "1-60, 71-80": ranges sorted and merged where they touch. */
export function formatTicketRanges(ranges: readonly TicketRange[]): string {
  const sorted = [...ranges].filter((r) => r.first > 0 && r.last >= r.first).sort((x, y) => x.first - y.first);
  const merged: TicketRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.first <= last.last + 1) merged[merged.length - 1] = { first: last.first, last: Math.max(last.last, r.last) };
    else merged.push(r);
  }
  return merged.map((r) => (r.first === r.last ? `${r.first}` : `${r.first}-${r.last}`)).join(', ');
}
