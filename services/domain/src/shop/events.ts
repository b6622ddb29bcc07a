import { cartEvents } from './cart';
import { catalogueEvents } from './catalogue-events';
import { couponEvents } from './coupon';
import { giftCardEvents } from './gift-card';
import { giftCardTermsEvents } from './gift-card-terms';
import { orderEvents } from './order-events';
import { shopSettingsEvents } from './settings';
import { stockEvents } from './stock';

/** Every event the pro shop writes (registered once in ../registry.ts). */
export const shopEvents = [
  ...catalogueEvents,
  ...shopSettingsEvents,
  ...stockEvents,
  ...couponEvents,
  ...cartEvents,
  ...orderEvents,
  ...giftCardTermsEvents,
  ...giftCardEvents,
] as const;
