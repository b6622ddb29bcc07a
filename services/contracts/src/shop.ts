import { z } from 'zod';
import { text } from './text';
import { staffEventSchema } from './event-history';
import { AU_STATES, auStateSchema, reasonSchema } from './common';
import { heldForApprovalSchema } from './approvals';

/**
 * The pro shop on the wire: catalogue, cart, checkout, orders, coupons, shop terms, gift cards and
 * gift card terms, for the member routes (/api/shop/*) and the staff resources (/api/admin/shop-*).
 * Money is integer cents, GST-inclusive. Request schemas are what the api parses with; response
 * schemas are what it answers (the response check holds it to them) and what the consoles parse.
 */

// ---------------------------------------------------------------------------------------------
// Primitives: the storable text of ./text; integers and money as a PostgreSQL integer holds them.
const INT4_MAX = 2147483647;
/** A non-negative integer a PostgreSQL `integer` column holds. */
const uint4 = (): z.ZodNumber => z.number().int().min(0).max(INT4_MAX);
/** Money a request sets: integer cents, non-negative, within an `integer` column. */
const centsField = (): z.ZodNumber => z.number().int().min(0).max(INT4_MAX);
const money = z.number().int().describe('integer cents (AUD)');
const at = z.string().describe('ISO-8601 instant');
const nullableAt = at.nullable();

const historyEventSchema = staffEventSchema;
const withHistory = <Shape extends z.ZodRawShape>(s: z.ZodObject<Shape>) => s.extend({ events: z.array(historyEventSchema) });

// ---------------------------------------------------------------------------------------------
// Address (cart, checkout, orders): Australian, its postcode within its state's ranges.

/** The states and territories of an address: the same eight the member profile names. */
export const auAddressStateSchema = auStateSchema;
export { AU_STATES } from './common';
type AddressState = z.infer<typeof auAddressStateSchema>;

/** Australia Post's postcode ranges per state (delivery and PO box ranges). */
const POSTCODE_RANGES: Record<AddressState, readonly (readonly [number, number])[]> = {
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

export function postcodeMatchesState(postcode: string, state: AddressState): boolean {
  if (!/^\d{4}$/.test(postcode)) return false;
  const n = Number(postcode);
  return POSTCODE_RANGES[state].some(([lo, hi]) => n >= lo && n <= hi);
}

export const POSTCODE_MESSAGE = 'Enter the 4-digit postcode of this state';

export const addressSchema = z
  .object({
    first_name: text().trim().min(1, 'Enter a first name').max(80),
    last_name: text().trim().min(1, 'Enter a last name').max(80),
    line1: text().trim().min(1, 'Enter a street address').max(120),
    line2: text().trim().max(120).default(''),
    suburb: text().trim().min(1, 'Enter a suburb').max(80),
    state: z.enum(AU_STATES, { message: 'Choose a state or territory' }),
    postcode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, POSTCODE_MESSAGE),
    phone: z
      .string()
      .trim()
      .max(20)
      .regex(/^[0-9 +()-]*$/, 'Enter a phone number')
      .default(''),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (!postcodeMatchesState(a.postcode, a.state)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: POSTCODE_MESSAGE });
  });
export type Address = z.infer<typeof addressSchema>;

// ---------------------------------------------------------------------------------------------
// Catalogue (member)

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export const productSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof productSortSchema>;
export const SHOP_PAGE_SIZE = 12;

const priceParam = z.coerce.number().int('Prices are whole cents').min(0).max(10_000_000);
/** GET /api/shop/products: the query's fields (documented as they are). */
export const productQueryFields = z
  .object({
    category: z.string().max(120).optional(),
    brand: z.string().max(120).optional(),
    search: z.string().trim().max(100).optional(),
    min_price: priceParam.optional(),
    max_price: priceParam.optional(),
    sort: productSortSchema.optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    page_size: z.coerce.number().int().min(1).max(48).default(SHOP_PAGE_SIZE),
  })
  .strict();
/** The products query as the api parses it: a price range that is not upside down. */
export const productQuerySchema = productQueryFields.refine(
  (q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price,
  {
    message: 'min_price must not be above max_price',
    path: ['min_price'],
  },
);
export type ProductQuery = z.input<typeof productQueryFields>;

export const stockStateSchema = z.enum(['in_stock', 'low_stock', 'out_of_stock']);
export type StockState = z.infer<typeof stockStateSchema>;
export const productTypeSchema = z.enum(['physical', 'digital']);
export type ProductType = z.infer<typeof productTypeSchema>;

/** A product's (and a category's, a brand's, a banner's) slug. */
export const shopSlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug is lower-case letters, digits and single dashes');
export const skuSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Z0-9][A-Z0-9-]*$/, 'A SKU is upper-case letters, digits and dashes');
/** An image path under the configured base path or an image staff uploaded (/media/..., served by the app), never a foreign URL. */
export const shopImagePathSchema = z
  .string()
  .min(1)
  .max(300)
  .regex(/^\/(images|media)\/[a-z0-9/_.-]+$/, 'An image is a path under /images/ or an uploaded image under /media/');

/** A SKU as staff set it (and as the catalogue's events record it). */
export const variantSchema = z
  .object({
    sku: skuSchema,
    /** Size, colour, ... keyed by the shop's attribute keys. */
    attributes: z.record(z.string().min(1).max(40), text().min(1).max(60)),
    /** GST-inclusive. */
    price_cents: centsField().min(1),
  })
  .strict();
export type Variant = z.infer<typeof variantSchema>;

/** A product's own fields as staff set them (and as the catalogue's events record them). */
export const productFieldsSchema = z
  .object({
    slug: shopSlugSchema,
    name: text().trim().min(1).max(160),
    description: text().max(4000),
    product_type: productTypeSchema,
    category: shopSlugSchema,
    brand: shopSlugSchema,
    supplier: text().min(1).max(120),
    image_portrait: shopImagePathSchema.nullable(),
    image_landscape: shopImagePathSchema.nullable(),
    /** A digital gift card's face value is its price; physical goods ship. */
    gift_card: z.boolean(),
  })
  .strict();
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** Shown when a product has no image of its own (spec: "a default product image is used when there is none"). */
export const DEFAULT_PRODUCT_IMAGE = '/images/shop/default-product.svg';

/** One SKU as a member sees it: its price, how many can be bought now and the stock state shown. */
export const productVariantSchema = z.object({
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  price: money,
  available: z.number().int(),
  stock_state: stockStateSchema,
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A product as the shop shows it (a default image stands in for a missing one). */
export const productSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  product_type: productTypeSchema,
  gift_card: z.boolean(),
  category: z.string(),
  brand: z.string(),
  supplier: z.string(),
  image_portrait: z.string(),
  image_landscape: z.string(),
  /** The lowest and highest variant price. */
  price: money,
  price_max: money,
  stock_state: stockStateSchema,
  variants: z.array(productVariantSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z.object({
  data: z.array(productSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), page_size: z.number().int(), pages: z.number().int() }),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const deliveryOptionSchema = z.object({ code: z.string(), name: z.string(), price: money });
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

const shopTermOption = z.object({ id: z.string(), slug: z.string(), name: z.string() });
/** GET /api/shop/settings: the lists the shop pages are built from. */
export const shopSettingsSchema = z.object({
  attributes: z.array(z.object({ key: z.string(), name: z.string() })),
  banners: z.array(z.object({ id: z.string(), title: z.string(), subtitle: z.string(), image: z.string(), link: z.string() })),
  brands: z.array(shopTermOption),
  categories: z.array(shopTermOption),
  suppliers: z.array(z.object({ id: z.string(), name: z.string() })),
  deliveries: z.array(deliveryOptionSchema),
  sorts: z.array(productSortSchema),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Cart and checkout (member)

export const MAX_LINE_QTY = 99;
export const MAX_CART_LINES = 50;

/** The spec's cart data (section 3): what PATCH /api/shop/update-cart takes. Absent fields keep their value; null clears. */
export const cartDataSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            product: text().min(1).max(200),
            sku: z.string().min(1).max(64),
            qty: z
              .number({ message: 'Quantity must be a whole number' })
              .int('Quantity must be a whole number')
              .min(1, `Quantity must be between 1 and ${MAX_LINE_QTY}`)
              .max(MAX_LINE_QTY, `Quantity must be between 1 and ${MAX_LINE_QTY}`),
            delivery_method: z.string().max(40).nullable().optional(),
          })
          .strict(),
      )
      .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines`)
      .optional(),
    shipping_address: addressSchema.nullable().optional(),
    billing_address: addressSchema.nullable().optional(),
    coupon: z.string().trim().max(32).nullable().optional(),
    /** A gift card code, entered beside the coupon (case, spaces and dashes do not matter); null or '' removes it. */
    gift_card: z.string().trim().max(64).nullable().optional(),
    notes: text().max(1000).nullable().optional(),
  })
  .strict();
/** What a save sends (before the api's defaults). */
export type CartData = z.input<typeof cartDataSchema>;

/** A reason the cart cannot be checked out as it is, beside the line it concerns. */
export const cartErrorSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('price_changed'), product: z.string(), sku: z.string(), message: z.string(), from: money, to: money }),
  z.object({ code: z.literal('insufficient_stock'), product: z.string(), sku: z.string(), message: z.string(), available: z.number().int() }),
  z.object({ code: z.literal('unavailable'), product: z.string(), sku: z.string(), message: z.string() }),
  z.object({ code: z.literal('coupon'), message: z.string() }),
  z.object({ code: z.literal('gift_card'), message: z.string() }),
  /** Spec section 4: shipping is required when any item is not digital. Flagged in the cart, entered at checkout. */
  z.object({ code: z.literal('shipping_address_required'), message: z.string() }),
]);
export type CartError = z.infer<typeof cartErrorSchema>;

/** A discount behind a cart's or an order's `discount`: the team mates' percent, or a coupon. */
export const discountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team'), percent: z.number().int(), cents: money }),
  z.object({ kind: z.literal('coupon'), code: z.string(), coupon_kind: z.enum(['percent', 'amount']), value: z.number().int(), cents: money }),
]);
export type Discount = z.infer<typeof discountSchema>;

export const cartItemSchema = z.object({
  product: z.string(),
  sku: z.string(),
  qty: z.number().int(),
  delivery_method: z.string().nullable(),
  /** The unit price the member was last shown. */
  seen_unit_cents: money,
  name: z.string(),
  slug: z.string(),
  product_type: productTypeSchema,
  image_portrait: z.string().nullable(),
  image_landscape: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  unit_price: money,
  line_total: money,
  /** Units that can be bought now; null when the product is gone. */
  in_stock: z.number().int().nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The cart details every cart call answers. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  shipping_address: addressSchema.nullable(),
  billing_address: addressSchema.nullable(),
  coupon: z.string().nullable(),
  notes: z.string().nullable(),
  deliveries: z.array(deliveryOptionSchema),
  errors: z.array(cartErrorSchema),
  subtotal: money,
  shipping: money,
  discount: money,
  tax: money,
  total: money,
  /** The breakdown behind `discount`, and the GST rule: what the tax invoice will say. */
  discounts: z.array(discountSchema),
  rounding_rule: z.string(),
  pending_order_id: z.string().nullable(),
  /** The gift card entered beside the coupon: its last 4, balance and last valid day (never its code). */
  gift_card: z.object({ last4: z.string(), balance: money, expires_on: z.string() }).nullable(),
  /** What the card pays of the total, and what is left to pay by card. */
  gift_card_amount: money,
  amount_due: money,
});
export type Cart = z.infer<typeof cartSchema>;

export const startedCheckoutSchema = z.object({ order_id: z.string(), redirect_url: z.string() });
export type StartedCheckout = z.infer<typeof startedCheckoutSchema>;

/** POST /api/shop/checkout/cancel: the unpaid order the member gives up. */
export const orderActionSchema = z.object({ order_id: z.string().uuid('Unknown order') }).strict();
export type OrderAction = z.infer<typeof orderActionSchema>;

/** GET /api/shop/orders: the member's page. */
export const ordersQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }).strict();
export const MEMBER_ORDERS_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Orders (member and staff)

export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'packing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const giftCardStatusSchema = z.enum(['active', 'voided']);
export type GiftCardStatus = z.infer<typeof giftCardStatusSchema>;

/** What a member sees of their order: the frozen snapshot, states and tracking; gift card codes travel by email only. */
export const orderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  placed_at: at,
  paid_at: nullableAt,
  shipped_at: nullableAt,
  delivered_at: nullableAt,
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  items: z.array(
    z.object({
      product: z.string(),
      sku: z.string(),
      name: z.string(),
      attributes: z.record(z.string(), z.string()),
      product_type: productTypeSchema,
      qty: z.number().int(),
      unit_price: money,
      line_total: money,
      delivery_method: z.string().nullable(),
    }),
  ),
  item_count: z.number().int(),
  subtotal: money,
  discounts: z.array(discountSchema),
  discount: money,
  deliveries: z.array(z.object({ code: z.string(), name: z.string(), cents: money })),
  shipping: money,
  tax: money,
  total: money,
  rounding_rule: z.string(),
  shipping_address: addressSchema.nullable(),
  billing_address: addressSchema.nullable(),
  notes: z.string().nullable(),
  coupon: z.string().nullable(),
  /** The cards this order bought: last 4, value, last valid day (Australian Consumer Law: shown to the buyer), balance and state. */
  gift_cards: z.array(
    z.object({
      sku: z.string(),
      value_cents: money,
      last4: z.string(),
      expires_on: z.string().nullable(),
      balance_cents: money.nullable(),
      status: giftCardStatusSchema.nullable(),
    }),
  ),
  /** The part of the total a gift card paid; amount_due is what the payment card paid. */
  gift_card_payment: z.object({ last4: z.string(), cents: money }).nullable(),
  amount_due: money,
  /** What the club told the member of the refund (never staff's internal reason). */
  refund_message: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const ordersPageSchema = z.object({
  data: z.array(orderSchema),
  meta: z.object({ total: z.number().int().min(0), page: z.number().int().min(1), page_size: z.number().int().min(1) }),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** Staff see both the internal reason and what the member was told, and who and how it was paid. */
export const staffOrderSchema = orderSchema.extend({
  refund_reason: z.string().nullable(),
  member_id: z.string(),
  email: z.string(),
  payment_id: z.string().nullable(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const staffOrderRecordSchema = withHistory(staffOrderSchema);
export type StaffOrderRecord = z.infer<typeof staffOrderRecordSchema>;

/** POST /api/admin/shop-orders/:id/ship */
export const shipSchema = z
  .object({
    carrier: z.string().trim().min(1, 'Name the carrier').max(60),
    tracking: z.string().trim().min(1, 'Give the tracking number').max(60),
    reason: reasonSchema.optional(),
  })
  .strict();
/** POST /api/admin/shop-orders/:id/packing and /deliver: a reason may be given. */
export const optionalReasonSchema = z.object({ reason: reasonSchema.optional() }).strict();
/** Staff writes that take only a reason (cancel an order, disable a coupon, remove a term). */
export const reasonOnlySchema = z.object({ reason: reasonSchema }).strict();
/** A refund's internal reason (the log, the provider) and, apart from it, what the member is told (else a neutral sentence). */
export const refundSchema = z
  .object({
    reason: reasonSchema,
    member_message: z.string().trim().min(3, 'Write the message to the member in a few words, or leave it empty').max(500).optional(),
  })
  .strict();

/** POST /api/admin/shop-orders/:id/refund: the refunded order, or (four-eyes, above the club's amount) the request held for approval. */
export const refundAnswerSchema = z.union([staffOrderRecordSchema, heldForApprovalSchema]);

// ---------------------------------------------------------------------------------------------
// Products (staff)

/** A product in the staff list: the shop's view and whether it is published. */
export const staffProductSchema = productSchema.extend({ published: z.boolean() });
export type StaffProduct = z.infer<typeof staffProductSchema>;

/** A SKU with its price and, once its stock stream is open, its stock counts. */
export const staffVariantSchema = z.object({
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  price_cents: money,
  product_id: z.string().optional(),
  on_hand: z.number().int().optional(),
  reserved: z.number().int().optional(),
  sold: z.number().int().optional(),
});
export type StaffVariant = z.infer<typeof staffVariantSchema>;

/** A product as staff edit it: stock per SKU, dates; what create, edit and a stock change answer. */
export const staffProductRecordSchema = staffProductSchema.extend({ variants: z.array(staffVariantSchema), created_at: at, updated_at: at });
export type StaffProductRecord = z.infer<typeof staffProductRecordSchema>;
/** GET /api/admin/shop-products/:id: the record and the history of the product and its SKUs' stock. */
export const staffProductWithHistorySchema = withHistory(staffProductRecordSchema);

const stockMap = z.record(z.string().max(64), uint4().max(100_000));
/** POST /api/admin/shop-products: a product with its variants and opening stock per SKU. */
export const productCreateSchema = productFieldsSchema
  .extend({ variants: z.array(variantSchema).min(1).max(50), stock: stockMap.default({}), reason: reasonSchema })
  .strict();
/** PUT /api/admin/shop-products/:id: the console sends the whole record back (stock counts included); extra keys are dropped. */
export const productEditSchema = productFieldsSchema
  .extend({ published: z.boolean().optional(), variants: z.array(variantSchema.strip()).min(1).max(50), reason: reasonSchema })
  .strip();

/** POST /api/admin/shop-products/:id/stock: receive (+) or adjust (-) a SKU's stock. */
export const stockChangeSchema = z
  .object({
    sku: z.string().min(1).max(64),
    delta: z
      .number()
      .int()
      .min(-10_000)
      .max(10_000)
      .refine((d) => d !== 0, 'A change of 0 changes nothing'),
    reason: reasonSchema,
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Shop terms: categories, brands, suppliers, attributes (id `kind:slug`) and banners (id `banner:<id>`), staff

/** The kinds of list staff keep by slug (banners are kept apart, by their id). */
export const shopTermKindSchema = z.enum(['category', 'brand', 'supplier', 'attribute']);
export type ShopTermKind = z.infer<typeof shopTermKindSchema>;
export const shopTermSchema = z.object({ kind: shopTermKindSchema, slug: shopSlugSchema, name: text().trim().min(1).max(80) }).strict();
export type ShopTerm = z.infer<typeof shopTermSchema>;
export const shopBannerSchema = z
  .object({
    bannerId: shopSlugSchema,
    title: text().trim().min(1).max(120),
    subtitle: text().max(240),
    image: shopImagePathSchema,
    /** A path inside the member console, e.g. /pro-shop?category=apparel. */
    link: z
      .string()
      .max(300)
      .regex(/^\/[^/]/, 'A banner links inside the site'),
    sort: z.number().int().min(0).max(1000),
  })
  .strict();
export type ShopBanner = z.infer<typeof shopBannerSchema>;
/** POST and PUT /api/admin/shop-terms: a term, or a banner (the console sends banners flat; the route nests them under `banner` before parsing). */
export const shopTermBodySchema = z.union([
  z.object({ kind: z.literal('banner'), banner: shopBannerSchema, reason: reasonSchema }).strict(),
  z.object({ kind: shopTermKindSchema, slug: shopTermSchema.shape.slug, name: shopTermSchema.shape.name, reason: reasonSchema }).strip(),
]);

const storedBannerSchema = z.object({
  bannerId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  link: z.string(),
  sort: z.number().int(),
});
/** A term row with a banner's fields laid flat beside it (as the console edits banners). */
export const shopTermRecordSchema = z.object({
  id: z.string(),
  kind: z.enum([...shopTermKindSchema.options, 'banner']),
  slug: z.string(),
  name: z.string(),
  data: storedBannerSchema.nullable(),
  sort: z.number().int(),
  bannerId: z.string().optional(),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  image: z.string().optional(),
  link: z.string().optional(),
});
export type ShopTermRecord = z.infer<typeof shopTermRecordSchema>;
export const shopTermWithHistorySchema = withHistory(shopTermRecordSchema);
/** POST and PUT /api/admin/shop-terms: the saved term, or only its id should the read model not hold it. */
export const savedShopTermSchema = z.union([shopTermRecordSchema, z.object({ id: z.string() })]);
export const removedSchema = z.object({ id: z.string() });

// ---------------------------------------------------------------------------------------------
// Coupons (staff)

export const couponRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** Percent 1-100, or cents off (GST-inclusive). */
  value: z.number().int(),
  expires_at: nullableAt,
  total_limit: z.number().int().nullable(),
  per_member_limit: z.number().int().nullable(),
  member_id: z.string().nullable(),
  redemptions: z.number().int(),
  status: z.enum(['active', 'disabled']),
  created_at: at,
  updated_at: at,
});
export type CouponRecord = z.infer<typeof couponRecordSchema>;
export const couponWithHistorySchema = withHistory(couponRecordSchema);
/** A coupon's create or disable answer: the coupon, or only its code should the read model not hold it. */
export const savedCouponSchema = z.union([couponRecordSchema, z.object({ id: z.string() })]);
export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(3)
  .max(32)
  .regex(/^[A-Z0-9-]+$/, 'A coupon code is letters, digits and dashes');
/** A coupon's terms, checked after the console's body (and recorded on its stream). */
export const couponTermsSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(['percent', 'amount']),
    /** Percent 1-100, or cents off (GST-inclusive). */
    value: centsField().min(1),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    totalLimit: uint4().min(1).nullable(),
    perMemberLimit: uint4().min(1).nullable(),
    /** A coupon issued to one member only. */
    memberId: text().min(1).max(200).nullable(),
  })
  .strict()
  .refine((c) => c.kind !== 'percent' || c.value <= 100, { message: 'A percentage is at most 100', path: ['value'] });
export type CouponTerms = z.infer<typeof couponTermsSchema>;
/** POST /api/admin/shop-coupons as the console sends it (the terms are then checked as the domain's coupon terms). */
export const couponCreateSchema = z
  .object({
    code: z.string(),
    kind: z.string(),
    value: z.number(),
    expiresAt: z.string().nullable().default(null),
    totalLimit: z.number().nullable().default(null),
    perMemberLimit: z.number().nullable().default(null),
    memberId: z.string().nullable().default(null),
    reason: reasonSchema,
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Gift cards and their terms (staff)

/** What staff see of a card: the last 4 of its code (never the code), its balance, the order that bought it. */
export const giftCardRecordSchema = z.object({
  id: z.string(),
  card_id: z.string(),
  last4: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  member_id: z.string(),
  sku: z.string(),
  value_cents: money,
  balance_cents: money,
  spent_cents: money,
  status: giftCardStatusSchema,
  expires_on: z.string(),
  terms_source: z.string(),
  void_reason: z.string().nullable(),
  issued_at: at,
  updated_at: at,
});
export type GiftCardRecord = z.infer<typeof giftCardRecordSchema>;
export const giftCardWithHistorySchema = withHistory(giftCardRecordSchema);
export const giftCardCancelSchema = z.object({ reason: reasonSchema }).strict();

/** One dated version of the gift card expiry terms; `in_force` marks the version that applies today. */
export const giftCardTermsRecordSchema = z.object({
  id: z.string(),
  expiry_months: z.number().int(),
  legal_minimum_months: z.number().int(),
  effective_from: z.string(),
  source: z.string(),
  in_force: z.boolean(),
});
export type GiftCardTermsRecord = z.infer<typeof giftCardTermsRecordSchema>;

/** One version of the gift card expiry terms as staff set it (and as its stream records it). */
export const giftCardTermsSchema = z
  .object({
    /** How long a card issued under this version is valid, in whole months. */
    expiry_months: z.number().int().min(1).max(1200),
    /** The shortest period the law allows on the day this version takes effect. */
    legal_minimum_months: z.number().int().min(1).max(1200),
    /** The first club day (YYYY-MM-DD, in the club's time zone) this version applies to. */
    effective_from: z.iso.date(),
    /** Where the numbers come from (the Act and section, or the club decision). */
    source: text().trim().min(3).max(500),
  })
  .strict();
export type GiftCardTerms = z.infer<typeof giftCardTermsSchema>;
/** POST /api/admin/shop-gift-card-terms: a new version from its effective date, with a reason. */
export const giftCardTermsBodySchema = giftCardTermsSchema.extend({ reason: reasonSchema }).strict();
