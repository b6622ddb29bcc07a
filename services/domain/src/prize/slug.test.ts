import { describe, expect, it } from 'vitest';
import { DomainError } from '@roar/platform';
import { createEventRegistry } from '../registry';
import {
  isOrphanedReservation,
  prizeSlugDecider,
  prizeSlugStreamId,
  SLUG_TAKEN,
  type PrizeSlugCommand,
  type PrizeSlugEvent,
  type PrizeSlugReleaseReason,
} from './slug';
import { DeciderSpecification } from '@roar/platform/testing';

const at = '2026-11-20T00:00:00.000Z';
const slug = 'masters-trip';
const reserve = (prizeId: string): PrizeSlugCommand => ({ type: 'ReservePrizeSlug', slug, prizeId, at });
const release = (prizeId: string, reason: PrizeSlugReleaseReason = 'slug-changed'): PrizeSlugCommand => ({
  type: 'ReleasePrizeSlug',
  slug,
  prizeId,
  reason,
  at,
});
const reserved = (prizeId: string): PrizeSlugEvent => ({ type: 'PrizeSlugReserved', data: { slug, prizeId, reservedAt: at } });
const released = (prizeId: string, reason: PrizeSlugReleaseReason = 'slug-changed'): PrizeSlugEvent => ({
  type: 'PrizeSlugReleased',
  data: { slug, prizeId, reason, releasedAt: at },
});

const given = DeciderSpecification.for(prizeSlugDecider);

describe('prize slug reservation', () => {
  it('names one stream per slug', () => {
    expect(prizeSlugStreamId(slug)).toBe('prize-slug-masters-trip');
    expect(prizeSlugStreamId('other')).not.toBe(prizeSlugStreamId(slug));
  });

  it('holds a slug for one prize: the same prize again is a no-op, another prize is a conflict', () => {
    given([])
      .when(reserve('p1'))
      .then([reserved('p1')]);
    given([reserved('p1')])
      .when(reserve('p1'))
      .thenNothingHappened();
    given([reserved('p1')])
      .when(reserve('p2'))
      .thenThrows(SLUG_TAKEN);
    given([reserved('p1')])
      .when(reserve('p2'))
      .thenThrows(
        (error) => error instanceof DomainError && error.code === 'conflict' && error.message === 'This slug is already used by another prize.',
      );
  });

  it('frees the slug once its prize releases it, for any prize to take; releases by others or twice change nothing', () => {
    given([reserved('p1')])
      .when(release('p1'))
      .then([released('p1')]);
    given([reserved('p1')])
      .when(release('p1', 'create-failed'))
      .then([released('p1', 'create-failed')]);
    given([reserved('p1'), released('p1')])
      .when(reserve('p2'))
      .then([reserved('p2')]);
    given([reserved('p1'), released('p1')])
      .when(reserve('p1'))
      .then([reserved('p1')]);
    // A late release by the previous holder never frees the new holder's slug.
    given([reserved('p1'), released('p1'), reserved('p2')])
      .when(release('p1'))
      .thenNothingHappened();
    given([reserved('p1')])
      .when(release('p2'))
      .thenNothingHappened();
    given([reserved('p1'), released('p1')])
      .when(release('p1'))
      .thenNothingHappened();
    given([]).when(release('p1')).thenNothingHappened();
  });

  it('writes events that the registry accepts, and the registry refuses a slug the prize fields would refuse', () => {
    const registry = createEventRegistry();
    const metadata = { correlationId: 'c', causationId: null, actor: { type: 'system' as const, id: 't' }, occurredAt: at, schemaVersion: 1 };
    const produced = [
      ...prizeSlugDecider.decide(reserve('p1'), prizeSlugDecider.initialState),
      ...prizeSlugDecider.decide(release('p1', 'update-failed'), prizeSlugDecider.evolve(prizeSlugDecider.initialState, reserved('p1'))),
    ];
    expect(produced.map((e) => e.type)).toEqual(['PrizeSlugReserved', 'PrizeSlugReleased']);
    for (const e of produced) expect(() => registry.validateNew({ id: 'x', ...e, metadata })).not.toThrow();
    expect(() =>
      registry.validateNew({ id: 'y', type: 'PrizeSlugReserved', data: { slug: 'Not A Slug', prizeId: 'p1', reservedAt: at }, metadata }),
    ).toThrow();
  });

  it('calls a reservation orphaned only when it is five minutes old and its prize does not carry the slug', () => {
    const held = { status: 'held', prizeId: 'p1', reservedAt: '2026-11-21T10:00:00.000Z' } as const;
    const at = (iso: string) => new Date(iso);
    expect(isOrphanedReservation(held, null, 'masters', at('2026-11-21T10:05:00.000Z'))).toBe(true);
    expect(isOrphanedReservation(held, 'other-slug', 'masters', at('2026-11-21T10:06:00.000Z'))).toBe(true);
    expect(isOrphanedReservation(held, null, 'masters', at('2026-11-21T10:04:59.999Z'))).toBe(false);
    expect(isOrphanedReservation(held, 'masters', 'masters', at('2026-11-21T11:00:00.000Z'))).toBe(false);
    expect(isOrphanedReservation({ status: 'free' }, null, 'masters', at('2026-11-21T11:00:00.000Z'))).toBe(false);
  });
});
