import type { ReactNode } from 'react';
import type { ProductDto } from '@aero/contracts';
import { Link } from 'react-router';
import { ProductTypeBadge } from './product-type-badge.js';
import './catalog-ui.css';

export interface ProductCardProps {
  product: ProductDto;
  /** Heading level of the product name inside its list (h2 on the E-shop, h3 under a section). */
  headingLevel?: 2 | 3;
  /** Buttons under the price ("Add to cart"), given by the feature showing the card. */
  actions?: ReactNode;
}

/** A product in a listing: 16:9 picture, name linking to its page, type, price, short text. */
export function ProductCard({ product, headingLevel = 2, actions }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}-name`}>
      <div className="product-card__media">
        <img src={product.images['16by9']} alt="" width={640} height={360} loading="lazy" decoding="async" />
      </div>
      <div className="product-card__body">
        <div className="product-card__meta">
          <ProductTypeBadge type={product.type} />
          {product.category && <span className="product-card__category">{product.category}</span>}
        </div>
        <Heading className="product-card__name" id={`product-${product.id}-name`}>
          <Link to={product.url} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        <p className="product-card__description">{product.description}</p>
        <div className="product-card__footer">
          <p className="product-card__price">{product.formatted_price}</p>
          {actions && <div className="product-card__actions">{actions}</div>}
        </div>
      </div>
    </article>
  );
}
