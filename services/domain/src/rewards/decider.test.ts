import { describe, expect, it } from 'vitest';
import { DomainError } from '@roar/platform';
import { createEventRegistry } from '../registry';
import { memberHasRewardsAccess } from './access';
import { partnerDecider, rewardRevealDecider, offerIsLive, NO_REWARDS_ACCESS } from './decider';
import { offerFieldsSchema, PartnerAdded, type OfferFields, type PartnerEvent, type PartnerFields } from './events';
import { clubMonth } from './month';
import { DeciderSpecification } from '@roar/platform/testing';

const at = '2026-11-01T00:00:00.000Z';
const partner: PartnerFields = {
  name: 'Fairway Supply Co. (sample)',
  logo: '/partners/fairway.svg',
  category: 'tickets-and-gear',
  sample: true,
  status: 'published',
  sort: 1,
};
const offer: OfferFields = {
  title: 'Golf gear',
  saving: 'save 20-30%',
  terms: 'Online only.',
  redeem_method: 'code',
  redeem_value: 'ROAR25',
  starts_at: null,
  ends_at: null,
  status: 'published',
  featured: true,
};
const added: PartnerEvent = { type: 'PartnerAdded', data: { partnerId: 'p1', fields: partner, at } };

const given = DeciderSpecification.for(partnerDecider);

describe('partner decider', () => {
  it('adds a partner once', () => {
    given([]).when({ type: 'AddPartner', partnerId: 'p1', fields: partner, at }).then([added]);
    given([added]).when({ type: 'AddPartner', partnerId: 'p1', fields: partner, at }).thenThrows('This partner already exists.');
  });

  it('records a change only when a field changed', () => {
    given([added]).when({ type: 'ChangePartner', fields: partner, at }).thenNothingHappened();
    const renamed = { ...partner, name: 'Fairway (sample)' };
    given([added])
      .when({ type: 'ChangePartner', fields: renamed, at })
      .then([{ type: 'PartnerChanged', data: { partnerId: 'p1', fields: renamed, at } }]);
  });

  it('adds and changes offers of an existing partner only', () => {
    given([]).when({ type: 'AddOffer', offerId: 'o1', fields: offer, at }).thenThrows('This partner does not exist.');
    const offerAdded: PartnerEvent = { type: 'OfferAdded', data: { partnerId: 'p1', offerId: 'o1', fields: offer, at } };
    given([added]).when({ type: 'AddOffer', offerId: 'o1', fields: offer, at }).then([offerAdded]);
    given([added]).when({ type: 'ChangeOffer', offerId: 'o2', fields: offer, at }).thenThrows('This offer does not exist.');
    const archived = { ...offer, status: 'archived' as const };
    expect(given([added, offerAdded]).when({ type: 'ChangeOffer', offerId: 'o1', fields: archived, at }).events()[0]?.type).toBe('OfferChanged');
  });

  it('refuses a code offer without a code and a link offer without an https link', () => {
    expect(offerFieldsSchema.safeParse({ ...offer, redeem_value: '' }).success).toBe(false);
    expect(offerFieldsSchema.safeParse({ ...offer, redeem_method: 'link', redeem_value: 'javascript:alert(1)' }).success).toBe(false);
    expect(offerFieldsSchema.safeParse({ ...offer, redeem_method: 'card', redeem_value: '' }).success).toBe(true);
  });

  it('every event it writes passes the registry', () => {
    const registry = createEventRegistry();
    expect(registry.has('PartnerAdded') && registry.has('OfferRevealed')).toBe(true);
    expect(PartnerAdded.schema.safeParse(added.data).success).toBe(true);
    expect(PartnerAdded.schema.safeParse({ ...added.data, fields: { ...partner, logo: 'https://cdn.example.com/x.png' } }).success).toBe(false);
  });
});

describe('offer reveals', () => {
  const reveal = {
    type: 'RevealOffer' as const,
    memberId: 'm1',
    partnerId: 'p1',
    offerId: 'o1',
    redeemMethod: 'code' as const,
    hasRewardsAccess: true,
    offerIsLive: true,
    at: '2026-11-30T14:00:00.000Z',
  };

  it('records the reveal in the Sydney month', () => {
    // 14:00 UTC on 30 November is 01:00 on 1 December in Sydney.
    expect(rewardRevealDecider.decide(reveal, rewardRevealDecider.initialState)[0]?.data.month).toBe('2026-12');
    expect(clubMonth('2026-11-30T12:00:00.000Z')).toBe('2026-11');
  });

  it('refuses a member without rewards access', () => {
    const attempt = () => rewardRevealDecider.decide({ ...reveal, hasRewardsAccess: false }, rewardRevealDecider.initialState);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(NO_REWARDS_ACCESS);
  });

  it('an offer is live only when published and within its dates', () => {
    const now = new Date(at);
    expect(offerIsLive(partner, offer, now)).toBe(true);
    expect(offerIsLive({ status: 'draft' }, offer, now)).toBe(false);
    expect(offerIsLive(partner, { ...offer, ends_at: at }, now)).toBe(false);
    expect(offerIsLive(partner, { ...offer, starts_at: '2026-11-02T00:00:00.000Z' }, now)).toBe(false);
  });
});

describe('rewards access', () => {
  const now = new Date('2026-11-15T00:00:00.000Z');
  const none = {
    membership: { membershipEndDate: null, tier: { rewards_access: false, shop_access: false } },
    teamBenefitUntil: null,
    rewardsDayGrants: [],
  };
  it('opens with the tier, a running team month or running rewards days, and not otherwise', () => {
    expect(memberHasRewardsAccess(none, now)).toBe(false);
    expect(
      memberHasRewardsAccess({ ...none, membership: { membershipEndDate: null, tier: { rewards_access: true, shop_access: false } } }, now),
    ).toBe(true);
    expect(
      memberHasRewardsAccess(
        { ...none, membership: { membershipEndDate: '2026-11-14T00:00:00.000Z', tier: { rewards_access: true, shop_access: false } } },
        now,
      ),
    ).toBe(false);
    expect(memberHasRewardsAccess({ ...none, teamBenefitUntil: '2026-11-20T00:00:00.000Z' }, now)).toBe(true);
    expect(memberHasRewardsAccess({ ...none, rewardsDayGrants: [{ purchasedAt: '2026-11-01T00:00:00.000Z', rewardsDays: 30 }] }, now)).toBe(true);
    expect(memberHasRewardsAccess({ ...none, rewardsDayGrants: [{ purchasedAt: '2026-10-01T00:00:00.000Z', rewardsDays: 30 }] }, now)).toBe(false);
  });
});
