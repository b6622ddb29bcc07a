import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { imageUrl, money, type Product } from './api';

const STOCK_LABEL = { in_stock: 'In stock', low_stock: 'Low stock', out_of_stock: 'Out of stock' } as const;

export function ProductCard({ product }: { product: Product }) {
  const price = product.price === product.price_max ? money(product.price) : `From ${money(product.price)}`;
  return (
    <li className="product-card">
      <Link to={paths.product.getHref(product.slug)} className="product-card__link">
        <img className="product-card__image" src={imageUrl(product.image_portrait)} alt="" loading="lazy" width={400} height={400} />
        <span className="product-card__name">{product.name}</span>
        <span className="product-card__price">{price}</span>
        <span className={`stock stock--${product.stock_state}`}>{STOCK_LABEL[product.stock_state]}</span>
      </Link>
    </li>
  );
}

export { STOCK_LABEL };
