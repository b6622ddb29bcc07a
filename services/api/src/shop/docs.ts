import { z } from 'zod';
import { listQuerySchema } from '@roar/contracts/http';
import {
  cartDataSchema,
  cartSchema,
  couponCreateSchema,
  couponRecordSchema,
  couponWithHistorySchema,
  giftCardCancelSchema,
  giftCardRecordSchema,
  giftCardTermsBodySchema,
  giftCardTermsRecordSchema,
  giftCardWithHistorySchema,
  orderActionSchema,
  orderSchema,
  ordersPageSchema,
  ordersQuerySchema,
  productCreateSchema,
  productEditSchema,
  productPageSchema,
  productQueryFields,
  productSchema,
  reasonOnlySchema,
  refundAnswerSchema,
  refundSchema,
  removedSchema,
  savedCouponSchema,
  savedShopTermSchema,
  shipSchema,
  shopSettingsSchema,
  shopTermBodySchema,
  shopTermRecordSchema,
  shopTermWithHistorySchema,
  staffOrderRecordSchema,
  staffOrderSchema,
  staffProductRecordSchema,
  staffProductSchema,
  staffProductWithHistorySchema,
  startedCheckoutSchema,
  stockChangeSchema,
} from '@roar/contracts/shop';
import { documentRoute } from '../http/openapi';

const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });
const listQuery = listQuerySchema;
const shop = { tag: 'shop', auth: 'member' as const };
const staff = { tag: 'staff', auth: 'staff' as const };

documentRoute({
  ...shop,
  method: 'get',
  path: '/api/shop/settings',
  summary: 'Shop settings: attributes, banners, brands, categories, suppliers, delivery methods',
  response: data(shopSettingsSchema),
  errors: [401, 403],
});
documentRoute({
  ...shop,
  method: 'get',
  path: '/api/shop/products',
  summary: 'Products; filter by category, brand, search, price range (cents); sort; page',
  query: productQueryFields,
  response: productPageSchema,
  errors: [400, 401, 403],
});
documentRoute({
  ...shop,
  method: 'get',
  path: '/api/shop/products/:id',
  summary: 'One product with its variants, prices (cents, GST-inclusive) and stock state',
  response: data(productSchema),
  errors: [401, 403, 404],
});
documentRoute({
  ...shop,
  method: 'get',
  path: '/api/shop/products/by-slug/:slug',
  summary: 'One product by its slug (/pro-shop/product/{slug})',
  response: data(productSchema),
  errors: [401, 403, 404],
});
documentRoute({
  ...shop,
  method: 'get',
  path: '/api/shop/cart',
  summary:
    'Cart details: items, deliveries, errors, subtotal, shipping, discount, tax (GST contained), total, gift_card (last 4, ' +
    'balance, expiry), gift_card_amount (taken from the card) and amount_due (left to pay), in cents',
  response: data(cartSchema),
  errors: [401, 403],
});
documentRoute({
  ...shop,
  method: 'patch',
  path: '/api/shop/update-cart',
  summary:
    'Save the cart (items, addresses, coupon, gift_card, notes); answers the cart details. An unknown gift card code is 400 ' +
    'whether or not it exists, as is an expired, cancelled or empty card, as every cart refusal is; too many wrong codes 429',
  body: cartDataSchema,
  response: data(cartSchema),
  errors: [400, 401, 403, 404, 429],
});
documentRoute({
  ...shop,
  method: 'post',
  path: '/api/shop/checkout',
  summary:
    'Reserve the stock, take the coupon and the gift card amount, and open the payment page for what is left (one per cart: a ' +
    'repeat answers the same order); a gift card that covers the whole order needs no payment page',
  response: data(startedCheckoutSchema),
  status: 201,
  errors: [400, 401, 403, 409],
});
documentRoute({
  ...shop,
  method: 'post',
  path: '/api/shop/checkout/cancel',
  summary: 'Give up an unpaid order (declined card): stock and coupon go back, the cart is kept',
  body: orderActionSchema,
  response: data(cartSchema),
  errors: [400, 401, 403, 404],
});
documentRoute({
  ...shop,
  method: 'get',
  path: '/api/shop/orders',
  summary: "The member's orders",
  query: ordersQuerySchema,
  response: ordersPageSchema,
  errors: [401, 403],
});
documentRoute({
  ...shop,
  method: 'get',
  path: '/api/shop/orders/:id',
  summary: "One of the member's orders with its priced snapshot",
  response: data(orderSchema),
  errors: [401, 403, 404],
});

documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-products',
  summary: 'Products (published or not)',
  query: listQuery,
  response: z.array(staffProductSchema),
  errors: [400, 401, 403],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-products/:id',
  summary: 'A product with stock per SKU and its event history',
  response: staffProductWithHistorySchema,
  errors: [401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-products',
  summary: 'Create a product with variants and opening stock',
  body: productCreateSchema,
  response: staffProductRecordSchema,
  status: 201,
  errors: [400, 401, 403, 409],
});
documentRoute({
  ...staff,
  method: 'put',
  path: '/api/admin/shop-products/:id',
  summary: 'Edit a product: fields, new variants, prices, published (with a reason)',
  body: productEditSchema,
  response: staffProductRecordSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-products/:id/stock',
  summary: 'Receive (+) or adjust (-) stock of a SKU with a reason',
  body: stockChangeSchema,
  response: staffProductRecordSchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-terms',
  summary: 'Categories, brands, suppliers, attributes and banners',
  query: listQuery,
  response: z.array(shopTermRecordSchema),
  errors: [400, 401, 403],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-terms',
  summary: 'Save a category, brand, supplier, attribute or banner (with a reason)',
  body: shopTermBodySchema,
  response: savedShopTermSchema,
  status: 201,
  errors: [400, 401, 403],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-terms/:id',
  summary: 'One category, brand, supplier, attribute or banner',
  response: shopTermWithHistorySchema,
  errors: [401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'put',
  path: '/api/admin/shop-terms/:id',
  summary: 'Update a category, brand, supplier, attribute or banner (with a reason)',
  body: shopTermBodySchema,
  response: savedShopTermSchema,
  status: 201,
  errors: [400, 401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'delete',
  path: '/api/admin/shop-terms/:id',
  summary: 'Remove one (reason in the body or query)',
  response: removedSchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-coupons',
  summary: 'Coupons with their redemptions',
  query: listQuery,
  response: z.array(couponRecordSchema),
  errors: [400, 401, 403],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-coupons',
  summary: 'Create a coupon (percent or amount, expiry, total and per-member limits)',
  body: couponCreateSchema,
  response: savedCouponSchema,
  status: 201,
  errors: [400, 401, 403, 409],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-coupons/:id',
  summary: 'One coupon with its redemptions',
  response: couponWithHistorySchema,
  errors: [401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-coupons/:id/disable',
  summary: 'Disable a coupon',
  body: reasonOnlySchema,
  response: savedCouponSchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-orders',
  summary: 'Orders; filter by status, member_id, q',
  query: listQuery,
  response: z.array(staffOrderSchema),
  errors: [400, 401, 403],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-orders/:id',
  summary: 'An order with its snapshot and event history',
  response: staffOrderRecordSchema,
  errors: [401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-orders/:id/packing',
  summary: 'Mark the order as being packed',
  response: staffOrderRecordSchema,
  errors: [401, 403, 404, 409],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-orders/:id/ship',
  summary: 'Mark shipped with carrier and tracking number',
  body: shipSchema,
  response: staffOrderRecordSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-orders/:id/deliver',
  summary: 'Mark delivered',
  response: staffOrderRecordSchema,
  errors: [401, 403, 404, 409],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-orders/:id/refund',
  summary:
    'Refund through the payments port with an internal reason and, apart, an optional message for the member; stock goes back ' +
    'when the provider confirms',
  body: refundSchema,
  response: refundAnswerSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-orders/:id/cancel',
  summary: 'Cancel an unpaid order (with a reason)',
  body: reasonOnlySchema,
  response: staffOrderRecordSchema,
  errors: [400, 401, 403, 404, 409],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-gift-cards',
  summary:
    'Gift cards (last 4, balance, state, expiry, the order that bought them); filter q (last 4 or order number), code (a ' +
    'whole code, looked up by its keyed hash), status, member_id, order_id',
  query: listQuery,
  response: z.array(giftCardRecordSchema),
  errors: [400, 401, 403],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-gift-cards/:id',
  summary: 'A gift card with its history',
  response: giftCardWithHistorySchema,
  errors: [401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-gift-cards/:id/cancel',
  summary: 'Cancel a gift card with a reason: its unspent balance is voided',
  body: giftCardCancelSchema,
  response: giftCardWithHistorySchema,
  errors: [400, 401, 403, 404],
});
documentRoute({
  ...staff,
  method: 'get',
  path: '/api/admin/shop-gift-card-terms',
  summary: 'The gift card expiry terms, every dated version with its source (the one in force marked)',
  query: listQuery,
  response: z.array(giftCardTermsRecordSchema),
  errors: [400, 401, 403],
});
documentRoute({
  ...staff,
  method: 'post',
  path: '/api/admin/shop-gift-card-terms',
  summary:
    'A new version of the gift card expiry terms from its effective date, with its source and a reason; a period under the legal minimum is refused',
  body: giftCardTermsBodySchema,
  response: giftCardTermsRecordSchema,
  status: 201,
  errors: [400, 401, 403],
});
