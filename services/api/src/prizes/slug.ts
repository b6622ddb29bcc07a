import {
  drawStreamId,
  isOrphanedReservation,
  prizeDecider,
  prizeSlugDecider,
  prizeSlugStreamId,
  type PrizeCommand,
  type PrizeEvent,
  type PrizeSlugEvent,
  type PrizeSlugReleaseReason,
  type PrizeState,
} from '@roar/domain';
import { DomainError, handleCommand, type CommandContext, type Decider, type EventRegistry, type EventStore, type Logger } from '@roar/platform';
import type { AppContext } from '../context';
import { executeCommand, type ExecutedCommand } from '../http/commands';

/**
 * Slug uniqueness for prizes through the `prize-slug-<slug>` reservation streams (see the domain's
 * prize/slug.ts): reserve first (an expected-revision append), then write the draw stream, and
 * release what this request reserved when that write fails.
 */
type CreatePrize = Extract<PrizeCommand, { type: 'CreatePrize' }>;
type UpdatePrize = Extract<PrizeCommand, { type: 'UpdatePrize' }>;

interface SlugDeps {
  readonly store: EventStore;
  readonly registry: EventRegistry;
  readonly logger: Logger;
}

const reserve = async (deps: SlugDeps, slug: string, prizeId: string, ctx: CommandContext): Promise<boolean> => {
  const outcome = await handleCommand(
    deps.store,
    deps.registry,
    prizeSlugStreamId(slug),
    prizeSlugDecider,
    { type: 'ReservePrizeSlug', slug, prizeId, at: ctx.occurredAt.toISOString() },
    ctx,
  );
  return outcome.events.length > 0;
};

/**
 * Reserves `slug` for the prize; true when this call took it (false: the prize already held it).
 * A slug held by a reservation its prize never used (see the domain's ORPHANED_AFTER_MS) is
 * released (reason `orphaned`) and taken; any other holder keeps it and this call is refused.
 */
export async function reservePrizeSlug(deps: SlugDeps, slug: string, prizeId: string, ctx: CommandContext): Promise<boolean> {
  try {
    return await reserve(deps, slug, prizeId, ctx);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'conflict' || !(await releaseIfOrphaned(deps, slug, ctx))) throw error;
    return reserve(deps, slug, prizeId, ctx);
  }
}

async function releaseIfOrphaned(deps: SlugDeps, slug: string, ctx: CommandContext): Promise<boolean> {
  const events = (await deps.store.readStream(prizeSlugStreamId(slug))).map((e) => ({ type: e.type, data: e.data }) as PrizeSlugEvent);
  const state = events.reduce(prizeSlugDecider.evolve, prizeSlugDecider.initialState);
  if (state.status !== 'held') return true;
  const holder = (await deps.store.readStream(drawStreamId(state.prizeId)))
    .map((e) => ({ type: e.type, data: e.data }) as PrizeEvent)
    .reduce(prizeDecider.evolve, prizeDecider.initialState);
  if (!isOrphanedReservation(state, holder.status === 'absent' ? null : holder.fields.slug, slug, ctx.occurredAt)) return false;
  deps.logger.warn({ slug, holder: state.prizeId, reservedAt: state.reservedAt }, 'prizes: reclaiming a slug reservation its prize never used');
  await releasePrizeSlug(deps, slug, state.prizeId, 'orphaned', ctx);
  return true;
}

export async function releasePrizeSlug(
  deps: SlugDeps,
  slug: string,
  prizeId: string,
  reason: PrizeSlugReleaseReason,
  ctx: CommandContext,
): Promise<void> {
  await handleCommand(
    deps.store,
    deps.registry,
    prizeSlugStreamId(slug),
    prizeSlugDecider,
    { type: 'ReleasePrizeSlug', slug, prizeId, reason, at: ctx.occurredAt.toISOString() },
    ctx,
  );
}

/** Undo of a reservation after the prize write failed; the prize write's error is what the caller sees. */
async function compensate(deps: SlugDeps, slug: string, prizeId: string, reason: PrizeSlugReleaseReason, ctx: CommandContext): Promise<void> {
  try {
    await releasePrizeSlug(deps, slug, prizeId, reason, ctx);
  } catch (error) {
    deps.logger.error({ err: error, slug, prizeId }, 'prizes: could not release the slug after a failed prize command; it stays reserved');
  }
}

/**
 * Runs `write` (the draw-stream command that gives the prize this slug) with the slug reserved
 * first; when `write` throws, the reservation made here is released and the error rethrown.
 */
export async function withReservedSlug<T>(
  deps: SlugDeps,
  slug: string,
  prizeId: string,
  ctx: CommandContext,
  reason: PrizeSlugReleaseReason,
  write: () => Promise<T>,
): Promise<T> {
  const reservedHere = await reservePrizeSlug(deps, slug, prizeId, ctx);
  try {
    return await write();
  } catch (error) {
    if (reservedHere) await compensate(deps, slug, prizeId, reason, ctx);
    throw error;
  }
}

/** CreatePrize behind its slug reservation (a taken slug: DomainError conflict, the API's 409). */
export function createPrize(app: AppContext, prizeId: string, command: CreatePrize, ctx: CommandContext): Promise<ExecutedCommand<PrizeState>> {
  return withReservedSlug(app, command.fields.slug, prizeId, ctx, 'create-failed', () =>
    executeCommand(app, drawStreamId(prizeId), prizeDecider, command, ctx, { mustBeNew: true }),
  );
}

/**
 * UpdatePrize; a slug in the changes is reserved first, and once the update is in the log the
 * slug it replaced is released. The replaced slug is the one in the state the decider actually
 * decided on (after any revision-conflict retry), not the one the caller read earlier, so two
 * concurrent renames of one prize release every slug the prize no longer carries.
 */
export async function updatePrize(app: AppContext, prizeId: string, command: UpdatePrize, ctx: CommandContext): Promise<ExecutedCommand<PrizeState>> {
  const seen: { replaced: string | null } = { replaced: null };
  const deciding: Decider<PrizeCommand, PrizeEvent, PrizeState> = {
    ...prizeDecider,
    decide: (c, state) => {
      const events = prizeDecider.decide(c, state);
      seen.replaced =
        state.status !== 'absent' && events.some((e) => e.type === 'PrizeUpdated' && e.data.changes.slug !== undefined) ? state.fields.slug : null;
      return events;
    },
  };
  const update = () => executeCommand(app, drawStreamId(prizeId), deciding, command, ctx);
  const slug = command.changes.slug;
  if (slug === undefined) return update();
  const result = await withReservedSlug(app, slug, prizeId, ctx, 'update-failed', update);
  if (seen.replaced !== null && seen.replaced !== slug) await releasePrizeSlug(app, seen.replaced, prizeId, 'slug-changed', ctx);
  return result;
}
