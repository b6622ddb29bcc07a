import { money, type Cart } from './api';

/** Subtotal, discounts, delivery, total and the GST it contains: the figures the tax invoice will show. */
export function CartSummary({ cart }: { cart: Cart }) {
  return (
    <dl className="cart-summary" aria-label="Order summary">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(cart.subtotal)}</dd>
      </div>
      {cart.discounts.map((d) => (
        <div key={`${d.kind}${d.code ?? ''}`}>
          <dt>{d.kind === 'team' ? `Team mates discount (${d.percent ?? 20}%)` : `Coupon ${d.code ?? ''}`}</dt>
          <dd>-{money(d.cents)}</dd>
        </div>
      ))}
      <div>
        <dt>Shipping</dt>
        <dd>{cart.shipping === 0 ? 'Free' : money(cart.shipping)}</dd>
      </div>
      <div className="cart-summary__total">
        <dt>Total</dt>
        <dd>{money(cart.total)}</dd>
      </div>
      <div className="cart-summary__gst">
        <dt>Includes GST of</dt>
        <dd>{money(cart.tax)}</dd>
      </div>
    </dl>
  );
}
