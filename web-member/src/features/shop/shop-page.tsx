import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Empty, Spinner } from '../../components/ui/feedback';
import { Head } from '../../components/ui/head';
import { paths } from '../../config/paths';
import { useLoad } from '../../lib/use-load';
import { fetchProducts, imageUrl, type ShopSettings } from './api';
import { ProductCard } from './product-card';
import { ShopGate } from './shop-gate';
import './shop.css';

const SORTS: Record<string, string> = { newest: 'Newest', price_asc: 'Price: low to high', price_desc: 'Price: high to low', name: 'Name' };

export function ShopPage() {
  return (
    <>
      <Head title="Pro Shop" />
      <ShopGate>{(settings) => <Catalogue settings={settings} />}</ShopGate>
    </>
  );
}

function Catalogue({ settings }: { settings: ShopSettings }) {
  const [params, setParams] = useSearchParams();
  const q = {
    category: params.get('category') ?? '',
    brand: params.get('brand') ?? '',
    search: params.get('search') ?? '',
    sort: params.get('sort') ?? 'newest',
    page: Number(params.get('page') ?? '1') || 1,
  };
  const [search, setSearch] = useState(q.search);
  const [state] = useLoad(() => fetchProducts({ ...q, page: q.page }), params.toString());
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ search: search.trim() });
  };
  if (state.status === 'error') console.error('products failed', state.error);
  return (
    <section className="shop container">
      <div className="shop__head">
        <h1>ROAR Store</h1>
        <Link to={paths.cart.getHref()} className="btn btn--ghost">
          Cart
        </Link>
      </div>
      {settings.banners.length > 0 && (
        <div className="shop-banners">
          {settings.banners.map((b) => (
            <Link
              key={b.id}
              to={b.link}
              className="shop-banner"
              style={{ backgroundImage: `linear-gradient(90deg, rgba(5, 13, 34, 0.7), rgba(5, 13, 34, 0.05) 70%), url(${imageUrl(b.image)})` }}
            >
              <strong>{b.title}</strong>
              <span>{b.subtitle}</span>
            </Link>
          ))}
        </div>
      )}
      <form className="shop-filters" onSubmit={submitSearch} role="search">
        <label>
          <span>Search</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Polo, putter, gift card..." />
        </label>
        <label>
          <span>Category</span>
          <select value={q.category} onChange={(e) => set({ category: e.target.value })}>
            <option value="">All categories</option>
            {settings.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Brand</span>
          <select value={q.brand} onChange={(e) => set({ brand: e.target.value })}>
            <option value="">All brands</option>
            {settings.brands.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Sort by</span>
          <select value={q.sort} onChange={(e) => set({ sort: e.target.value })}>
            {Object.entries(SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <Empty />}
      {state.status === 'loaded' && state.data.data.length === 0 && <Empty />}
      {state.status === 'loaded' && state.data.data.length > 0 && (
        <>
          <ul className="product-grid" aria-label="Products">
            {state.data.data.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </ul>
          {state.data.meta.pages > 1 && (
            <nav className="pager" aria-label="Pages">
              <button type="button" className="btn btn--ghost" disabled={q.page <= 1} onClick={() => set({ page: String(q.page - 1) })}>
                Previous
              </button>
              <span>
                Page {q.page} of {state.data.meta.pages}
              </span>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={q.page >= state.data.meta.pages}
                onClick={() => set({ page: String(q.page + 1) })}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
