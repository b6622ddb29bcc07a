import { refundDecider, refundStreamId, type TierSnapshot } from '@roar/domain';
import { onShopOrderRefunded } from '../shop/checkout';
import { handleCommand, type CommandContext, type Position } from '@roar/platform';
import { paymentByProviderId } from '@roar/projections';
import type { AppContext } from '../context';
import { onTeamFeeRefunded } from '../teams/refund';
import { grantReferralBonus, voidReferralForRefund } from './bonus';

/** The payment process manager's referral step after a paid membership or single-entry checkout. */
export function onPaidCheckout(app: AppContext, ctx: CommandContext, p: { memberId: string; paymentId: string; amount_cents: number; tier: TierSnapshot }): Promise<{ position: Position } | null> {
  return grantReferralBonus(app, ctx, { refereeId: p.memberId, paymentId: p.paymentId, amount_cents: p.amount_cents, tier: p.tier });
}

/**
 * charge.refunded: finds whose payment it was (read.payments; the renewal rows carry the payment id
 * too), records the refund in the event log (once per payment), then voids a referral that this
 * payment earned, revoking its bonus entries, and takes back what a refunded team fee bought.
 */
export async function onPaymentRefunded(app: AppContext, ctx: CommandContext, p: { paymentId: string; reason: string; amount_cents?: number }): Promise<{ position: Position } | null> {
  const payment = await paymentByProviderId(app.sql, p.paymentId);
  if (!payment) throw new Error(`charge.refunded: no payment ${p.paymentId} in read.payments`);
  const recorded = await handleCommand(app.store, app.registry, refundStreamId(p.paymentId), refundDecider, {
    type: 'RecordRefund',
    paymentId: p.paymentId,
    memberId: payment.member_id,
    checkoutId: payment.checkout_id,
    amount_cents: p.amount_cents ?? payment.amount_cents,
    reason: p.reason.trim() || 'refunded',
    refundedAt: app.now().toISOString(),
  }, ctx);
  const voided = await voidReferralForRefund(app, ctx, payment.member_id, p.paymentId, p.reason);
  const team = await onTeamFeeRefunded(app, ctx, { checkoutId: payment.checkout_id, paymentId: p.paymentId, reason: p.reason.trim() || 'refunded' });
  const shop = await onShopOrderRefunded(app, ctx, { checkoutId: payment.checkout_id, paymentId: p.paymentId, amount_cents: p.amount_cents ?? payment.amount_cents, reason: p.reason.trim() || 'refunded' });
  return shop ?? team ?? voided ?? recorded.appended;
}
