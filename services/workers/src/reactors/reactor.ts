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

/** The job id of one job caused by one event: the event id, or `<eventId>:<jobName>` when an event causes several. */
export const jobIdFor = (event: RecordedEvent, jobName?: string): string => (jobName ? `${event.id}:${jobName}` : event.id);
