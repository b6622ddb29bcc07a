import { z } from 'zod';
import { memberSessionSchema, type MemberSession } from '@roar/contracts/auth';
import { membershipStatusSchema, membershipTypeSchema, type Membership as ContractMembership } from '@roar/contracts/members';

/**
 * Shapes of the content API (spec section 3), parsed at the edge so the screens only ever see
 * checked data. Defaults follow the spec (code 'free', tier 'No Membership').
 */
export { membershipStatusSchema, membershipTypeSchema };

export const membershipSchema = z.object({
  id: z.number().int(),
  sort: z.number().int().nullable().default(null),
  status: membershipStatusSchema,
  visible: z.boolean().default(false),
  code: z.string().nullable().default('free'),
  tier: z.string().default('No Membership'),
  colour: z.string().nullable().default(null),
  icon: z.string().nullable().default(null),
  initial_tickets: z.number().default(0),
  cumulative_tickets: z.number().default(0),
  items: z.array(z.object({ title: z.string() })).default([]),
  type: membershipTypeSchema,
  bonus_draws: z.boolean().default(false),
  weekly_draws: z.boolean().default(false),
  rewards_access: z.boolean().default(false),
  shop_access: z.boolean().default(false),
  price: z.number().nonnegative(),
  referee_entries: z.number().default(0),
  referrer_entries: z.number().default(0),
  rewards_days: z.number().default(0),
  cashback_maximum_value: z.number().default(0),
  stripe_id: z.string().nullable().default(null),
});
export type Membership = z.infer<typeof membershipSchema>;
/** Every tier the catalogue serves (the contract's shape) reads as a Membership: checked here, at compile time. */
export type CatalogueTier = ContractMembership extends Membership ? ContractMembership : never;

/** An information page: the content contract's. */
export { pageSchema, type Page } from '@roar/contracts/content';

export const userSchema = z.object({
  id: z.union([z.string(), z.number()]),
  email: z.string(),
  firstname: z.string().nullable().default(''),
  lastname: z.string().nullable().default(''),
  status: z.union([z.string(), z.boolean(), z.number()]).nullable().default(null),
  membership_id: z.number().int().nullable().default(null),
  membership_end_date: z.string().nullable().default(null),
  referral_code: z.string().nullable().default(null),
  /** Issue 22: residence and date of birth, kept so the dashboard's residence prompt goes once answered. */
  state: z.string().nullish(),
  dob: z.string().nullish(),
});
export type User = z.infer<typeof userSchema>;

/** The member's tokens (`/auth/login`, `/auth/refresh`, and the sign-up's): the contract's. */
export const loginResultSchema = memberSessionSchema;
export type LoginResult = MemberSession;

/** `{ data: T }`: every content answer is wrapped this way. */
export const dataOf = <T extends z.ZodType>(inner: T) => z.object({ data: inner });
