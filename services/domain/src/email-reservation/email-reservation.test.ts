import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { emailReservationDecider, emailReservationKey, emailReservationStreamId, legacyEmailReservationStreamId } from './index';

describe('email reservation', () => {
  const key = emailReservationKey('k'.repeat(32));

  it('names one stream per trimmed, lower-cased email', () => {
    expect(emailReservationStreamId(' Ana@Example.COM ', key)).toBe(emailReservationStreamId('ana@example.com', key));
    expect(emailReservationStreamId('ana@example.com', key)).toMatch(/^email-[0-9a-f]{64}$/);
    expect(emailReservationStreamId('bob@example.com', key)).not.toBe(emailReservationStreamId('ana@example.com', key));
  });

  it('keys the stream name: the plain SHA-256 of the address (a dictionary) does not find it, another key names another stream', () => {
    const stream = emailReservationStreamId('ana@example.com', key);
    const sha256 = createHash('sha256').update('ana@example.com').digest('hex');
    expect(stream).not.toContain(sha256);
    expect(legacyEmailReservationStreamId(' Ana@Example.com')).toBe(`email-${sha256}`);
    expect(emailReservationStreamId('ana@example.com', emailReservationKey('x'.repeat(32)))).not.toBe(stream);
    expect(() => emailReservationKey('short')).toThrow('at least 32 characters');
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
