import { comparePositions, positionFromString, positionToString, START, type EventStore, type Position } from '@roar/platform';
import {
  ELIGIBILITY_PAYLOAD_FIELDS,
  eligibilityAccumulator,
  eligibilityPayloadFieldsFor,
  type EligibilityEvent,
  type EligibilityInput,
  type EligibleEntrant,
} from '@roar/domain';

/**
 * Hands every eligibility-relevant event of the log up to and including `cutoff` to `visit`, in
 * log order, one page at a time (only the current page is held), as stored (payloads are not
 * re-validated: an auditor must see a tampered payload, not a decode error). The store filters
 * the event types, so the rest of the log (registrations, checkouts, prizes...) is never fetched
 * or parsed here, and hands over only the payload fields the eligibility fold reads
 * (ELIGIBILITY_PAYLOAD_FIELDS, or the narrower `options.fields`): a membership activation's tier
 * snapshot is most of its bytes and the fold reads two flags of it. Answers how many events it
 * handed over.
 *
 * `cutoff` is the position of an event that exists (the head when entries closed). The PostgreSQL
 * store hands readers only events whose transaction is older than every running one, so a read can
 * come up short of the cutoff while an older transaction is still committing; stopping there would
 * freeze a list without that transaction's grants while a later audit (reading after it committed)
 * would include them. So the store answers "not complete" until everything up to the cutoff is
 * readable, and the read waits for that.
 */
export interface LogReadOptions {
  /**
   * The event types to read and their payload fields: every eligibility type by default; a replay
   * for one draw passes eligibilityPayloadFieldsFor(input), the types that draw's entrants depend on.
   */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  /** Events a page (10,000). */
  readonly batch?: number;
  /** How long to wait for transactions older than the cutoff to commit (30 s). */
  readonly waitMs?: number;
  /**
   * Other work done a slice at a time while the database reads the next page, instead of
   * waiting idle: called (between turns of the event loop) until the page arrives or it returns
   * false (nothing left). The audit hashes the recorded list's pages here.
   */
  readonly whileWaiting?: () => boolean;
}

/** Runs `work` a slice at a time, giving the event loop a turn between slices, until `pending` settles or `work` says it is done. */
async function workUntil(pending: Promise<unknown>, work: () => boolean): Promise<void> {
  let settled = false;
  pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  // A turn first: a page already read settles here, and the fold goes on without delay.
  await new Promise((resolve) => setImmediate(resolve));
  while (!settled && work()) await new Promise((resolve) => setImmediate(resolve));
}

export async function forEachLogEvent(
  store: EventStore,
  cutoff: Position | string,
  visit: (event: EligibilityEvent) => void,
  options: LogReadOptions = {},
): Promise<number> {
  const { fields = ELIGIBILITY_PAYLOAD_FIELDS, batch = 10_000, waitMs = 30_000, whileWaiting } = options;
  let working = whileWaiting !== undefined;
  const limit = typeof cutoff === 'string' ? positionFromString(cutoff) : cutoff;
  if (comparePositions(limit, START) <= 0) return 0;
  const read = (from: Position) => store.readTypeFieldsUpTo(from, limit, fields, batch);
  let count = 0;
  const deadline = Date.now() + waitMs;
  let after: Position = START;
  // One page ahead: the database reads the next page while this process decodes and folds the
  // current one (two pages held at most).
  let next: ReturnType<typeof read> | null = read(after);
  while (next) {
    if (working) await workUntil(next, () => (working = whileWaiting!()));
    const page: Awaited<ReturnType<EventStore['readTypeFieldsUpTo']>> = await next;
    if (!page.complete) {
      if (Date.now() > deadline) throw new Error(`the event log did not reach ${positionToString(limit)} within ${waitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      next = read(after);
      continue;
    }
    const last = page.last;
    next = page.events.length < batch || !last ? null : read((after = last));
    // Marked handled so a visit that throws does not leave a rejected read unobserved; awaited above it still throws.
    next?.catch(() => undefined);
    for (const e of page.events) visit(e);
    count += page.events.length;
  }
  return count;
}

/**
 * The eligible entrants at `cutoff`, folded page by page: memory in members and teams, not events.
 * Only the event types this draw's entrants depend on are read (eligibilityPayloadFieldsFor).
 */
export async function eligibleAtCutoff(store: EventStore, cutoff: Position | string, input: EligibilityInput): Promise<EligibleEntrant[]> {
  const acc = eligibilityAccumulator(input);
  await forEachLogEvent(store, cutoff, (e) => acc.add(e), { fields: eligibilityPayloadFieldsFor(input) });
  return acc.result();
}
