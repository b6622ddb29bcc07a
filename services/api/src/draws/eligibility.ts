import {
  ELIGIBILITY_EVENT_TYPES,
  entrantsOfFold,
  foldEligibilityEvent,
  type EligibilityFold,
  type EligibilityInput,
  type EligibleEntrant,
} from '@roar/domain';
import { comparePositions, type Position, type RecordedEvent } from '@roar/platform';
import { drawEligibilityProjector, eligibilityKeyOf, readEligibilityRows, type StaleEligibilityKey } from '@roar/projections';
import type { AppContext } from '../context';

/**
 * The eligible entrants of a close read from the draw_eligibility read model instead of replaying
 * the log: the rows and the projector's checkpoint are read in one repeatable-read transaction, so
 * the list is exactly the fold of the log up to that checkpoint, which becomes the recorded cutoff
 * (the audit replays the log up to it and must arrive at the same list).
 *
 * A row whose latest event occurred after the close's as-of instant would count events the rule
 * ignores: those few keys are folded again from their own streams up to the cutoff. Null when the
 * read model cannot answer (not caught up within the wait, rebuilding, or a stream that no longer
 * decodes): the caller replays the log as before.
 */
export interface EligibilitySnapshot {
  readonly cutoff: Position;
  readonly eligible: EligibleEntrant[];
  /** Keys re-folded from their streams because something in them happened after the as-of instant. */
  readonly refolded: number;
}

/** Folds the stale keys again from their own streams, events up to the cutoff only, in log order. */
async function refold(
  app: AppContext,
  fold: EligibilityFold,
  stale: readonly StaleEligibilityKey[],
  cutoff: Position,
  asOfMs: number,
): Promise<void> {
  if (stale.length === 0) return;
  const wanted = new Set(stale.map((k) => `${k.kind}:${k.id}`));
  const types = new Set(ELIGIBILITY_EVENT_TYPES);
  const events: RecordedEvent[] = [];
  for (const streamId of new Set(stale.flatMap((k) => k.streams))) {
    for (const e of await app.store.readStream(streamId)) {
      const key = types.has(e.type) ? eligibilityKeyOf(e) : null;
      if (key && wanted.has(`${key.kind}:${key.id}`) && comparePositions(e.position, cutoff) <= 0) events.push(e);
    }
  }
  events.sort((a, b) => comparePositions(a.position, b.position));
  for (const e of events) foldEligibilityEvent(fold, { type: e.type, data: e.data, occurredAt: e.metadata.occurredAt }, asOfMs);
}

export async function eligibleFromReadModel(app: AppContext, head: Position, input: EligibilityInput): Promise<EligibilitySnapshot | null> {
  // Only this read model: a close does not wait on the dashboard's or the shop's projectors.
  if (!(await app.projections.waitFor(head, app.config.PROJECTION_WAIT_MS, { readModels: [drawEligibilityProjector.name] }))) return null;
  const asOfMs = Date.parse(input.asOf);
  const { cutoff, fold, stale } = await app.sql.transaction((tx) => readEligibilityRows(tx, input, asOfMs));
  if (!cutoff) return null;
  try {
    await refold(app, fold, stale, cutoff, asOfMs);
  } catch (error) {
    app.logger.warn({ err: error, prizeId: input.prizeId }, 'draw: a stale eligibility key could not be folded from its streams; replaying the log');
    return null;
  }
  return { cutoff, eligible: entrantsOfFold(fold, input), refolded: stale.length };
}
