import { money, type Cart } from './api';

/** Subtotal, discounts, delivery, total and the GST it contains (the figures the tax invoice will show), then what a gift card pays and what is left. */
export function CartSummary({ cart }: { cart: Cart }) {
  return (
    <dl className="cart-summary" aria-label="Order summary">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(cart.subtotal)}</dd>
      </div>
      {cart.discounts.map((d) => (
        <div key={`${d.kind}${d.kind === 'coupon' ? d.code : ''}`}>
          <dt>{d.kind === 'team' ? `Team mates discount (${d.percent}%)` : `Coupon ${d.code}`}</dt>
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
      {cart.gift_card && cart.gift_card_amount > 0 && (
        <>
          <div>
            <dt>Gift card ending {cart.gift_card.last4}</dt>
            <dd>-{money(cart.gift_card_amount)}</dd>
          </div>
          <div className="cart-summary__total">
            <dt>Left to pay</dt>
            <dd>{money(cart.amount_due)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
