import { EventRegistry } from '@roar/platform';
import { checkoutEvents, webhookEvents } from './checkout';
import { emailReservationEvents } from './email-reservation';
import { entriesEvents } from './entries';
import { memberEvents } from './member';
import { membershipCatalogueEvents } from './membership-catalogue';
import { referralEvents } from './referral';
import { teamEvents, teamSeatEvents } from './team';

/** Every event type the product writes, with its schema: the store refuses anything else. */
export function createEventRegistry(): EventRegistry {
  return new EventRegistry().register(
    ...membershipCatalogueEvents,
    ...memberEvents,
    ...entriesEvents,
    ...checkoutEvents,
    ...webhookEvents,
    ...emailReservationEvents,
    ...referralEvents,
    ...teamEvents,
    ...teamSeatEvents,
  );
}
