import type { MembershipStatus, TierFields } from './catalogue';

/**
 * The tiers the product launches with (spec sections 1, 4 and 6): free, single entry, platinum
 * (the top tier: no upgrade offered) and platinum-member, the legacy monthly plan that existing
 * members keep but that is archived for new sign-ups.
 */
export interface SeedTier {
  readonly membershipId: number;
  readonly status: MembershipStatus;
  readonly fields: TierFields;
}

const base = { currency: 'AUD' as const, icon: '', stripe_id: null };

export const SEED_TIERS: readonly SeedTier[] = [
  {
    membershipId: 1,
    status: 'published',
    fields: {
      ...base,
      sort: 1,
      visible: true,
      code: 'free',
      tier: 'Free',
      colour: '#6B7280',
      initial_tickets: 0,
      cumulative_tickets: 0,
      items: [{ title: 'Access to member news and giveaways' }, { title: 'Upgrade any time' }],
      type: 'free',
      bonus_draws: false,
      weekly_draws: false,
      rewards_access: false,
      shop_access: false,
      price_cents: 0,
      referee_entries: 0,
      referrer_entries: 0,
      rewards_days: 0,
      cashback_maximum_cents: 0,
    },
  },
  {
    membershipId: 2,
    status: 'published',
    fields: {
      ...base,
      sort: 2,
      visible: true,
      code: 'single-entry',
      tier: 'Single Entry',
      colour: '#0EA5E9',
      initial_tickets: 10,
      cumulative_tickets: 0,
      items: [{ title: '<strong>10 entries</strong> into the next giveaway' }, { title: 'Pro shop access while your entry is active' }],
      type: 'single-entry',
      bonus_draws: false,
      weekly_draws: false,
      rewards_access: false,
      shop_access: true,
      price_cents: 2000,
      referee_entries: 5,
      referrer_entries: 5,
      rewards_days: 0,
      cashback_maximum_cents: 0,
      stripe_id: 'price_single_entry',
    },
  },
  {
    membershipId: 3,
    status: 'published',
    fields: {
      ...base,
      sort: 3,
      visible: true,
      code: 'platinum',
      tier: 'Platinum',
      colour: '#A78BFA',
      initial_tickets: 50,
      cumulative_tickets: 50,
      items: [
        { title: '<strong>50 entries</strong> every month, stacking' },
        { title: 'Bonus and weekly draws' },
        { title: '5% to 30% off golf gear, groceries and fuel' },
        { title: 'Up to $20 cashback on a round of golf a month' },
        { title: 'Official golf handicap' },
      ],
      type: 'monthly-subscription',
      bonus_draws: true,
      weekly_draws: true,
      rewards_access: true,
      shop_access: true,
      price_cents: 2999,
      referee_entries: 20,
      referrer_entries: 40,
      rewards_days: 30,
      cashback_maximum_cents: 2000,
      stripe_id: 'price_platinum_monthly',
    },
  },
  {
    membershipId: 4,
    status: 'archived',
    fields: {
      ...base,
      sort: 4,
      visible: false,
      code: 'platinum-member',
      tier: 'Platinum Member',
      colour: '#7C3AED',
      initial_tickets: 30,
      cumulative_tickets: 30,
      items: [{ title: '<strong>30 entries</strong> every month, stacking' }, { title: 'Bonus and weekly draws' }, { title: 'Member rewards' }],
      type: 'monthly-subscription',
      bonus_draws: true,
      weekly_draws: true,
      rewards_access: true,
      shop_access: true,
      price_cents: 1999,
      referee_entries: 10,
      referrer_entries: 20,
      rewards_days: 30,
      cashback_maximum_cents: 2000,
      stripe_id: 'price_platinum_member_monthly',
    },
  },
];
