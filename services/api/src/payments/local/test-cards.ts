/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and the checks its hosted
 * page makes, with Stripe's own decline messages.
 */
export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'incorrect_number' | 'invalid_expiry';

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is invalid.',
  invalid_expiry: "Your card's expiration date is incomplete.",
};

/** Declined at checkout. */
const CHECKOUT_DECLINES: Record<string, DeclineCode> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
};

/** Stripe's 4000 0000 0000 0341: attaches and pays the checkout, then every later charge is declined. */
export const DECLINES_AFTER_ATTACH = '4000000000000341';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && digits.length <= 19 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^(36|30|38)/.test(digits)) return 'diners';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export interface CardInput {
  readonly number: string;
  /** MM/YY as typed. */
  readonly expiry: string;
  readonly cvc: string;
  readonly name: string;
}

export type CardCheck =
  | { ok: true; brand: string; last4: string; declinesLater: boolean }
  /** byIssuer: the bank refused the charge (Stripe reports it); else the page's own form checks did. */
  | { ok: false; code: DeclineCode; message: string; byIssuer: boolean };

const decline = (code: DeclineCode, byIssuer = false): CardCheck => ({ ok: false, code, message: DECLINE_MESSAGES[code], byIssuer });

/** The result of charging `card` at `now`, as Stripe test mode would answer. */
export function chargeCard(card: CardInput, now: Date): CardCheck {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !luhnValid(digits)) return decline('incorrect_number');
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!m) return decline('invalid_expiry');
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return decline('invalid_expiry');
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return decline('expired_card');
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return decline('incorrect_cvc');
  const scripted = CHECKOUT_DECLINES[digits];
  if (scripted) return decline(scripted, true);
  return { ok: true, brand: cardBrand(digits), last4: digits.slice(-4), declinesLater: digits === DECLINES_AFTER_ATTACH };
}
