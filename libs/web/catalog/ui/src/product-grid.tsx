import type { ReactNode } from 'react';
import type { ProductDto } from '@aero/contracts';
import { ProductCard } from './product-card.js';
import './catalog-ui.css';

/** Responsive grid of product cards, as a list for assistive technology. */
export function ProductGrid({
  products,
  headingLevel,
  label,
  renderActions,
}: {
  products: ProductDto[];
  headingLevel?: 2 | 3;
  label?: string;
  /** Buttons of each card ("Add to cart"). */
  renderActions?: (product: ProductDto) => ReactNode;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={headingLevel} actions={renderActions?.(product)} />
        </li>
      ))}
    </ul>
  );
}
