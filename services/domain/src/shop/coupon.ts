import { z } from 'zod';
import { defineEvent, DomainError, type Decider, type DomainEvent } from '@roar/platform';
import { couponCodeSchema, couponTermsSchema, type CouponTerms } from '@roar/contracts/shop';
import { cents, text } from '../primitives';

/** A coupon's code and terms on the wire are the contract's. */
export { couponCodeSchema, couponTermsSchema, type CouponTerms } from '@roar/contracts/shop';

/**
 * A coupon is its own stream; every redemption is appended at the expected revision, so the
 * total and per-member limits hold exactly when many checkouts race (no count-then-act).
 */
const id = text().min(1).max(200);
const reason = text().trim().min(1).max(500);

export const CouponCreated = defineEvent('CouponCreated', z.object({ terms: couponTermsSchema, reason }).strict());
export const CouponRedeemed = defineEvent(
  'CouponRedeemed',
  z.object({ code: couponCodeSchema, orderId: id, memberId: id, discount_cents: cents() }).strict(),
);
/** The order it was redeemed for was not paid (or was refunded): the use comes back. */
export const CouponRedemptionReleased = defineEvent(
  'CouponRedemptionReleased',
  z.object({ code: couponCodeSchema, orderId: id, reason: text().min(1).max(200) }).strict(),
);
export const CouponDisabled = defineEvent('CouponDisabled', z.object({ code: couponCodeSchema, reason }).strict());
export const couponEvents = [CouponCreated, CouponRedeemed, CouponRedemptionReleased, CouponDisabled] as const;

type Ev<D extends { type: string; schema: z.ZodType }> = DomainEvent<D['type'], z.infer<D['schema']>>;
export type CouponEvent = Ev<typeof CouponCreated> | Ev<typeof CouponRedeemed> | Ev<typeof CouponRedemptionReleased> | Ev<typeof CouponDisabled>;
export const couponStreamId = (code: string): string => `coupon-${code.toUpperCase()}`;

export type CouponState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'disabled';
      readonly terms: CouponTerms;
      readonly redemptions: readonly { readonly orderId: string; readonly memberId: string }[];
    };

export type CouponCommand =
  | { readonly type: 'CreateCoupon'; readonly terms: CouponTerms; readonly reason: string }
  | { readonly type: 'RedeemCoupon'; readonly orderId: string; readonly memberId: string; readonly discount_cents: number; readonly at: string }
  | { readonly type: 'ReleaseCouponRedemption'; readonly orderId: string; readonly reason: string }
  | { readonly type: 'DisableCoupon'; readonly reason: string };

export const COUPON_NOT_FOUND = 'This coupon code is not valid.';

/** Why this member cannot use the coupon at `at`, or null. Used by the cart (to refuse) and by RedeemCoupon. */
export function couponProblem(state: CouponState, memberId: string, at: string, exceptOrderId: string | null = null): string | null {
  if (state.status === 'absent') return COUPON_NOT_FOUND;
  const { terms } = state;
  if (terms.memberId !== null && terms.memberId !== memberId) return COUPON_NOT_FOUND;
  if (state.status === 'disabled') return 'This coupon is no longer available.';
  if (terms.expiresAt !== null && Date.parse(terms.expiresAt) <= Date.parse(at)) return 'This coupon has expired.';
  const uses = state.redemptions.filter((r) => r.orderId !== exceptOrderId);
  if (terms.totalLimit !== null && uses.length >= terms.totalLimit) return 'This coupon has been fully redeemed.';
  if (terms.perMemberLimit !== null && uses.filter((r) => r.memberId === memberId).length >= terms.perMemberLimit)
    return 'You have already used this coupon.';
  return null;
}

export function evolveCoupon(state: CouponState, event: CouponEvent): CouponState {
  if (event.type === 'CouponCreated') return { status: 'active', terms: event.data.terms, redemptions: [] };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'CouponRedeemed':
      return { ...state, redemptions: [...state.redemptions, { orderId: event.data.orderId, memberId: event.data.memberId }] };
    case 'CouponRedemptionReleased':
      return { ...state, redemptions: state.redemptions.filter((r) => r.orderId !== event.data.orderId) };
    case 'CouponDisabled':
      return { ...state, status: 'disabled' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function decideCoupon(command: CouponCommand, state: CouponState): CouponEvent[] {
  switch (command.type) {
    case 'CreateCoupon':
      if (state.status !== 'absent') throw new DomainError('conflict', 'This coupon code already exists.');
      return [{ type: 'CouponCreated', data: { terms: command.terms, reason: command.reason.trim() || 'created' } }];
    case 'RedeemCoupon': {
      if (state.status !== 'absent' && state.redemptions.some((r) => r.orderId === command.orderId)) return [];
      const problem = couponProblem(state, command.memberId, command.at);
      if (problem || state.status === 'absent')
        throw new DomainError(problem === COUPON_NOT_FOUND ? 'not_found' : 'conflict', problem ?? COUPON_NOT_FOUND);
      return [
        {
          type: 'CouponRedeemed',
          data: { code: state.terms.code, orderId: command.orderId, memberId: command.memberId, discount_cents: command.discount_cents },
        },
      ];
    }
    case 'ReleaseCouponRedemption':
      if (state.status === 'absent' || !state.redemptions.some((r) => r.orderId === command.orderId)) return [];
      return [{ type: 'CouponRedemptionReleased', data: { code: state.terms.code, orderId: command.orderId, reason: command.reason } }];
    case 'DisableCoupon':
      if (state.status === 'absent') throw new DomainError('not_found', COUPON_NOT_FOUND);
      if (state.status === 'disabled') return [];
      return [{ type: 'CouponDisabled', data: { code: state.terms.code, reason: command.reason.trim() || 'disabled' } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = {
  decide: decideCoupon,
  evolve: evolveCoupon,
  initialState: { status: 'absent' },
};
