import { z } from 'zod';
import { defineEvent, DomainError, type Decider, type DomainEvent } from '@roar/platform';
import { giftCardTermsSchema, type GiftCardTerms } from '@roar/contracts/shop';
import { text } from '../primitives';

/**
 * How long a gift card stays valid is club data, not a constant: the Australian Consumer Law
 * (gift card reforms in force 1 November 2019) sets a minimum of 3 years, and the club may give
 * more. Each version has the day it takes effect and its source; a card takes the version in
 * force on the day it is issued and keeps it (its expiry date is written on the card's stream).
 * One stream holds every version (`gift-card-terms`).
 */
export const GIFT_CARD_TERMS_STREAM = 'gift-card-terms';

/** A version of the terms on the wire is the contract's. */
export { giftCardTermsSchema, type GiftCardTerms } from '@roar/contracts/shop';

/** What a new install starts from (seeded as an event, and used if none was ever recorded). */
export const DEFAULT_GIFT_CARD_TERMS: GiftCardTerms = {
  expiry_months: 36,
  legal_minimum_months: 36,
  effective_from: '2019-11-01',
  source:
    'Australian Consumer Law s 99B (Competition and Consumer Amendment (Gift Cards) Act 2018), in force 1 November 2019: at least 3 years, no fees after supply',
};

export const GiftCardTermsSet = defineEvent(
  'GiftCardTermsSet',
  z.object({ terms: giftCardTermsSchema, reason: text().trim().min(1).max(500) }).strict(),
);
export const giftCardTermsEvents = [GiftCardTermsSet] as const;
export type GiftCardTermsEvent = DomainEvent<'GiftCardTermsSet', z.infer<typeof GiftCardTermsSet.schema>>;

export interface GiftCardTermsState {
  /** Every version, oldest effective date first. */
  readonly versions: readonly GiftCardTerms[];
}

export type GiftCardTermsCommand = { readonly type: 'SetGiftCardTerms'; readonly terms: GiftCardTerms; readonly reason: string };

export function evolveGiftCardTerms(state: GiftCardTermsState, event: GiftCardTermsEvent): GiftCardTermsState {
  // One event type: a version replaces any other of the same effective date.
  return {
    versions: [...state.versions.filter((v) => v.effective_from !== event.data.terms.effective_from), event.data.terms].sort((a, b) =>
      a.effective_from.localeCompare(b.effective_from),
    ),
  };
}

export function decideGiftCardTerms(command: GiftCardTermsCommand, state: GiftCardTermsState): GiftCardTermsEvent[] {
  const { terms } = command;
  if (terms.expiry_months < terms.legal_minimum_months) {
    throw new DomainError('invalid', `A gift card must be valid for at least ${terms.legal_minimum_months} months (the legal minimum).`, {
      field: 'expiry_months',
    });
  }
  const latest = state.versions.at(-1);
  if (latest && terms.effective_from < latest.effective_from) {
    throw new DomainError('invalid', `A new version takes effect on or after ${latest.effective_from}, the date of the version in force.`, {
      field: 'effective_from',
    });
  }
  const reason = command.reason.trim();
  if (!reason) throw new DomainError('invalid', 'Give a reason for this change.');
  if (latest && JSON.stringify(latest) === JSON.stringify(terms)) return [];
  return [{ type: 'GiftCardTermsSet', data: { terms, reason } }];
}

export const giftCardTermsDecider: Decider<GiftCardTermsCommand, GiftCardTermsEvent, GiftCardTermsState> = {
  decide: decideGiftCardTerms,
  evolve: evolveGiftCardTerms,
  initialState: { versions: [] },
};

/** The version in force on a club day; the default when none was recorded yet. */
export function giftCardTermsOn(state: GiftCardTermsState, clubDay: string): GiftCardTerms {
  return state.versions.filter((v) => v.effective_from <= clubDay).at(-1) ?? DEFAULT_GIFT_CARD_TERMS;
}

/**
 * The last club day a card issued on `issuedOn` is valid: the same day `months` later. A day the
 * later month lacks (29 February, the 31st) rolls forward into the next month, never back, so the
 * period is never shorter than the law's.
 */
export function giftCardExpiryDay(issuedOn: string, months: number): string {
  const [y, m, d] = issuedOn.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}
