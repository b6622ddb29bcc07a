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
 * log order, as stored (payloads are not re-validated: an auditor must see a tampered payload, not
 * a decode error). The store filters
 * the event types, so the rest of the log (registrations, checkouts, prizes...) is never fetched
 * or parsed here, and hands over only the payload fields the eligibility fold reads
 * (ELIGIBILITY_PAYLOAD_FIELDS, or the narrower `options.fields`): a membership activation's tier
 * snapshot is most of its bytes and the fold reads two flags of it. Answers how many events it
 * handed over. Where the store can cut the log (`logCuts`, the PostgreSQL server), ranges of it are
 * read two at a time and handed over in order, at most WINDOW ranges held: the database's walk of
 * the log, most of a replay's time, then runs on two cores. Otherwise page by page, one page ahead.
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
  /** Log events (of every type) a range covers where the store can cut the log (RANGE_EVENTS). */
  readonly rangeEvents?: number;
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

/**
 * Log events a range covers (of every type) when the store can cut the log (`logCuts`): a range is
 * about one page of the eligibility types in a paying member's log (six events, two of them read).
 */
const RANGE_EVENTS = 30_000;
/** Ranges read side by side: the database walks two while this process folds. */
const READERS = 2;
/** Ranges read or held ahead of the one being folded: what is held is bounded, whatever the log's size. */
const WINDOW = 4;

export async function forEachLogEvent(
  store: EventStore,
  cutoff: Position | string,
  visit: (event: EligibilityEvent) => void,
  options: LogReadOptions = {},
): Promise<number> {
  const { fields = ELIGIBILITY_PAYLOAD_FIELDS, batch = 10_000, waitMs = 30_000, whileWaiting, rangeEvents = RANGE_EVENTS } = options;
  let working = whileWaiting !== undefined;
  const limit = typeof cutoff === 'string' ? positionFromString(cutoff) : cutoff;
  if (comparePositions(limit, START) <= 0) return 0;
  const deadline = Date.now() + waitMs;
  type Page = Awaited<ReturnType<EventStore['readTypeFieldsUpTo']>>;
  /** One page after `from`, up to `until`, asked again until everything up to `until` is readable. */
  const read = async (from: Position, until: Position): Promise<Page> => {
    for (;;) {
      const page = await store.readTypeFieldsUpTo(from, until, fields, batch);
      if (page.complete) return page;
      if (Date.now() > deadline) throw new Error(`the event log did not reach ${positionToString(limit)} within ${waitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // Ranges of the log, each read page by page from one cut to the next; READERS of them at a time,
  // at most WINDOW ahead of the one being folded, handed to `visit` strictly in log order.
  const cuts = store.logCuts ? await store.logCuts(limit, rangeEvents) : [];
  const bounds = [START, ...cuts, limit];
  const ranges = bounds.slice(1).map((until, i) => ({ after: bounds[i]!, until }));
  const held: Array<Promise<Page[]> | undefined> = [];
  let started = 0;
  let running = 0;
  let folded = 0;
  const readRange = async ({ after, until }: { after: Position; until: Position }): Promise<Page[]> => {
    const pages: Page[] = [];
    for (let from = after; ;) {
      const page = await read(from, until);
      pages.push(page);
      if (page.events.length < batch || !page.last) return pages;
      from = page.last;
    }
  };
  const startMore = () => {
    while (started < ranges.length && running < READERS && started < folded + WINDOW) {
      running += 1;
      const range = readRange(ranges[started]!).finally(() => {
        running -= 1;
        startMore();
      });
      // Marked handled so a range failing while an earlier one is folded is not left unobserved; awaited below it still throws.
      range.catch(() => undefined);
      held[started] = range;
      started += 1;
    }
  };
  let count = 0;
  const fold = (page: Page) => {
    for (const e of page.events) visit(e);
    count += page.events.length;
  };
  if (ranges.length === 1) {
    // One range (a store that cannot cut the log): read one page ahead of the fold instead, so the
    // database reads the next page while this process folds the current one (two pages held at most).
    let next: Promise<Page> | null = read(START, limit);
    while (next) {
      if (working) await workUntil(next, () => (working = whileWaiting!()));
      const page: Page = await next;
      next = page.events.length < batch || !page.last ? null : read(page.last, limit);
      // Marked handled so a visit that throws does not leave a rejected read unobserved; awaited above it still throws.
      next?.catch(() => undefined);
      fold(page);
    }
    return count;
  }
  for (let i = 0; i < ranges.length; i++) {
    startMore();
    const next = held[i]!;
    if (working) await workUntil(next, () => (working = whileWaiting!()));
    const pages = await next;
    held[i] = undefined;
    folded = i + 1;
    pages.forEach(fold);
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
