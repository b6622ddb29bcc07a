import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { money, startCheckout, type Address, type Cart } from './api';
import { AddressForm, EMPTY_ADDRESS, fieldError } from './address-form';
import { CartSummary } from './cart-summary';
import { blockingErrors, needsShipping } from './cart-rules';
import { ShopGate } from './shop-gate';
import { useCart } from './use-cart';
import './shop.css';

export function CheckoutPage() {
  return (
    <>
      <Head title="Checkout" />
      <ShopGate>{() => <CheckoutLoader />}</ShopGate>
    </>
  );
}

function CheckoutLoader() {
  const cartState = useCart();
  if (cartState.loading) return <Spinner />;
  if (!cartState.cart || cartState.cart.items.length === 0) {
    return (
      <section className="shop container">
        <h1>Checkout</h1>
        <EmptyState
          title="There is nothing to check out"
          action={
            <Link className="btn btn--gold" to={paths.proShop.getHref()}>
              Browse the ROAR Store
            </Link>
          }
        >
          Your cart is empty. Add items in the ROAR Store first: checkout opens from your cart.
        </EmptyState>
      </section>
    );
  }
  return <CheckoutForm cart={cartState.cart} save={cartState.save} refusal={cartState.refusal} saving={cartState.saving} />;
}

function CheckoutForm({
  cart,
  save,
  refusal,
  saving,
}: {
  cart: Cart;
  save: ReturnType<typeof useCart>['save'];
  refusal: string | null;
  saving: boolean;
}) {
  const navigate = useNavigate();
  const shipping = needsShipping(cart);
  const [ship, setShip] = useState<Address>(cart.shipping_address ?? EMPTY_ADDRESS);
  const [bill, setBill] = useState<Address>(cart.billing_address ?? cart.shipping_address ?? EMPTY_ADDRESS);
  const [sameAsShipping, setSame] = useState(
    shipping && (cart.billing_address === null || JSON.stringify(cart.billing_address) === JSON.stringify(cart.shipping_address)),
  );
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const error = fieldError(refusal);
  const errorsOf = (group: string) => (error && error.group === group ? { [error.field]: error.text } : {});

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const saved = await save({ shipping_address: shipping ? ship : null, billing_address: sameAsShipping ? (shipping ? ship : bill) : bill });
    if (!saved) return;
    setPaying(true);
    const started = await startCheckout();
    if (!started.ok) {
      console.error('checkout failed', started.error);
      setPaying(false);
      // A cart that changed meanwhile (price, stock) goes back to the cart, where the change is shown.
      if (started.status === 409) navigate(paths.cart.getHref());
      else setProblem(started.error);
      return;
    }
    window.location.assign(started.data.redirect_url);
  };

  return (
    <section className="shop container checkout">
      <h1>Checkout</h1>
      <form className="checkout__layout" onSubmit={(e) => void pay(e)} noValidate>
        <div className="checkout__forms">
          {shipping && (
            <AddressForm legend="Shipping address" prefix="shipping" value={ship} onChange={setShip} errors={errorsOf('shipping_address')} />
          )}
          {shipping && (
            <label className="checkbox">
              <input type="checkbox" checked={sameAsShipping} onChange={(e) => setSame(e.target.checked)} /> Billing address is the same as shipping
            </label>
          )}
          {!sameAsShipping && (
            <AddressForm legend="Billing address" prefix="billing" value={bill} onChange={setBill} errors={errorsOf('billing_address')} />
          )}
          {refusal && !error && <ErrorNote message={refusal} />}
          {problem && <ErrorNote message={problem} />}
        </div>
        <aside className="checkout__summary">
          <h2>Your order</h2>
          <ul className="checkout__items">
            {cart.items.map((i) => (
              <li key={`${i.product}|${i.sku}`}>
                <span>
                  {i.qty} × {i.name}
                  {Object.values(i.attributes).length > 0 && ` (${Object.values(i.attributes).join(' / ')})`}
                </span>
                <span>{money(i.line_total)}</span>
              </li>
            ))}
          </ul>
          <CartSummary cart={cart} />
          <button type="submit" className="btn btn--gold btn--lg btn--block" disabled={paying || saving || blockingErrors(cart).length > 0}>
            {paying
              ? 'Opening secure payment...'
              : cart.amount_due === 0 && cart.gift_card_amount > 0
                ? `Pay ${money(cart.total)} with gift card`
                : `Pay ${money(cart.amount_due)}`}
          </button>
          <Link to={paths.cart.getHref()}>Back to cart</Link>
        </aside>
      </form>
    </section>
  );
}
