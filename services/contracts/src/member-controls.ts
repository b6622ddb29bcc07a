import { z } from 'zod';
import { instant } from './http';
import { CLUB_TIME_ZONE } from './time';

/**
 * Issue 23: a member's own controls over what they spend on draws (a monthly limit, a break,
 * self-exclusion), on the wire between the api and the two consoles.
 */

export const BREAK_LENGTHS = ['24-hours', '7-days', '30-days'] as const;
export const SELF_EXCLUSION_LENGTHS = ['6-months', '1-year', '5-years'] as const;
export const pauseLengthSchema = z.enum([...BREAK_LENGTHS, ...SELF_EXCLUSION_LENGTHS]);
export type PauseLength = z.infer<typeof pauseLengthSchema>;
/** During a pause the member's plan either keeps its billing paused or ends at the period's end. */
export const pauseBillingSchema = z.enum(['pause', 'cancel']);
export type PauseBilling = z.infer<typeof pauseBillingSchema>;

/**
 * Numbers a code of practice sets, as the member-controls answers show them: the club's compliance rules
 * `selfExclusionMinMonths` and `limitRaiseDelayHours` (admins edit them with an effective date and source).
 * The decider is handed the rules in force, never a constant.
 */
export const controlRuleSchema = z.object({
  key: z.enum(['min_self_exclusion_months', 'limit_raise_delay_hours']),
  value: z.number().int().min(0),
  source: z.string().min(1),
  effective_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type ControlRule = z.infer<typeof controlRuleSchema>;
export const setSpendingLimitRequestSchema = z.object({ monthly_limit_cents: z.number().int().min(0).max(100_000_000).nullable() }).strict();
export const startPauseRequestSchema = z.object({ length: pauseLengthSchema, billing: pauseBillingSchema }).strict();

export const memberControlsSchema = z.object({
  monthly_limit_cents: z.number().int().nullable(),
  pending_limit_cents: z.number().int().nullable(),
  pending_limit_applies_at: instant.nullable(),
  spent_this_month_cents: z.number().int(),
  left_this_month_cents: z.number().int().nullable(),
  pause: z
    .object({
      kind: z.enum(['break', 'self-exclusion']),
      length: pauseLengthSchema,
      billing: pauseBillingSchema,
      started_at: instant,
      ends_at: instant,
    })
    .nullable(),
  billing_paused: z.boolean(),
  /** Sentences for the member, in the words. */
  messages: z.array(z.string()),
});
export type MemberControls = z.infer<typeof memberControlsSchema>;

const dateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: CLUB_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
/** "3 Dec 2026, 9:15 pm" in club time. */
export function clubDateTime(at: Date | string): string {
  const parts = Object.fromEntries(dateTime.formatToParts(typeof at === 'string' ? new Date(at) : at).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
}
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2).replace(/\.00$/, '')}`;
}
export const controlText = {
  left: (cents: number) => `You can spend ${dollars(cents)} more on draws this month.`,
  over: (limitCents: number) => `Your monthly limit is ${dollars(limitCents)}. This purchase would go over it.`,
  raisedFrom: (cents: number, at: Date | string) => `Your new limit of ${dollars(cents)} applies from ${clubDateTime(at)}.`,
  onBreak: (until: Date | string) => `You are on a break until ${clubDateTime(until)}. Purchases and renewals are paused.`,
  excluded: (until: Date | string) => `You have excluded yourself until ${clubDateTime(until)}. Purchases and renewals are paused.`,
  cannotEndEarly: 'A break or self-exclusion cannot be ended early.',
};
export const controlRulesAnswerSchema = z.object({ rules: z.array(controlRuleSchema) });
