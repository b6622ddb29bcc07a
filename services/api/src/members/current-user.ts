import { isSingleEntryActive, TEAM_RULES } from '@roar/domain';
import { memberSnapshot } from '@roar/projections';
import type { Sql } from '@roar/platform';
import type { MemberUser } from '@roar/contracts/members';
import { handicapRecord } from '../clubhouse/view';

export interface CurrentUser {
  user: {
    id: string;
    email: string;
    firstname: string;
    lastname: string;
    status: string;
    membership_id: number | null;
    membership_end_date: string | null;
    referral_code: string;
    mobile: string | null;
    dob: string | null;
    state: MemberUser['state'];
    address: string | null;
  };
  subscription: {
    id: string | null;
    status: string;
    membership_code: string | null;
    membership_tier: string | null;
    membership_type: string | null;
    start_date: string | null;
    end_date: string | null;
    card: { brand: string; last4: string } | null;
  } | null;
  /** The spec's Handicap record (the member's latest request), with our computed index beside the official one. */
  handicap: ReturnType<typeof handicapRecord>;
  /**
   * A paid team mate's benefits (issue 4): rewards access and 20% off merchandise until `until`,
   * one month after paying, whatever the membership; null when none is running.
   */
  team_benefit: { rewards_access: true; merchandise_discount_percent: number; until: string } | null;
  activeSingleEntries: Array<{ id: string; prize_id: string | null; tickets: number; valid_until: string; purchased_at: string }>;
  previousSingleEntries: Array<{ id: string; prize_id: string | null; tickets: number; valid_until: string; purchased_at: string }>;
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));

/** The spec's current-user answer (section 7), read from the members, payments and single-entry read models. */
export async function currentUser(sql: Sql, memberId: string, now: Date): Promise<CurrentUser | null> {
  const snapshot = await memberSnapshot(sql, memberId, now);
  if (!snapshot) return null;
  const { member: m, singleEntries, card, teamBenefit, handicap } = snapshot;
  const entries = singleEntries.map((e) => ({
    id: e.id,
    prize_id: e.prize_id,
    tickets: e.tickets,
    valid_until: iso(e.valid_until)!,
    purchased_at: iso(e.purchased_at)!,
  }));
  const active = entries.filter((e) => isSingleEntryActive({ validUntil: e.valid_until }, now));
  const previous = entries.filter((e) => !active.includes(e));
  // A visitor who joined with a single entry holds that tier until the entry's draw: the status box
  // shows it (without the word MEMBERSHIP) and offers the upgrade.
  const singleEntryTier = m.membership_id === null ? singleEntries.find((e) => active.some((a) => a.id === e.id)) : undefined;
  return {
    user: {
      id: m.id,
      email: m.email,
      firstname: m.firstname,
      lastname: m.lastname,
      status: m.status,
      membership_id: m.membership_id ?? singleEntryTier?.membership_id ?? null,
      // The day benefits stop: a renewing subscription has none yet (its paid-through date is in
      // `subscription.end_date`); a cancelled or unpaid one ends at its period's end.
      membership_end_date:
        m.membership_id === null && singleEntryTier
          ? iso(singleEntryTier.valid_until)
          : m.membership_status === 'cancelled' || m.membership_status === 'payment_failed'
            ? iso(m.membership_end_date)
            : null,
      referral_code: m.referral_code,
      mobile: m.mobile,
      dob: m.dob,
      state: (m.state ?? null) as MemberUser['state'],
      address: m.address,
    },
    subscription:
      m.membership_status === 'none'
        ? null
        : {
            id: m.subscription_id,
            status: m.membership_status,
            membership_code: m.membership_code,
            membership_tier: m.membership_tier,
            membership_type: m.membership_type,
            start_date: iso(m.membership_start_date),
            end_date: iso(m.membership_end_date),
            card,
          },
    handicap: handicapRecord(handicap, memberId),
    team_benefit: teamBenefit?.benefit_until
      ? { rewards_access: true as const, merchandise_discount_percent: TEAM_RULES.merchandiseDiscountPercent, until: teamBenefit.benefit_until }
      : null,
    activeSingleEntries: active,
    previousSingleEntries: previous,
  };
}
