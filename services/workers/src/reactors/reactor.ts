import type { GiftCardKeys } from '@roar/domain';
import type { EventStore, Logger, RecordedEvent } from '@roar/platform';
import type { JobRequest } from '../jobs/types';
import type { Seller } from '../mail/shop-templates';

export interface ReactorContext {
  readonly store: EventStore;
  /** Where notices for staff go. */
  readonly staffMailbox: string;
  readonly logger: Logger;
  /** The absolute origin of links in emails (PUBLIC_URL, else the embedded server's own address). */
  readonly publicUrl: () => string;
  /** Who sells in the pro shop, for its tax invoices (BUSINESS_NAME, BUSINESS_ABN); the default names the shop without an ABN. */
  readonly seller?: Seller;
  /** Opens the sealed gift card codes for their email (GIFT_CARD_SECRET); without it no gift card email can be written. */
  readonly giftCardKeys?: GiftCardKeys;
  /** The tokens of links only the api can mint (its secrets, its tables); without them those emails cannot be written. */
  readonly linkTokens?: LinkTokens;
}

/** Link tokens the api mints for the reactors (the api's infrastructure passes them in). */
export interface LinkTokens {
  /** The attest link's token of a scorecard for a marker without an account (an HMAC of the card id). */
  attest(scorecardId: string): string;
  /**
   * The password-reset token of one request (`requestId`: the id of the event that asked for it). The
   * same request always gets the same token (a redelivered event sends the same link), only its hash
   * is stored, and it is valid for `expiresInMinutes` from `requestedAt`.
   */
  passwordReset(memberId: string, requestId: string, requestedAt: string): Promise<{ token: string; expiresInMinutes: number }>;
  /** Issue 23: the download link's token of a prepared data zip, valid until `expiresAt` (signed, nothing stored). */
  myDataDownload?(memberId: string, exportId: string, expiresAt: string): string;
}

/**
 * A reactor turns events into jobs. Adding one is a new entry in `REACTORS` (reactors/index.ts):
 * a name (its checkpoint key), the event types it handles, and `toJobs`. `toJobs` must be
 * deterministic for a given event: it runs again when the event is redelivered, and the job ids
 * it returns are what make that harmless.
 */
export interface Reactor {
  readonly name: string;
  readonly handles: readonly string[];
  toJobs(event: RecordedEvent, ctx: ReactorContext): Promise<readonly JobRequest[]> | readonly JobRequest[];
}

/** Part of a reactor: the event types it handles and the jobs it makes of them (see joinReactors). */
export type ReactorPart = Omit<Reactor, 'name'>;

/**
 * One reactor (one checkpoint, `name`) made of parts, each event given to the parts that handle its
 * type. A new side effect of events the log already holds joins a running reactor: a reactor of
 * its own would start from the beginning of the log and act again on everything before it.
 */
export function joinReactors(name: string, parts: readonly ReactorPart[]): Reactor {
  const byType = new Map<string, ReactorPart[]>();
  for (const part of parts) for (const type of part.handles) byType.set(type, [...(byType.get(type) ?? []), part]);
  return {
    name,
    handles: [...byType.keys()],
    async toJobs(event, ctx) {
      const jobs: JobRequest[] = [];
      for (const part of byType.get(event.type) ?? []) jobs.push(...(await part.toJobs(event, ctx)));
      return jobs;
    },
  };
}

/** The job id of one job caused by one event: the event id, or `<eventId>:<jobName>` when an event causes several. */
export const jobIdFor = (event: RecordedEvent, jobName?: string): string => (jobName ? `${event.id}:${jobName}` : event.id);
