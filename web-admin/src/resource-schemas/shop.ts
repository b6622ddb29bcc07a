import {
  couponRecordSchema,
  couponWithHistorySchema,
  giftCardRecordSchema,
  giftCardTermsRecordSchema,
  giftCardWithHistorySchema,
  shopTermRecordSchema,
  shopTermWithHistorySchema,
  staffOrderRecordSchema,
  staffOrderSchema,
  staffProductSchema,
  staffProductWithHistorySchema,
} from '@roar/contracts/shop';
import type { ResourceSchemas } from './types';

/** The shop group's staff resources: row and record schemas from @roar/contracts. */
export const shopSchemas: ResourceSchemas = {
  'shop-products': { row: staffProductSchema, record: staffProductWithHistorySchema },
  'shop-orders': { row: staffOrderSchema, record: staffOrderRecordSchema },
  'shop-coupons': { row: couponRecordSchema, record: couponWithHistorySchema },
  'shop-terms': { row: shopTermRecordSchema, record: shopTermWithHistorySchema },
  'shop-gift-cards': { row: giftCardRecordSchema, record: giftCardWithHistorySchema },
  'shop-gift-card-terms': { row: giftCardTermsRecordSchema },
};
