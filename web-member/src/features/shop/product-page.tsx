import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Empty, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { fetchCart, fetchProductBySlug, imageUrl, money, saveCart, type Product, type ShopSettings } from './api';
import { addLine, itemsOf } from './cart-rules';
import { STOCK_LABEL } from './product-card';
import { ShopGate } from './shop-gate';
import './shop.css';

export function ProductPage() {
  const { slug = '' } = useParams();
  return (
    <>
      <Head title="Product" />
      <ShopGate>{(settings) => <ProductLoader slug={slug} settings={settings} />}</ShopGate>
    </>
  );
}

function ProductLoader({ slug, settings }: { slug: string; settings: ShopSettings }) {
  const [state] = useLoad(() => fetchProductBySlug(slug), slug);
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') {
    console.error('product failed', state.error);
    return (
      <section className="shop container">
        <Empty />
        <Link to={paths.proShop.getHref()}>Back to the ROAR Store</Link>
      </section>
    );
  }
  return <ProductDetail product={state.data} settings={settings} />;
}

function ProductDetail({ product, settings }: { product: Product; settings: ShopSettings }) {
  const axes = useMemo(() => {
    const keys = [...new Set(product.variants.flatMap((v) => Object.keys(v.attributes)))];
    return keys.map((key) => ({
      key,
      name: settings.attributes.find((a) => a.key === key)?.name ?? key,
      values: [...new Set(product.variants.map((v) => v.attributes[key] ?? ''))],
    }));
  }, [product, settings]);
  const [choice, setChoice] = useState<Record<string, string>>(() => ({
    ...(product.variants.find((v) => v.available > 0) ?? product.variants[0])?.attributes,
  }));
  const [qty, setQty] = useState(1);
  const [delivery, setDelivery] = useState(settings.deliveries[0]?.code ?? 'standard');
  // Spec section 8: cart failures are logged only and show nothing.
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'added' }>({ kind: 'idle' });
  const variant = product.variants.find((v) => axes.every((a) => v.attributes[a.key] === choice[a.key]));
  const digital = product.product_type === 'digital';

  const add = async () => {
    if (!variant) return;
    setStatus({ kind: 'saving' });
    const current = await fetchCart();
    if (!current.ok) {
      console.error('cart failed', current.error);
      setStatus({ kind: 'idle' });
      return;
    }
    const items = addLine(itemsOf(current.data), { product: product.id, sku: variant.sku, qty, delivery_method: delivery }, digital);
    const saved = await saveCart({ items });
    if (!saved.ok) {
      console.error('cart save failed', saved.error);
      setStatus({ kind: 'idle' });
      return;
    }
    setStatus({ kind: 'added' });
  };

  return (
    <section className="shop container product">
      <Head title={product.name} />
      <Link to={paths.proShop.getHref()} className="back-link">
        ← Back to the ROAR Store
      </Link>
      <div className="product__layout">
        <img className="product__image" src={imageUrl(product.image_landscape)} alt={product.name} width={800} height={800} />
        <div className="product__info">
          <h1>{product.name}</h1>
          <p className="product__price">{money(variant?.price ?? product.price)}</p>
          <p className="product__gst">Price includes GST</p>
          <p>{product.description}</p>
          {axes.map((a) => (
            <label key={a.key} className="field">
              <span>{a.name}</span>
              <select aria-label={a.name} value={choice[a.key] ?? ''} onChange={(e) => setChoice({ ...choice, [a.key]: e.target.value })}>
                {a.values.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {variant && (
            <p className={`stock stock--${variant.stock_state}`}>
              {variant.stock_state === 'low_stock' ? `Only ${variant.available} left` : STOCK_LABEL[variant.stock_state]}
            </p>
          )}
          <label className="field">
            <span>Quantity</span>
            <input
              type="number"
              aria-label="Quantity"
              min={1}
              max={99}
              value={qty}
              onChange={(e) => setQty(Math.min(99, Math.max(1, Math.floor(Number(e.target.value) || 1))))}
            />
          </label>
          {digital ? (
            <p className="notice">Delivered by email as soon as your order is paid.</p>
          ) : (
            <label className="field">
              <span>Delivery</span>
              <select aria-label="Delivery" value={delivery} onChange={(e) => setDelivery(e.target.value)}>
                {settings.deliveries.map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.name} ({d.price === 0 ? 'free' : money(d.price)})
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            className="btn btn--gold btn--lg"
            disabled={!variant || variant.available < qty || status.kind === 'saving'}
            onClick={() => void add()}
          >
            {status.kind === 'saving' ? 'Adding...' : 'Add to cart'}
          </button>
          {status.kind === 'added' && (
            <p className="notice" role="status">
              Added to your cart. <Link to={paths.cart.getHref()}>View cart</Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
