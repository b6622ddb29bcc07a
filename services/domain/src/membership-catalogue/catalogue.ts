import { z } from 'zod';
import { membershipStatusSchema, membershipTypeSchema } from '@roar/contracts/members';
import { defineEvent, type DomainEvent } from '@roar/platform';
import { uint4 } from '../primitives';
import { inlineHtml } from '../html';

/** The tier's type and status are the contract's (the catalogue serves them as they are). */
export { membershipStatusSchema, membershipTypeSchema };

/** A membership tier of the catalogue (spec section 3, Membership), money in cents. */
export const tierFieldsSchema = z
  .object({
    // read.memberships.sort is an integer column: a larger sort would be decided, then unstorable.
    sort: uint4(),
    visible: z.boolean(),
    code: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'code is lower-case letters, digits and dashes')
      .min(1)
      .max(40),
    tier: z.string().min(1).max(60),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour is #rrggbb'),
    icon: z.string().max(200),
    initial_tickets: z.number().int().min(0).max(1_000_000),
    cumulative_tickets: z.number().int().min(0).max(1_000_000),
    /** Spec section 3: an item's title "may contain HTML"; it is inline HTML under the one policy. */
    items: z.array(z.object({ title: inlineHtml({ max: 500, required: true }) }).strict()).max(30),
    type: membershipTypeSchema,
    bonus_draws: z.boolean(),
    weekly_draws: z.boolean(),
    rewards_access: z.boolean(),
    shop_access: z.boolean(),
    price_cents: z.number().int().min(0).max(10_000_000),
    currency: z.literal('AUD'),
    referee_entries: z.number().int().min(0).max(100_000),
    referrer_entries: z.number().int().min(0).max(100_000),
    rewards_days: z.number().int().min(0).max(3660),
    cashback_maximum_cents: z.number().int().min(0).max(1_000_000),
    stripe_id: z.string().max(200).nullable(),
  })
  .strict();

export type TierFields = z.infer<typeof tierFieldsSchema>;
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

export const MembershipTierDefined = defineEvent(
  'MembershipTierDefined',
  z.object({ membershipId: uint4().min(1), status: membershipStatusSchema, fields: tierFieldsSchema }).strict(),
);
export const MembershipTierRevised = defineEvent(
  'MembershipTierRevised',
  z
    .object({
      membershipId: uint4().min(1),
      /** Only the fields that changed, with their new values. */
      changes: tierFieldsSchema.partial(),
    })
    .strict(),
);
export const MembershipTierStatusChanged = defineEvent(
  'MembershipTierStatusChanged',
  z.object({ membershipId: uint4().min(1), from: membershipStatusSchema, to: membershipStatusSchema }).strict(),
);

export const membershipCatalogueEvents = [MembershipTierDefined, MembershipTierRevised, MembershipTierStatusChanged] as const;

export type MembershipTierEvent =
  | DomainEvent<'MembershipTierDefined', z.infer<typeof MembershipTierDefined.schema>>
  | DomainEvent<'MembershipTierRevised', z.infer<typeof MembershipTierRevised.schema>>
  | DomainEvent<'MembershipTierStatusChanged', z.infer<typeof MembershipTierStatusChanged.schema>>;

export type MembershipTierState =
  { readonly status: 'absent' } | { readonly status: MembershipStatus; readonly membershipId: number; readonly fields: TierFields };

export const initialTierState: MembershipTierState = { status: 'absent' };

export function evolveTier(state: MembershipTierState, event: MembershipTierEvent): MembershipTierState {
  switch (event.type) {
    case 'MembershipTierDefined':
      return { status: event.data.status, membershipId: event.data.membershipId, fields: event.data.fields };
    case 'MembershipTierRevised':
      if (state.status === 'absent') return state;
      return { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'MembershipTierStatusChanged':
      if (state.status === 'absent') return state;
      return { ...state, status: event.data.to };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const membershipTierStreamId = (membershipId: number): string => `membership-${membershipId}`;
