import { z } from 'zod';
import type { RecordedEvent } from '@roar/platform';
import {
  cancellationNoticeSchema,
  createEventRegistry,
  evolveTier,
  initialTierState,
  memberStreamId,
  membershipTierStreamId,
  type MembershipTierEvent,
  type MembershipTierState,
} from '@roar/domain';
import type { ReactorContext } from './reactor';

/**
 * What the member reactors need to know about a member stream, read back from the stream itself
 * (events are facts: the answer for a given event never changes). The schemas are the fields of
 * docs/members-design.md these reactors use, loose so later fields do not break them.
 */
export const tierSnapshot = z.looseObject({ tier: z.string(), price_cents: z.number().int() });

export const memberRegistered = z.looseObject({
  memberId: z.string(),
  email: z.string(),
  firstname: z.string(),
  // A catalogue id (an integer); tolerated as a numeric string.
  chosenMembershipId: z.union([z.number().int(), z.string()]).nullable().optional(),
});
export const checkoutStarted = z.looseObject({ checkoutId: z.string(), purpose: z.string(), tier: tierSnapshot, amount_cents: z.number().int() });
export const membershipActivated = z.looseObject({
  checkoutId: z.string().nullable(),
  paymentId: z.string().nullable(),
  tier: tierSnapshot,
  periodStart: z.string(),
  periodEnd: z.string().nullable(),
});
export const membershipRenewed = z.looseObject({ paymentId: z.string(), tier: tierSnapshot, periodStart: z.string(), periodEnd: z.string() });
export const membershipCancelled = z.looseObject({ endsAt: z.string(), notice: cancellationNoticeSchema.optional() });
export const singleEntryPurchased = z.looseObject({ checkoutId: z.string(), paymentId: z.string(), tier: tierSnapshot, validUntil: z.string() });

export interface MemberFacts {
  readonly email: string | null;
  readonly firstname: string;
  /** Name of the tier the member held as of the event. */
  readonly tier: string | null;
  /** amount_cents of each checkout started so far, by checkout id. */
  readonly checkoutAmounts: ReadonlyMap<string, number>;
}

/** The member's facts up to and including `event`. */
export async function memberFactsAt(event: RecordedEvent, ctx: ReactorContext): Promise<MemberFacts> {
  let email: string | null = null;
  let firstname = '';
  let tier: string | null = null;
  const checkoutAmounts = new Map<string, number>();
  for (const past of await ctx.store.readStream(event.streamId)) {
    if (past.revision > event.revision) break;
    if (past.type === 'MemberRegistered') {
      const d = memberRegistered.parse(past.data);
      email = d.email;
      firstname = d.firstname;
    } else if (past.type === 'MemberEmailChanged') {
      // Staff changed the sign-in email: later mail goes to the new address.
      email = z.object({ email: z.string() }).parse(past.data).email;
    } else if (past.type === 'MembershipCheckoutStarted') {
      const d = checkoutStarted.parse(past.data);
      checkoutAmounts.set(d.checkoutId, d.amount_cents);
    } else if (past.type === 'MembershipActivated' || past.type === 'MembershipRenewed') {
      tier = tierSnapshot.parse((past.data as { tier?: unknown }).tier).tier;
    }
  }
  return { email, firstname, tier, checkoutAmounts };
}

const registry = createEventRegistry();

/** The catalogue name of a tier (for the welcome email), or null when the tier is unknown. */
export async function tierName(membershipId: number, ctx: ReactorContext): Promise<string | null> {
  let state: MembershipTierState = initialTierState;
  for (const past of await ctx.store.readStream(membershipTierStreamId(membershipId))) {
    state = evolveTier(state, registry.decode(past) as unknown as MembershipTierEvent);
  }
  return state.status === 'absent' ? null : state.fields.tier;
}

const atOrBefore = (a: RecordedEvent['position'], b: RecordedEvent['position']): boolean =>
  a.commit < b.commit || (a.commit === b.commit && a.prepare <= b.prepare);
const profileChanges = z.looseObject({ changes: z.looseObject({ firstname: z.string().optional(), lastname: z.string().optional() }) });

export interface MemberNow {
  readonly email: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly referralCode: string | null;
}

/**
 * A member as they stood when `event` (of any stream) was recorded: their events up to its position
 * in the log. The sign-in address staff last set, the name the member last gave. Null when the
 * member stream has no MemberRegistered.
 */
export async function memberAsOf(memberId: string, event: RecordedEvent, ctx: ReactorContext): Promise<MemberNow | null> {
  let member: { email: string; firstname: string; lastname: string; referralCode: string | null } | null = null;
  for (const past of await ctx.store.readStream(memberStreamId(memberId))) {
    if (!atOrBefore(past.position, event.position)) break;
    if (past.type === 'MemberRegistered') {
      const d = memberRegistered.extend({ lastname: z.string().optional(), referralCode: z.string().optional() }).parse(past.data);
      member = { email: d.email, firstname: d.firstname, lastname: d.lastname ?? '', referralCode: d.referralCode ?? null };
    } else if (member && past.type === 'MemberEmailChanged') {
      member.email = z.object({ email: z.string() }).parse(past.data).email;
    } else if (member && past.type === 'MemberProfileUpdated') {
      const { changes } = profileChanges.parse(past.data);
      if (changes.firstname !== undefined) member.firstname = changes.firstname;
      if (changes.lastname !== undefined) member.lastname = changes.lastname;
    }
  }
  return member;
}
