import { describe, expect, it } from 'vitest';
import { emailReservationDecider, emailReservationStreamId } from './index';

describe('email reservation', () => {
  it('names one stream per trimmed, lower-cased email', () => {
    expect(emailReservationStreamId(' Ana@Example.COM ')).toBe(emailReservationStreamId('ana@example.com'));
    expect(emailReservationStreamId('ana@example.com')).toMatch(/^email-[0-9a-f]{64}$/);
    expect(emailReservationStreamId('bob@example.com')).not.toBe(emailReservationStreamId('ana@example.com'));
  });

  it('reserves an email once', () => {
    const events = emailReservationDecider.decide({ type: 'ReserveEmail', email: ' Ana@Example.com', memberId: 'm-1' }, emailReservationDecider.initialState);
    expect(events).toEqual([{ type: 'EmailReserved', data: { email: 'ana@example.com', memberId: 'm-1' } }]);
    const state = events.reduce(emailReservationDecider.evolve, emailReservationDecider.initialState);
    expect(() => emailReservationDecider.decide({ type: 'ReserveEmail', email: 'ana@example.com', memberId: 'm-2' }, state)).toThrow('This email is already registered.');
  });
});
