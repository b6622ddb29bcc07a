import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { cancelCheckout, fetchOrderStatus, money, type Cart } from './api';
import { ShopGate } from './shop-gate';
import './shop.css';

/** The payment provider sends the member here after paying; the order is confirmed by the provider's webhook. */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <>
      <Head title="Order Placed" />
      <ShopGate>
        {() => (
          <section className="shop container checkout-result">
            <h1>Thank you for your order</h1>
            {orderId && <PaymentState orderId={orderId} />}
            <p>Your tax invoice is on its way by email, and gift card codes arrive by email at once.</p>
            <div className="checkout-result__actions">
              {orderId && (
                <Link className="btn btn--gold" to={paths.order.getHref(orderId)}>
                  View your order
                </Link>
              )}
              <Link className="btn btn--ghost" to={paths.orders.getHref()}>
                All orders
              </Link>
              <Link className="btn btn--ghost" to={paths.proShop.getHref()}>
                Keep shopping
              </Link>
            </div>
          </section>
        )}
      </ShopGate>
    </>
  );
}

/**
 * The browser comes back before or after the provider's webhook: the order is confirmed by the
 * webhook only, so this waits for it (polling once a second, for up to a minute) rather than guessing.
 */
function PaymentState({ orderId }: { orderId: string }) {
  const [state, setState] = useState<{ number: string; status: string; total: number } | null>(null);
  useEffect(() => {
    let live = true;
    let tries = 0;
    const poll = async () => {
      const r = await fetchOrderStatus(orderId);
      if (!live) return;
      if (r.ok) setState(r.data);
      else console.error('order status failed', r.error);
      if ((!r.ok || r.data.status === 'awaiting_payment') && ++tries < 60) window.setTimeout(() => void poll(), 1000);
    };
    void poll();
    return () => {
      live = false;
    };
  }, [orderId]);
  if (!state || state.status === 'awaiting_payment') return <p role="status">Confirming your payment...</p>;
  return (
    <p role="status">
      Order {state.number} is paid: {money(state.total)}.
    </p>
  );
}

/**
 * The provider's cancel page: the card was declined or the member went back. The unpaid order is
 * given up (its stock goes back) and the cart is kept as it was.
 */
export function CheckoutFailedPage() {
  return (
    <>
      <Head title="Checkout Failed" />
      <ShopGate>{() => <Failed />}</ShopGate>
    </>
  );
}

function Failed() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const [cart, setCart] = useState<Cart | null | 'loading'>(orderId ? 'loading' : null);
  useEffect(() => {
    if (!orderId) return;
    void cancelCheckout(orderId).then((r) => {
      if (r.ok) setCart(r.data);
      else {
        console.error('cancel checkout failed', r.error);
        setCart(null);
      }
    });
  }, [orderId]);
  return (
    <section className="shop container checkout-result">
      <h1>Payment did not go through</h1>
      <p>Your order was not placed and you were not charged.</p>
      {cart === 'loading' ? (
        <Spinner />
      ) : (
        <p>
          {cart && cart.items.length > 0
            ? `Your cart still holds ${cart.items.reduce((n, i) => n + i.qty, 0)} item(s).`
            : 'Your cart is kept as it was.'}
        </p>
      )}
      <div className="checkout-result__actions">
        <Link className="btn btn--gold" to={paths.cart.getHref()}>
          Back to cart
        </Link>
      </div>
    </section>
  );
}
