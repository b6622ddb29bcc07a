import { z } from 'zod';
import { DomainError, defineEvent, type Decider, type DomainEvent } from '@roar/platform';
import { prizeFieldsSchema } from './events';

/**
 * "A slug names one prize" spans every draw stream, so it has its own consistency boundary: one
 * stream per slug, `prize-slug-<slug>`, holding at most one prize. `handleCommand` appends at the
 * revision it read, so two prizes reserving one slug at once collide on the revision; the retry
 * folds the winner's reservation and the loser gets the conflict (the staff API answers 409).
 *
 * How the staff API uses it (each step idempotent for the same prize):
 * 1. Create: `ReservePrizeSlug`, then `CreatePrize` on the draw stream; if the create fails, the
 *    reservation this request made is released (reason `create-failed`).
 * 2. Slug change: reserve the new slug, then `UpdatePrize`; if the update fails, release the new
 *    slug (`update-failed`); once it succeeded, release the slug the update replaced (`slug-changed`).
 * A released slug is free for any prize again. A release for another prize (or twice) is a no-op,
 * so a late release never frees a newer holder. A crash between the steps leaves a slug held by a
 * prize id whose draw stream lacks it: once the reservation is older than ORPHANED_AFTER_MS and
 * the holder's draw stream still does not carry the slug, the next reservation releases it
 * (reason `orphaned`) and takes it.
 */
const id = z.string().min(1).max(200);
const instant = z.iso.datetime({ offset: true });
const slug = prizeFieldsSchema.shape.slug;
export const prizeSlugReleaseReasonSchema = z.enum(['slug-changed', 'create-failed', 'update-failed', 'orphaned']);
export type PrizeSlugReleaseReason = z.infer<typeof prizeSlugReleaseReasonSchema>;

export const PrizeSlugReserved = defineEvent('PrizeSlugReserved', z.object({ slug, prizeId: id, reservedAt: instant }).strict());
export const PrizeSlugReleased = defineEvent(
  'PrizeSlugReleased',
  z.object({ slug, prizeId: id, reason: prizeSlugReleaseReasonSchema, releasedAt: instant }).strict(),
);
export const prizeSlugEvents = [PrizeSlugReserved, PrizeSlugReleased] as const;

export type PrizeSlugReservedEvent = DomainEvent<'PrizeSlugReserved', z.infer<typeof PrizeSlugReserved.schema>>;
export type PrizeSlugReleasedEvent = DomainEvent<'PrizeSlugReleased', z.infer<typeof PrizeSlugReleased.schema>>;
export type PrizeSlugEvent = PrizeSlugReservedEvent | PrizeSlugReleasedEvent;

export type PrizeSlugCommand =
  | { readonly type: 'ReservePrizeSlug'; readonly slug: string; readonly prizeId: string; readonly at: string }
  | {
      readonly type: 'ReleasePrizeSlug';
      readonly slug: string;
      readonly prizeId: string;
      readonly reason: PrizeSlugReleaseReason;
      readonly at: string;
    };

export type PrizeSlugState = { readonly status: 'free' } | { readonly status: 'held'; readonly prizeId: string; readonly reservedAt: string };

/** A reservation its prize never used (a crash between the steps) may be reclaimed after this long. */
export const ORPHANED_AFTER_MS = 5 * 60_000;

/**
 * Whether a held slug may be reclaimed: reserved long enough ago that no request can still be
 * writing its prize, and the holder's prize (its current slug, or null when it does not exist)
 * does not carry it.
 */
export const isOrphanedReservation = (state: PrizeSlugState, holderSlug: string | null, slugValue: string, now: Date): boolean =>
  state.status === 'held' && holderSlug !== slugValue && now.getTime() - Date.parse(state.reservedAt) >= ORPHANED_AFTER_MS;

/** The staff API's answer when the slug is held by another prize. */
export const SLUG_TAKEN = 'This slug is already used by another prize.';

/** Slugs are lower-case letters, digits and single hyphens (prizeFieldsSchema), safe in a stream id. */
export const prizeSlugStreamId = (value: string): string => `prize-slug-${value}`;

export function decidePrizeSlug(command: PrizeSlugCommand, state: PrizeSlugState): PrizeSlugEvent[] {
  switch (command.type) {
    case 'ReservePrizeSlug': {
      if (state.status === 'held') {
        if (state.prizeId === command.prizeId) return [];
        throw new DomainError('conflict', SLUG_TAKEN, { slug: command.slug });
      }
      return [{ type: 'PrizeSlugReserved', data: { slug: command.slug, prizeId: command.prizeId, reservedAt: command.at } }];
    }
    case 'ReleasePrizeSlug': {
      if (state.status === 'free' || state.prizeId !== command.prizeId) return [];
      return [{ type: 'PrizeSlugReleased', data: { slug: command.slug, prizeId: command.prizeId, reason: command.reason, releasedAt: command.at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolvePrizeSlug(_state: PrizeSlugState, event: PrizeSlugEvent): PrizeSlugState {
  switch (event.type) {
    case 'PrizeSlugReserved':
      return { status: 'held', prizeId: event.data.prizeId, reservedAt: event.data.reservedAt };
    case 'PrizeSlugReleased':
      return { status: 'free' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const prizeSlugDecider: Decider<PrizeSlugCommand, PrizeSlugEvent, PrizeSlugState> = {
  decide: decidePrizeSlug,
  evolve: evolvePrizeSlug,
  initialState: { status: 'free' },
};
