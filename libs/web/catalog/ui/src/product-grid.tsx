import type { ProductDto } from '@aero/contracts';
import { ProductCard } from './product-card.js';
import './catalog-ui.css';

/** Responsive grid of product cards, as a list for assistive technology. */
export function ProductGrid({ products, headingLevel, label }: { products: ProductDto[]; headingLevel?: 2 | 3; label?: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
