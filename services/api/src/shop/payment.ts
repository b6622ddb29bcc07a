import type { AppContext } from '../context';
import type { MembersPorts } from '../kernel/ports';
import type { PaymentStep } from '../payments/process-manager';
import { onShopOrderPaid, onShopOrderRefunded } from './checkout';

/**
 * The pro shop's step of the payment process manager (checkout purpose shop-order). Happy path:
 * the order is paid, its stock sold, its gift cards issued (an order cancelled meanwhile, or short
 * of stock, is refunded at once). Compensation: the provider's refund records the order refunded
 * and returns its stock.
 */
export function shopOrderPaymentStep(app: AppContext, ports: MembersPorts): PaymentStep {
  return {
    name: 'shop order',
    purposes: ['shop-order'],
    paid: (ctx, p) => onShopOrderPaid(app, ports, ctx, { checkout: p.checkout, paymentId: p.paymentId, amount_cents: p.amount_cents }),
    refunded: (ctx, p) =>
      onShopOrderRefunded(app, ctx, {
        checkoutId: p.checkout?.checkoutId ?? null,
        paymentId: p.paymentId,
        amount_cents: p.amount_cents,
        reason: p.reason,
      }),
  };
}
