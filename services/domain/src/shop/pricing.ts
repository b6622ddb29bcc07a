/**
 * Cart and order arithmetic, in integer cents, pure. Prices include GST (10%), so the GST in a
 * total is 1/11 of it. One rounding rule, written down here and recorded on every order:
 * the total-invoice rule of GST Act s9-90 — GST is worked out once on the invoice's taxable total
 * and rounded to the nearest cent, half a cent rounding up. Face-value gift cards are not taxed at
 * sale (GST falls due when the voucher is redeemed, Division 100), so they count outside it.
 */
export const GST_ROUNDING_RULE = 'total-invoice: GST = taxable total / 11, nearest cent, half a cent up (GST Act s9-90)';

export interface DeliveryMethod {
  readonly code: string;
  readonly name: string;
  readonly price_cents: number;
}

/** The delivery methods and their prices (GST-inclusive); each method used is charged once per order. */
export const DELIVERY_METHODS: readonly DeliveryMethod[] = [
  { code: 'standard', name: 'Standard delivery (3-7 business days)', price_cents: 995 },
  { code: 'express', name: 'Express delivery (1-2 business days)', price_cents: 1695 },
  { code: 'pickup', name: 'Click & collect from the pro shop', price_cents: 0 },
];
export const deliveryMethod = (code: string): DeliveryMethod | undefined => DELIVERY_METHODS.find((d) => d.code === code);

/** x / 11 rounded half up, in integers: floor((2x + 11) / 22). */
export const gstOf = (taxableCents: number): number => Math.floor((2 * taxableCents + 11) / 22);
/** base * percent / 100 rounded half up, in integers. */
export const percentOf = (baseCents: number, percent: number): number => Math.floor((2 * baseCents * percent + 100) / 200);

export interface PricingLine {
  readonly productId: string;
  readonly sku: string;
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly product_type: 'physical' | 'digital';
  readonly gift_card: boolean;
  readonly qty: number;
  readonly unit_cents: number;
  readonly delivery_method: string | null;
}

export type AppliedCoupon =
  | { readonly code: string; readonly kind: 'percent'; readonly value: number }
  | { readonly code: string; readonly kind: 'amount'; readonly value: number };

export type Discount =
  | { readonly kind: 'team'; readonly percent: number; readonly cents: number }
  | { readonly kind: 'coupon'; readonly code: string; readonly coupon_kind: 'percent' | 'amount'; readonly value: number; readonly cents: number };

export interface PricedLine extends PricingLine {
  readonly line_cents: number;
}

export interface PricedTotals {
  readonly lines: readonly PricedLine[];
  readonly subtotal: number;
  readonly discounts: readonly Discount[];
  readonly discount: number;
  readonly deliveries: readonly { readonly code: string; readonly name: string; readonly cents: number }[];
  readonly shipping: number;
  /** The part of the total GST is worked out on (everything but face-value gift cards). */
  readonly taxable: number;
  readonly tax: number;
  readonly total: number;
  readonly rounding_rule: string;
}

/**
 * Discounts apply to merchandise only (never gift cards, never delivery): the team mates' 20%
 * first, then a coupon on what is left. An amount coupon never takes the merchandise below zero.
 */
export function priceCart(lines: readonly PricingLine[], coupon: AppliedCoupon | null, teamDiscountPercent: number): PricedTotals {
  const priced = lines.map((l) => ({ ...l, line_cents: l.unit_cents * l.qty }));
  const subtotal = priced.reduce((n, l) => n + l.line_cents, 0);
  const merchandise = priced.filter((l) => !l.gift_card).reduce((n, l) => n + l.line_cents, 0);
  const discounts: Discount[] = [];
  const team = teamDiscountPercent > 0 ? percentOf(merchandise, teamDiscountPercent) : 0;
  if (team > 0) discounts.push({ kind: 'team', percent: teamDiscountPercent, cents: team });
  if (coupon) {
    const left = merchandise - team;
    const cents = coupon.kind === 'percent' ? percentOf(left, coupon.value) : Math.min(coupon.value, left);
    discounts.push({ kind: 'coupon', code: coupon.code, coupon_kind: coupon.kind, value: coupon.value, cents });
  }
  const discount = discounts.reduce((n, d) => n + d.cents, 0);
  const used = [...new Set(priced.filter((l) => l.product_type === 'physical' && l.delivery_method).map((l) => l.delivery_method!))];
  const deliveries = used.flatMap((code) => {
    const d = deliveryMethod(code);
    return d ? [{ code: d.code, name: d.name, cents: d.price_cents }] : [];
  });
  const shipping = deliveries.reduce((n, d) => n + d.cents, 0);
  const taxable = merchandise - discount + shipping;
  const total = subtotal - discount + shipping;
  return {
    lines: priced,
    subtotal,
    discounts,
    discount,
    deliveries,
    shipping,
    taxable,
    tax: gstOf(taxable),
    total,
    rounding_rule: GST_ROUNDING_RULE,
  };
}
