import { describe, expect, it } from 'vitest';
import { addMonth, cardBrand, chargeCard, luhnValid } from '../src/payments';

const now = new Date('2026-11-21T10:00:00Z');
const card = (number: string, expiry = '12/30', cvc = '123') => ({ number, expiry, cvc, name: 'Jo' });

describe('test cards', () => {
  it('checks Luhn and names the brand from the prefix', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
    expect(luhnValid('0')).toBe(false);
    expect([cardBrand('4242424242424242'), cardBrand('5555555555554444'), cardBrand('378282246310005'), cardBrand('2223003122003222')]).toEqual([
      'visa',
      'mastercard',
      'amex',
      'mastercard',
    ]);
  });
  it('a card is valid through its expiry month', () => {
    expect(chargeCard(card('4242424242424242', '11/26'), now)).toMatchObject({ ok: true, last4: '4242' });
    expect(chargeCard(card('4242424242424242', '10/26'), now)).toEqual({
      ok: false,
      code: 'expired_card',
      message: 'Your card has expired.',
      byIssuer: false,
    });
    expect(chargeCard(card('4242424242424242', '13/30'), now)).toMatchObject({ ok: false, code: 'invalid_expiry' });
    expect(chargeCard(card('4242424242424242', '12/2030'), now)).toMatchObject({ ok: true });
  });
  it('scripted declines and the card that declines only later', () => {
    expect(chargeCard(card('4000 0000 0000 0002'), now)).toMatchObject({ ok: false, message: 'Your card was declined.', byIssuer: true });
    expect(chargeCard(card('4000-0000-0000-0341'), now)).toMatchObject({ ok: true, declinesLater: true });
    expect(chargeCard(card('4242424242424242', '12/30', '1'), now)).toMatchObject({ ok: false, message: "Your card's security code is incorrect." });
  });
});

describe('addMonth (subscription periods)', () => {
  it('adds one calendar month, clamping to the last day of a shorter month', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2028-01-31T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
