import type { JurisdictionRule, NationalRule, NationalRuleKey, Permit } from '@roar/contracts/compliance';
import { AU_STATES, type AuState } from '@roar/contracts/common';

/**
 * Compliance rules as data (issue 22): every value carries the club day it takes effect and its
 * source. The seed below is what research/trade-promotions.md found; staff change the values
 * (new effective-dated rows, kept as events) and readers take the rows in force on a club day.
 * No reader compares a prize with a number written in code: they read `rulesInForce`.
 */
export interface ComplianceRules {
  readonly jurisdictions: readonly JurisdictionRule[];
  readonly national: readonly NationalRule[];
}

const SEED_FROM = '2026-01-01';
const NSW_SOURCE = 'nsw.gov.au/money-and-taxes/community-gaming/trade-promotions ; fairtrading.nsw.gov.au/games-of-chance/trade-promotion-lottery';
const SA_SOURCE = 'sa.gov.au/topics/business-and-trade/running-a-business/trade-promotions';
const ACT_SOURCE = 'plexus.co/act-trade-promotion-permit-guide-2026 ; ACT Lotteries Act 1964 conditions sheet';
const NT_SOURCE = 'research/trade-promotions.md (NT: prizes exceed $5,000)';
const NONE_SOURCE = 'research/trade-promotions.md: no permit found for trade promotions';
const NATIONAL_SOURCE = 'plexus.co/learn/articles/competition-draws-in-australia ; randomdraws.com/au/compliance';

/** The rules seeded at start-up from research/trade-promotions.md (each with its source). */
export const SEED_COMPLIANCE_RULES: ComplianceRules = {
  jurisdictions: [
    { jurisdiction: 'NSW', permit_threshold_cents: 1_000_000, lead_time_business_days: 10, effective_from: SEED_FROM, source: NSW_SOURCE },
    {
      jurisdiction: 'SA',
      permit_threshold_cents: 500_000,
      lead_time_business_days: 14,
      // research/trade-promotions.md: SA publishes winners within 30 days "unless the winner opts out".
      winner_publication_opt_out: true,
      effective_from: SEED_FROM,
      source: SA_SOURCE,
    },
    { jurisdiction: 'ACT', permit_threshold_cents: 300_000, lead_time_business_days: null, effective_from: SEED_FROM, source: ACT_SOURCE },
    { jurisdiction: 'NT', permit_threshold_cents: 500_000, lead_time_business_days: null, effective_from: SEED_FROM, source: NT_SOURCE },
    ...(['VIC', 'QLD', 'WA', 'TAS'] as const).map((jurisdiction) => ({
      jurisdiction,
      permit_threshold_cents: null,
      lead_time_business_days: null,
      effective_from: SEED_FROM,
      source: NONE_SOURCE,
    })),
  ],
  national: [
    { key: 'entryMinimumAge', value: 18, effective_from: SEED_FROM, source: 'UK code of practice / club policy: 18+ (research/trade-promotions.md)' },
    { key: 'unclaimedRedrawMinMonths', value: 2, effective_from: SEED_FROM, source: NATIONAL_SOURCE },
    { key: 'recordsRetentionYears', value: 3, effective_from: SEED_FROM, source: 'gadens.com "trade promotions update: record keeping"' },
    { key: 'winnersPublicationDays', value: 30, effective_from: SEED_FROM, source: NATIONAL_SOURCE },
    {
      key: 'selfExclusionMinMonths',
      value: 6,
      effective_from: SEED_FROM,
      source: 'UK code of practice for prize draw operators (in force for signatories by 20 May 2026): self-exclusion of at least 6 months',
    },
    {
      key: 'limitRaiseDelayHours',
      value: 24,
      effective_from: SEED_FROM,
      source: 'Issue 23, following the UK code of practice for prize draw operators: a raised spend limit applies after a cooling-off delay',
    },
  ],
};

export interface RulesInForce {
  readonly jurisdictions: ReadonlyMap<AuState, JurisdictionRule>;
  readonly national: ReadonlyMap<NationalRuleKey, NationalRule>;
}

/** The latest rule of each jurisdiction and national key whose effective date is on or before `clubDay` (later rows win ties). */
export function rulesInForce(rules: ComplianceRules, clubDay: string): RulesInForce {
  const jurisdictions = new Map<AuState, JurisdictionRule>();
  for (const rule of rules.jurisdictions) {
    if (rule.effective_from > clubDay) continue;
    const held = jurisdictions.get(rule.jurisdiction);
    if (!held || held.effective_from <= rule.effective_from) jurisdictions.set(rule.jurisdiction, rule);
  }
  const national = new Map<NationalRuleKey, NationalRule>();
  for (const rule of rules.national) {
    if (rule.effective_from > clubDay) continue;
    const held = national.get(rule.key);
    if (!held || held.effective_from <= rule.effective_from) national.set(rule.key, rule);
  }
  return { jurisdictions, national };
}

/** A national value in force, or null when no row is in force yet. */
export function nationalValue(inForce: RulesInForce, key: NationalRuleKey): number | null {
  return inForce.national.get(key)?.value ?? null;
}

const dayMs = 86_400_000;
const utcOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** Business days (Monday to Friday; public holidays are not known) after `from` up to and including `to`; 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let t = utcOf(from) + dayMs; t <= utcOf(to); t += dayMs) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "1 Dec 2026" from `2026-12-01`. */
export function formatClubDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}
const dollars = (cents: number): string =>
  `$${Math.floor(cents / 100).toLocaleString('en-AU')}${cents % 100 === 0 ? '' : `.${String(cents % 100).padStart(2, '0')}`}`;

export interface PublishCheckInput {
  readonly openStates: readonly AuState[];
  /** The draw's total prize value in cents. */
  readonly totalPrizeCents: number;
  /** Club day the draw is published (today) and the club day it is drawn (its close). */
  readonly publishDay: string;
  readonly drawDay: string;
}

export type PublishCheck =
  { readonly ok: true; readonly permits: readonly Permit[] } | { readonly ok: false; readonly state: AuState; readonly message: string };

/**
 * Whether a draw may be published: in each open state whose rule in force on `publishDay` needs a
 * permit for this prize value, a permit of that state must cover publish day to draw day. Where the
 * state sets a lead time (NSW: rules lodged 10 business days before the start; SA: apply 14 before),
 * the promotion starts when it is published, so a covering permit must have been in place (its
 * valid_from, the register keeps no separate lodgement date) at least that many business days before
 * the publish day. The first failing state (in AU_STATES order) is named with its rule.
 */
export function checkPublish(input: PublishCheckInput, rules: ComplianceRules, permits: readonly Permit[]): PublishCheck {
  const inForce = rulesInForce(rules, input.publishDay);
  const relied: Permit[] = [];
  for (const state of AU_STATES) {
    if (!input.openStates.includes(state)) continue;
    const rule = inForce.jurisdictions.get(state);
    if (!rule || rule.permit_threshold_cents === null || input.totalPrizeCents <= rule.permit_threshold_cents) continue;
    const covering = permits
      .filter((p) => p.jurisdiction === state && p.valid_from <= input.publishDay && p.valid_to >= input.drawDay)
      .sort((a, b) => (a.valid_from < b.valid_from ? -1 : 1));
    if (covering.length === 0) {
      return {
        ok: false,
        state,
        message: `A draw open in ${state} with prizes over ${dollars(rule.permit_threshold_cents)} needs a ${state} permit covering ${formatClubDate(input.publishDay)} to ${formatClubDate(input.drawDay)}.`,
      };
    }
    const lead = rule.lead_time_business_days;
    const timely = lead === null ? covering : covering.filter((p) => businessDaysBetween(p.valid_from, input.publishDay) >= lead);
    if (timely.length === 0) {
      return {
        ok: false,
        state,
        message: `A draw open in ${state} with prizes over ${dollars(rule.permit_threshold_cents)} must be lodged ${lead} business days before it starts: the ${state} permit ${covering[0]!.number} starts ${formatClubDate(covering[0]!.valid_from)}, too late to publish on ${formatClubDate(input.publishDay)}.`,
      };
    }
    relied.push(timely[0]!);
  }
  return { ok: true, permits: relied };
}

/** The permits a close relies on: for each open state, a permit of that state valid on the draw day (the first registered). */
export function permitsRelied(openStates: readonly AuState[], permits: readonly Permit[], drawDay: string): Permit[] {
  const out: Permit[] = [];
  for (const state of AU_STATES) {
    if (!openStates.includes(state)) continue;
    const p = permits.find((x) => x.jurisdiction === state && x.valid_from <= drawDay && x.valid_to >= drawDay);
    if (p) out.push(p);
  }
  return out;
}
