export { shopProjector } from './projector';
/** The event types that change the shop read model's products, stock and coupons (each kept by its own types: shop/read-cache.ts in the api). */
export { COUPON_TYPES as SHOP_COUPON_TYPES, PRODUCT_TYPES as SHOP_PRODUCT_TYPES, STOCK_TYPES as SHOP_STOCK_TYPES } from './projector';
export * from './rows';
export * from './queries';
