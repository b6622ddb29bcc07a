import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Empty, EmptyState, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { formatDay } from '../../lib/format';
import { cents, day, fetchOrder, fetchOrders, STATUS_LABEL, type Order } from './api';
import './orders.css';

const Back = () => (
  <Link to={paths.dashboard.getHref()} className="back-link">
    ← Back to Dashboard
  </Link>
);

/** The page asked for in `?page=`: a whole number from 1 to 1000 (the server's range), else the first. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}

const ordersCount = (n: number) => `${n} order${n === 1 ? '' : 's'}`;
const pageHref = (page: number) => (page <= 1 ? paths.orders.getHref() : `${paths.orders.getHref()}?page=${page}`);

/** Newer and older pages of orders; nothing when they all fit on one. */
export function OrdersPager({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="orders__pager" aria-label="Orders pages">
      {page > 1 ? <Link to={pageHref(Math.min(page - 1, pages))}>← Newer orders</Link> : <span />}
      <span>{page <= pages ? `Page ${page} of ${pages}, ${ordersCount(total)}` : ordersCount(total)}</span>
      {page < pages ? <Link to={pageHref(page + 1)}>Older orders →</Link> : <span />}
    </nav>
  );
}

export function OrdersPage() {
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const [state] = useLoad(() => fetchOrders(page), `orders:${page}`);
  if (state.status === 'error') console.error('orders failed', state.error);
  const loaded = state.status === 'loaded' ? state.data : null;
  return (
    <section className="orders container">
      <Head title="Orders" />
      <Back />
      <h1>Orders</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <Empty />}
      {loaded && loaded.total === 0 && (
        <EmptyState
          title="No orders yet"
          action={
            <Link className="btn btn--gold" to={paths.proShop.getHref()}>
              Browse the ROAR Store
            </Link>
          }
        >
          Orders you place in the ROAR Store show here, with their delivery and tracking.
        </EmptyState>
      )}
      {loaded && loaded.total > 0 && loaded.orders.length === 0 && (
        <p>
          This page has no orders. <Link to={paths.orders.getHref()}>See your latest orders</Link>
        </p>
      )}
      {loaded && loaded.orders.length > 0 && (
        <ul className="orders__list" aria-label="Your orders">
          {loaded.orders.map((o) => (
            <li key={o.id}>
              <Link to={paths.order.getHref(o.id)} className="order-row">
                <span className="order-row__number">{o.number}</span>
                <span>{day(o.placed_at)}</span>
                <span>{o.item_count} item(s)</span>
                <span className={`order-status order-status--${o.status}`}>{STATUS_LABEL[o.status]}</span>
                <strong>{cents(o.total)}</strong>
                {o.gift_cards.length > 0 && (
                  <span className="order-row__cards">
                    {o.gift_cards
                      .map((g) =>
                        g.status === 'voided'
                          ? `Gift card ending ${g.last4}, cancelled`
                          : g.expires_on
                            ? `Gift card ending ${g.last4}, valid until ${formatDay(g.expires_on)}`
                            : `Gift card ending ${g.last4}`,
                      )
                      .join(' · ')}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {loaded && loaded.total > 0 && <OrdersPager page={page} total={loaded.total} pageSize={loaded.pageSize} />}
    </section>
  );
}

export function OrderPage() {
  const { id = '' } = useParams();
  const [state] = useLoad(() => fetchOrder(id), id);
  if (state.status === 'error') console.error('order failed', state.error);
  return (
    <section className="orders container">
      <Head title="Order" />
      <Link to={paths.orders.getHref()} className="back-link">
        ← All orders
      </Link>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <Empty />}
      {state.status === 'loaded' && <OrderDetail order={state.data} />}
    </section>
  );
}

function OrderDetail({ order: o }: { order: Order }) {
  return (
    <article className="order-detail">
      <h1>Order {o.number}</h1>
      <p>
        Placed {day(o.placed_at)} · <span className={`order-status order-status--${o.status}`}>{STATUS_LABEL[o.status]}</span>
      </p>
      {o.status === 'shipped' && o.carrier && (
        <p className="notice" role="status">
          Shipped with {o.carrier}. Tracking number: <strong>{o.tracking}</strong>
        </p>
      )}
      {o.status === 'refunded' && o.refund_message && <p className="notice">Refunded: {o.refund_message}</p>}
      <table className="order-lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((i) => (
            <tr key={i.sku}>
              <td>
                {i.name}
                {Object.values(i.attributes).length > 0 && <small> {Object.values(i.attributes).join(' / ')}</small>}
              </td>
              <td>{i.qty}</td>
              <td>{cents(i.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-totals">
        <dt>Subtotal</dt>
        <dd>{cents(o.subtotal)}</dd>
        {o.discounts.map((d) => (
          <div key={`${d.kind}${d.kind === 'coupon' ? d.code : ''}`} className="order-totals__row">
            <dt>{d.kind === 'team' ? 'Team mates discount' : `Coupon ${d.code}`}</dt>
            <dd>-{cents(d.cents)}</dd>
          </div>
        ))}
        <dt>Shipping</dt>
        <dd>{o.shipping === 0 ? 'Free' : cents(o.shipping)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{cents(o.total)}</strong>
        </dd>
        <dt>Includes GST of</dt>
        <dd>{cents(o.tax)}</dd>
        {o.gift_card_payment && (
          <div className="order-totals__row">
            <dt>Paid with gift card ending {o.gift_card_payment.last4}</dt>
            <dd>{cents(o.gift_card_payment.cents)}</dd>
          </div>
        )}
        {o.gift_card_payment && (
          <div className="order-totals__row">
            <dt>Paid by card</dt>
            <dd>{cents(o.amount_due)}</dd>
          </div>
        )}
      </dl>
      {o.gift_cards.length > 0 && <GiftCards cards={o.gift_cards} />}
      {o.shipping_address && (
        <p>
          Delivering to {o.shipping_address.first_name} {o.shipping_address.last_name}, {o.shipping_address.line1}, {o.shipping_address.suburb}{' '}
          {o.shipping_address.state} {o.shipping_address.postcode}
        </p>
      )}
    </article>
  );
}

const CARD_STATE = (g: Order['gift_cards'][number]): string =>
  g.status === 'voided' ? 'Cancelled' : g.balance_cents === null ? 'Sent by email' : `${cents(g.balance_cents)} left`;

/** The cards the order bought: codes travel by email only; the expiry is shown here too, as the law asks, and no fee ever applies. */
function GiftCards({ cards }: { cards: Order['gift_cards'] }) {
  return (
    <section className="order-gift-cards" aria-label="Gift cards">
      <h2>Gift cards</h2>
      <ul>
        {cards.map((g, i) => (
          <li key={`${g.last4}${i}`}>
            <strong>
              {cents(g.value_cents)} gift card ending {g.last4}
            </strong>
            <span>{CARD_STATE(g)}</span>
            {g.expires_on && <span>Valid until {formatDay(g.expires_on)}</span>}
          </li>
        ))}
      </ul>
      <p>
        The codes were emailed to you. No fees apply after purchase; spend a card in one go or over several orders by entering its code in your cart.
      </p>
    </section>
  );
}
