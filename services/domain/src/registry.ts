import { EventRegistry } from '@roar/platform';
import { membershipCatalogueEvents } from './membership-catalogue';

/** Every event type the product writes, with its schema: the store refuses anything else. */
export function createEventRegistry(): EventRegistry {
  return new EventRegistry().register(...membershipCatalogueEvents);
}
