import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, ErrorNote, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { formatDay } from '../../lib/format';
import { imageUrl, money, type Cart, type ShopSettings } from './api';
import { CartSummary } from './cart-summary';
import { blockingErrors, itemsOf, shippingFlagOf } from './cart-rules';
import { ShopGate } from './shop-gate';
import { useCart } from './use-cart';
import './shop.css';

export function CartPage() {
  return (
    <>
      <Head title="Cart" />
      <ShopGate>{(settings) => <CartView settings={settings} />}</ShopGate>
    </>
  );
}

function CartView({ settings }: { settings: ShopSettings }) {
  const { cart, loading, saving, save, refusal } = useCart();
  const navigate = useNavigate();
  const [coupon, setCoupon] = useState('');
  if (loading) return <Spinner />;
  if (!cart || cart.items.length === 0) {
    return (
      <section className="shop container">
        <h1>Your Cart</h1>
        <EmptyState
          title="Your cart is empty"
          action={
            <Link className="btn btn--gold" to={paths.proShop.getHref()}>
              Browse the ROAR Store
            </Link>
          }
        >
          Add gear, apparel or a gift card in the ROAR Store, then come back here to check out.
        </EmptyState>
      </section>
    );
  }
  const items = itemsOf(cart);
  const setLine = (i: number, change: Partial<(typeof items)[number]>) =>
    void save({ items: items.map((x, n) => (n === i ? { ...x, ...change } : x)) });
  const lineErrors = (sku: string) => cart.errors.filter((e) => 'sku' in e && e.sku === sku);
  const cartErrors = blockingErrors(cart).filter((e) => !('sku' in e));
  const shippingFlag = shippingFlagOf(cart);
  return (
    <section className="shop container cart">
      <h1>Your Cart</h1>
      <ul className="cart-lines" aria-label="Cart items">
        {cart.items.map((item, i) => (
          <li key={`${item.product}|${item.sku}`} className="cart-line">
            <img src={imageUrl(item.image_portrait)} alt="" width={96} height={96} />
            <div className="cart-line__main">
              <Link to={paths.product.getHref(item.slug)} className="cart-line__name">
                {item.name}
              </Link>
              <span className="cart-line__attrs">{Object.values(item.attributes).join(' / ')}</span>
              <span>{money(item.unit_price)} each</span>
              {lineErrors(item.sku).map((e) => (
                <ErrorNote key={e.code} message={e.message} />
              ))}
            </div>
            <div className="cart-line__controls">
              <label className="field field--inline">
                <span>Qty</span>
                <input
                  type="number"
                  min={1}
                  max={99}
                  value={item.qty}
                  aria-label={`Quantity of ${item.name}`}
                  onChange={(e) => setLine(i, { qty: Math.min(99, Math.max(1, Math.floor(Number(e.target.value) || 1))) })}
                />
              </label>
              {item.product_type === 'physical' ? (
                <label className="field field--inline">
                  <span>Delivery</span>
                  <select
                    value={item.delivery_method ?? ''}
                    aria-label={`Delivery of ${item.name}`}
                    onChange={(e) => setLine(i, { delivery_method: e.target.value })}
                  >
                    {settings.deliveries.map((d) => (
                      <option key={d.code} value={d.code}>
                        {d.name}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <span className="cart-line__digital">Emailed at once</span>
              )}
              <strong>{money(item.line_total)}</strong>
              <button
                type="button"
                className="btn btn--ghost"
                aria-label={`Remove ${item.name}`}
                onClick={() => void save({ items: items.filter((_, n) => n !== i) })}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="cart__bottom">
        <div className="cart__extras">
          <form
            className="coupon-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save({ coupon: coupon.trim() || null });
            }}
          >
            <label className="field">
              <span>Coupon code</span>
              <input value={coupon} onChange={(e) => setCoupon(e.target.value)} placeholder={cart.coupon ?? 'WELCOME10'} />
            </label>
            <button type="submit" className="btn btn--primary" disabled={saving}>
              Apply
            </button>
            {cart.coupon && (
              <button type="button" className="btn btn--ghost" onClick={() => void save({ coupon: null })}>
                Remove {cart.coupon}
              </button>
            )}
          </form>
          <GiftCardForm cart={cart} saving={saving} onSave={(gift_card) => save({ gift_card })} />
          {refusal && <ErrorNote message={refusal} />}
          {cartErrors.map((e) => (
            <ErrorNote key={e.message} message={e.message} />
          ))}
          <NotesField cart={cart} onSave={(notes) => void save({ notes })} />
          <button type="button" className="btn btn--ghost" onClick={() => void save({ items: [] })}>
            Empty cart
          </button>
        </div>
        <div className="cart__totals">
          <CartSummary cart={cart} />
          {shippingFlag && (
            <p className="cart__flag" role="note" data-testid="shipping-flag">
              {shippingFlag.message} You add it at checkout.
            </p>
          )}
          {cart.errors.some((e) => e.code === 'price_changed') && (
            <button type="button" className="btn btn--primary btn--block" onClick={() => void save({ items })}>
              I have seen the new prices
            </button>
          )}
          <button
            type="button"
            className="btn btn--gold btn--lg btn--block"
            disabled={blockingErrors(cart).length > 0 || saving}
            onClick={() => navigate(paths.checkout.getHref())}
          >
            Checkout
          </button>
        </div>
      </div>
    </section>
  );
}

function NotesField({ cart, onSave }: { cart: Cart; onSave: (notes: string | null) => void }) {
  const [notes, setNotes] = useState(cart.notes ?? '');
  return (
    <label className="field">
      <span>Order notes</span>
      <textarea
        value={notes}
        maxLength={1000}
        rows={2}
        onChange={(e) => setNotes(e.target.value)}
        onBlur={() => notes !== (cart.notes ?? '') && onSave(notes.trim() || null)}
      />
    </label>
  );
}

/** A gift card code beside the coupon: the cart shows the card's last 4, what is left on it and until when, never the code. */
function GiftCardForm({ cart, saving, onSave }: { cart: Cart; saving: boolean; onSave: (code: string | null) => Promise<Cart | null> }) {
  const [code, setCode] = useState('');
  const card = cart.gift_card;
  return (
    <form
      className="coupon-form coupon-form--gift"
      aria-label="Gift card"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void onSave(code.trim()).then((saved) => saved && setCode(''));
      }}
    >
      <label className="field">
        <span>Gift card code</span>
        <input value={code} onChange={(e) => setCode(e.target.value)} placeholder="ROAR-XXXX-XXXX-XXXX-XXXX" autoComplete="off" spellCheck={false} />
      </label>
      <button type="submit" className="btn btn--primary" disabled={saving || !code.trim()}>
        Use gift card
      </button>
      {card && (
        <>
          <p className="gift-card-note">
            Gift card ending {card.last4}: {money(card.balance)} on the card, valid until {formatDay(card.expires_on)}.
          </p>
          <button type="button" className="btn btn--ghost" onClick={() => void onSave(null)}>
            Remove gift card
          </button>
        </>
      )}
    </form>
  );
}
