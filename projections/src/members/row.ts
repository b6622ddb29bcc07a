import { z } from 'zod';
import { isoInstant, type Columns } from '../runner/table';

export const MEMBER_COLUMNS: Columns = [
  ['id', 'text'],
  ['email', 'text'],
  ['firstname', 'text'],
  ['lastname', 'text'],
  ['mobile', 'text', 'null'],
  ['dob', 'text', 'null'],
  ['address', 'text', 'null'],
  ['state', 'text', 'null'],
  ['status', 'text'],
  ['chosen_membership_id', 'integer', 'null'],
  ['membership_id', 'integer', 'null'],
  ['membership_code', 'text', 'null'],
  ['membership_tier', 'text', 'null'],
  ['membership_type', 'text', 'null'],
  ['membership_rewards_access', 'boolean'],
  ['membership_shop_access', 'boolean'],
  ['membership_start_date', 'timestamptz', 'null'],
  ['membership_end_date', 'timestamptz', 'null'],
  ['membership_status', 'text'],
  ['subscription_id', 'text', 'null'],
  ['referral_code', 'text'],
  ['registered_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

export const membershipStatusValues = ['none', 'active', 'cancelled', 'payment_failed'] as const;

/** One row of read.members. The tier columns are the snapshot taken when the plan was activated. */
export const memberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  mobile: z.string().nullable(),
  dob: z.string().nullable(),
  address: z.string().nullable(),
  /** Residential state or territory (issue 22). */
  state: z.string().nullable(),
  /** 'active' once registered (spec: a user is active when status is truthy). */
  status: z.string(),
  chosen_membership_id: z.number().int().nullable(),
  membership_id: z.number().int().nullable(),
  membership_code: z.string().nullable(),
  membership_tier: z.string().nullable(),
  membership_type: z.string().nullable(),
  membership_rewards_access: z.boolean(),
  membership_shop_access: z.boolean(),
  membership_start_date: isoInstant.nullable(),
  /** null: no end (free, or no membership). */
  membership_end_date: isoInstant.nullable(),
  membership_status: z.enum(membershipStatusValues),
  subscription_id: z.string().nullable(),
  referral_code: z.string(),
  registered_at: isoInstant,
  updated_at: isoInstant,
});

export type MemberRow = z.infer<typeof memberRowSchema>;
