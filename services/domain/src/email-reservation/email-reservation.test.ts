import { describe, expect, it } from 'vitest';
import { emailReservationDecider, emailReservationStreamId } from './index';

describe('email reservation', () => {
  it('names one stream per trimmed, lower-cased email', () => {
    expect(emailReservationStreamId(' Ana@Example.COM ')).toBe(emailReservationStreamId('ana@example.com'));
    expect(emailReservationStreamId('ana@example.com')).toMatch(/^email-[0-9a-f]{64}$/);
    expect(emailReservationStreamId('bob@example.com')).not.toBe(emailReservationStreamId('ana@example.com'));
  });

  it('reserves an email once', () => {
    const events = emailReservationDecider.decide(
      { type: 'ReserveEmail', email: ' Ana@Example.com', memberId: 'm-1' },
      emailReservationDecider.initialState,
    );
    expect(events).toEqual([{ type: 'EmailReserved', data: { email: 'ana@example.com', memberId: 'm-1' } }]);
    const state = events.reduce(emailReservationDecider.evolve, emailReservationDecider.initialState);
    expect(() => emailReservationDecider.decide({ type: 'ReserveEmail', email: 'ana@example.com', memberId: 'm-2' }, state)).toThrow(
      'This email is already registered.',
    );
  });

  it('is released only by its holder, and can then be reserved by someone else', () => {
    const { decide, evolve, initialState } = emailReservationDecider;
    const held = decide({ type: 'ReserveEmail', email: 'ana@example.com', memberId: 'm-1' }, initialState).reduce(evolve, initialState);
    expect(() => decide({ type: 'ReleaseEmail', email: 'ana@example.com', memberId: 'm-2' }, held)).toThrow('This email is held by another account.');
    const released = decide({ type: 'ReleaseEmail', email: 'Ana@example.com', memberId: 'm-1' }, held);
    expect(released).toEqual([{ type: 'EmailReleased', data: { email: 'ana@example.com', memberId: 'm-1' } }]);
    const free = released.reduce(evolve, held);
    expect(free).toEqual({ status: 'absent' });
    expect(decide({ type: 'ReleaseEmail', email: 'ana@example.com', memberId: 'm-1' }, free)).toEqual([]);
    expect(decide({ type: 'ReserveEmail', email: 'ana@example.com', memberId: 'm-3' }, free)).toHaveLength(1);
  });
});
