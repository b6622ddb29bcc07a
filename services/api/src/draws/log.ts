import { comparePositions, positionFromString, positionToString, START, type EventStore, type Position } from '@roar/platform';
import { eligibilityAccumulator, type EligibilityEvent, type EligibilityInput, type EligibleEntrant } from '@roar/domain';

/** The event types the eligibility rule reads; the store leaves the rest of the log out. */
const ELIGIBILITY_TYPES = new Set(['MembershipActivated', 'MembershipRenewed', 'MembershipCancelled', 'EntriesGranted', 'EntriesRevoked', 'TeamCompleted', 'MemberSuspended', 'MemberReinstated']);

/**
 * Hands every eligibility-relevant event of the log up to and including `cutoff` to `visit`, in
 * log order, one page at a time (only the current page is held), as stored (payloads are not
 * re-validated: an auditor must see a tampered payload, not a decode error). The store filters
 * the event types, so the rest of the log (registrations, checkouts, prizes...) is never fetched
 * or parsed here. Answers how many events it handed over.
 *
 * `cutoff` is the position of an event that exists (the head when entries closed). The PostgreSQL
 * store hands readers only events whose transaction is older than every running one, so a read can
 * come up short of the cutoff while an older transaction is still committing; stopping there would
 * freeze a list without that transaction's grants while a later audit (reading after it committed)
 * would include them. So the store answers "not complete" until everything up to the cutoff is
 * readable, and the read waits for that.
 */
export async function forEachLogEvent(
  store: EventStore,
  cutoff: Position | string,
  visit: (event: EligibilityEvent) => void,
  batch = 10_000,
  waitMs = 30_000,
): Promise<number> {
  const limit = typeof cutoff === 'string' ? positionFromString(cutoff) : cutoff;
  if (comparePositions(limit, START) <= 0) return 0;
  const types = [...ELIGIBILITY_TYPES];
  let after: Position = START;
  let count = 0;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const page = await store.readTypesUpTo(after, limit, types, batch);
    if (!page.complete) {
      if (Date.now() > deadline) throw new Error(`the event log did not reach ${positionToString(limit)} within ${waitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    for (const e of page.events) visit({ type: e.type, data: e.data, occurredAt: e.metadata.occurredAt });
    count += page.events.length;
    if (page.events.length < batch) return count;
    after = page.events[page.events.length - 1]!.position;
  }
}

/** The eligible entrants at `cutoff`, folded page by page: memory in members and teams, not events. */
export async function eligibleAtCutoff(store: EventStore, cutoff: Position | string, input: EligibilityInput): Promise<EligibleEntrant[]> {
  const acc = eligibilityAccumulator(input);
  await forEachLogEvent(store, cutoff, (e) => acc.add(e));
  return acc.result();
}
