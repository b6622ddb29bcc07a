import { z } from 'zod';
import { reasonSchema } from '@roar/contracts/staff';
import { membershipStatusSchema, tierFieldsSchema, type MembershipTierCommand, type TierFields } from '@roar/domain';
import type { MembershipRow } from '@roar/projections';
import { HttpError } from '../../http/errors';

/** The reason every staff change carries (the contract's; routes import it from here too). */
export { reasonSchema };

const dollars = z
  .number()
  .min(0)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals');

/** What an edit may carry: any tier field, the status, money in dollars (spec shape) or cents. */
export const membershipEditSchema = tierFieldsSchema
  .partial()
  .extend({ status: membershipStatusSchema.optional(), price: dollars.optional(), cashback_maximum_value: dollars.optional(), reason: reasonSchema });

/**
 * ra-data-simple-rest sends the whole record back on update, read-only fields included. Those
 * are ignored; a key that is neither editable nor part of the record is refused (a typo must
 * not vanish silently).
 */
export function parseMembershipEdit(body: unknown, current: Record<string, unknown>) {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'The request body must be a JSON object.', 'INVALID_PAYLOAD');
  const unknownKeys = Object.keys(body).filter((k) => !(k in membershipEditSchema.shape) && !(k in current));
  if (unknownKeys.length > 0) {
    throw new HttpError(
      400,
      'Invalid request body',
      'INVALID_PAYLOAD',
      unknownKeys.map((k) => ({ message: `${k}: unknown field`, extensions: { code: 'INVALID_PAYLOAD', field: k } })),
    );
  }
  return membershipEditSchema.strip().parse(body);
}

export type MembershipEdit = z.infer<typeof membershipEditSchema>;

/** Cents wins when it was changed; otherwise the dollar field (what the console edits) is used. */
function money(cents: number | undefined, value: number | undefined, currentCents: number): number | undefined {
  if (cents !== undefined && cents !== currentCents) return cents;
  if (value !== undefined) return Math.round(value * 100);
  return cents;
}

/** The commands an edit amounts to: a revision of the changed fields and/or a status change. */
export function membershipEditCommands(id: number, edit: MembershipEdit, row: MembershipRow): MembershipTierCommand[] {
  const { status, price, cashback_maximum_value, reason: _reason, ...fields } = edit;
  const changes: Partial<TierFields> = { ...fields };
  const priceCents = money(fields.price_cents, price, row.price_cents);
  if (priceCents !== undefined) changes.price_cents = priceCents;
  const cashbackCents = money(fields.cashback_maximum_cents, cashback_maximum_value, row.cashback_maximum_cents);
  if (cashbackCents !== undefined) changes.cashback_maximum_cents = cashbackCents;
  // Only differences become facts; the decider drops unchanged values again against the stream.
  const differing = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => JSON.stringify((row as Record<string, unknown>)[key]) !== JSON.stringify(value)),
  ) as Partial<TierFields>;
  const commands: MembershipTierCommand[] = [];
  if (Object.keys(differing).length > 0)
    commands.push({ type: 'ReviseMembershipTier', membershipId: id, changes: tierFieldsSchema.partial().parse(differing) });
  if (status && status !== row.status) commands.push({ type: 'ChangeMembershipTierStatus', membershipId: id, to: status });
  return commands;
}

/** A new tier: every field, money in dollars or cents, with the defaults a form may leave out. */
export const membershipCreateSchema = tierFieldsSchema
  .extend({
    price_cents: tierFieldsSchema.shape.price_cents.optional(),
    price: dollars.optional(),
    cashback_maximum_cents: tierFieldsSchema.shape.cashback_maximum_cents.optional(),
    cashback_maximum_value: dollars.optional(),
    currency: z.literal('AUD').default('AUD'),
    icon: z.string().max(200).default(''),
    stripe_id: z.string().max(200).nullable().default(null),
    items: tierFieldsSchema.shape.items.default([]),
    id: z.number().int().positive().max(1_000_000).optional(),
    status: membershipStatusSchema.default('draft'),
    reason: reasonSchema,
  })
  .strict()
  .transform((v, ctx) => {
    const { price, cashback_maximum_value, id, status, reason, ...rest } = v;
    const price_cents = v.price_cents ?? (price === undefined ? undefined : Math.round(price * 100));
    const cashback_maximum_cents =
      v.cashback_maximum_cents ?? (cashback_maximum_value === undefined ? undefined : Math.round(cashback_maximum_value * 100));
    if (price_cents === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'price is required' });
    if (cashback_maximum_cents === undefined)
      ctx.addIssue({ code: 'custom', path: ['cashback_maximum_value'], message: 'cashback_maximum_value is required' });
    if (price_cents === undefined || cashback_maximum_cents === undefined) return z.NEVER;
    const fields: TierFields = { ...rest, price_cents, cashback_maximum_cents };
    return { id, status, reason, fields };
  });
