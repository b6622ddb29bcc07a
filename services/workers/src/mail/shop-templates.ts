import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import { DEFAULT_BUSINESS_NAME, formatAbn } from '@roar/platform';
import { longDay } from '@roar/domain';
import { escapeHtml, formatDollars, type RenderedEmail } from './templates';

/** Who sells, as the tax invoice names them: the ATO asks for the seller's identity and ABN. */
export interface Seller {
  readonly name: string;
  /** 11 digits, checked when the configuration was read; null when the club has not set it. */
  readonly abn: string | null;
}

export const DEFAULT_SELLER: Seller = { name: DEFAULT_BUSINESS_NAME, abn: null };

/** The seller as the configuration names it (BUSINESS_NAME, BUSINESS_ABN). */
export function sellerFromConfig(config: { readonly BUSINESS_NAME: string; readonly BUSINESS_ABN?: string | undefined }): Seller {
  return { name: config.BUSINESS_NAME, abn: config.BUSINESS_ABN ?? null };
}

const sellerLine = (seller: Seller): string => `${seller.name}${seller.abn ? `, ABN ${formatAbn(seller.abn)}` : ''}`;

export interface InvoiceLine {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly qty: number;
  readonly unit_cents: number;
  readonly line_cents: number;
  readonly gift_card: boolean;
}
export interface InvoiceOrder {
  readonly number: string;
  readonly placedAt: string;
  readonly lines: readonly InvoiceLine[];
  readonly discounts: readonly { readonly kind: string; readonly code?: string; readonly cents: number }[];
  readonly deliveries: readonly { readonly name: string; readonly cents: number }[];
  readonly subtotal: number;
  readonly discount: number;
  readonly shipping: number;
  readonly tax: number;
  readonly total: number;
  readonly rounding_rule: string;
  readonly billing: { readonly first_name: string; readonly last_name: string } | null;
}

const day = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE });
const money = (c: number): string => `$${(c / 100).toFixed(2)}`;
const describe = (l: InvoiceLine): string => [l.name, ...Object.values(l.attributes)].join(', ');

function page(title: string, paragraphs: readonly string[], table = ''): string {
  return `<!doctype html><html><body style="font-family:sans-serif"><h2>${escapeHtml(title)}</h2>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${table}<p>The ROAR+ team</p></body></html>`;
}

/**
 * The order confirmation as an Australian tax invoice: every line GST-inclusive, the GST contained
 * in the taxable total, and the statement "Total price includes GST". Face-value gift cards are
 * marked: their GST falls due when they are redeemed.
 */
export function orderInvoiceEmail(o: InvoiceOrder, firstname: string, seller: Seller = DEFAULT_SELLER): RenderedEmail {
  const rows: [string, string][] = [
    ...o.lines.map((l): [string, string] => [`${l.qty} x ${describe(l)}${l.gift_card ? ' (gift card, GST-free at sale)' : ''}`, money(l.line_cents)]),
    ...o.discounts.map((d): [string, string] => [d.kind === 'team' ? 'Team mates discount' : `Coupon ${d.code ?? ''}`.trim(), `-${money(d.cents)}`]),
    ...o.deliveries.map((d): [string, string] => [d.name, money(d.cents)]),
    ['Total (AUD)', money(o.total)],
    ['GST included', money(o.tax)],
  ];
  const text = [
    `Hi ${firstname || 'there'},`,
    `Thanks for your order ${o.number}. This email is your tax invoice.`,
    `Tax invoice ${o.number}, issued ${day(o.placedAt)} by ${sellerLine(seller)}.`,
    ...(o.billing ? [`Billed to ${o.billing.first_name} ${o.billing.last_name}`] : []),
    rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
    'Total price includes GST.',
    `GST rounding: ${o.rounding_rule}.`,
    'The ROAR+ team',
  ].join('\n\n');
  const table = `<table>${rows.map(([k, v]) => `<tr><td style="padding:4px 16px 4px 0">${escapeHtml(k)}</td><td align="right">${escapeHtml(v)}</td></tr>`).join('')}</table><p><strong>Total price includes GST.</strong></p><p style="color:#6B7280">GST rounding: ${escapeHtml(o.rounding_rule)}.</p>`;
  return {
    subject: `Tax invoice for your ROAR+ order ${o.number}`,
    text: `${text}\n`,
    html: page(
      `Tax invoice ${o.number}`,
      [`Hi ${firstname || 'there'},`, `Thanks for your order. Issued ${day(o.placedAt)} by ${sellerLine(seller)}.`],
      table,
    ),
  };
}

export function orderShippedEmail(n: { number: string; carrier: string; tracking: string; firstname: string }): RenderedEmail {
  const lines = [`Hi ${n.firstname || 'there'},`, `Your order ${n.number} is on its way with ${n.carrier}.`, `Tracking number: ${n.tracking}`];
  return {
    subject: `Your ROAR+ order ${n.number} has shipped`,
    text: `${[...lines, 'The ROAR+ team'].join('\n\n')}\n`,
    html: page('Your order has shipped', lines),
  };
}

export function orderRefundedEmail(n: {
  number: string;
  amountCents: number;
  taxCents: number;
  message: string;
  firstname: string;
  giftCardCents?: number;
}): RenderedEmail {
  const toCard = `We have refunded ${formatDollars(n.amountCents)} for your order ${n.number} to the card you paid with. It can take 5 to 10 business days to appear.`;
  const lines = [
    `Hi ${n.firstname || 'there'},`,
    ...(n.amountCents > 0 || !n.giftCardCents ? [toCard] : []),
    ...(n.giftCardCents ? [`${formatDollars(n.giftCardCents)} paid from your gift card is back on that gift card, ready to spend.`] : []),
    `This reverses the ${money(n.taxCents)} GST of the order's tax invoice.`,
    n.message,
  ];
  return {
    subject: `Refund for your ROAR+ order ${n.number}`,
    text: `${[...lines, 'The ROAR+ team'].join('\n\n')}\n`,
    html: page('Your refund', lines),
  };
}

/**
 * The gift card itself. Australian Consumer Law: the expiry date is shown on the card (at least 3
 * years from supply; `expiresOn` comes from the club's dated terms) and no fee is charged after sale.
 */
export function giftCardEmail(n: { number: string; code: string; valueCents: number; firstname: string; expiresOn?: string }): RenderedEmail {
  const lines = [
    `Hi ${n.firstname || 'there'},`,
    `Here is your ROAR+ Pro Shop gift card worth ${formatDollars(n.valueCents)} (order ${n.number}).`,
    `Gift card code: ${n.code}`,
    ...(n.expiresOn
      ? [
          `Valid until ${longDay(n.expiresOn)}. No fees apply: the full value is yours to spend at the ROAR+ Pro Shop, in one go or over several orders.`,
        ]
      : []),
    'Enter the code beside the coupon in your cart. Keep it safe: anyone who has it can spend it.',
  ];
  return {
    subject: `Your ROAR+ gift card (${formatDollars(n.valueCents)})`,
    text: `${[...lines, 'The ROAR+ team'].join('\n\n')}\n`,
    html: page('Your gift card', lines),
  };
}
