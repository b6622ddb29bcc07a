import type { AppContext } from '../context';
import type { PaymentStep } from '../payments/process-manager';
import { grantReferralBonus, voidReferralForRefund } from './bonus';

/**
 * The referral step of the payment process manager, for a referred member's paid membership or
 * single-entry checkout. Happy path: the first such payment grants the bonus (both members' entries).
 * Compensation: a refund of the payment that earned it voids the referral and revokes its entries.
 * Registered after the membership step, so it runs once the membership is active.
 */
export function referralPaymentStep(app: AppContext): PaymentStep {
  return {
    name: 'referral bonus',
    purposes: ['join', 'upgrade', 'single-entry'],
    paid: (ctx, p) => {
      if (!p.checkout.tier) throw new Error(`${p.checkout.purpose} checkout ${p.checkout.checkoutId} names no tier`);
      return grantReferralBonus(app, ctx, {
        refereeId: p.checkout.memberId,
        paymentId: p.paymentId,
        amount_cents: p.amount_cents,
        tier: p.checkout.tier,
      });
    },
    refunded: (ctx, p) => voidReferralForRefund(app, ctx, p.memberId, p.paymentId, p.reason),
  };
}
