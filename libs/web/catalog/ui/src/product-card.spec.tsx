import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { ProductDto } from '@aero/contracts';
import { MemoryRouter } from 'react-router';
import { PackageContents } from './package-contents.js';
import { ProductCard } from './product-card.js';

const product: ProductDto = {
  id: 201,
  name: 'Part-145 Initial Training',
  description: 'Maintenance organisation approval.',
  type: 'course',
  price: 149,
  quantity: 1,
  discount: 0,
  category: 'Part-145',
  url: '/e-shop/part-145-initial-training',
  images: { '16by9': '/images/products/part-145-16by9.svg', thumbnail: '/images/products/part-145-thumb.svg' },
  formatted_price: '€149.00',
  currency: 'EUR',
  program_id: 2001,
  package: [],
  combination_tags: [],
};

describe('ProductCard', () => {
  it('shows the 16:9 picture, the linked name, the type, the price and the description', () => {
    const { container } = render(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Part-145 Initial Training' }).getAttribute('href')).toBe(
      '/e-shop/part-145-initial-training',
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/products/part-145-16by9.svg');
    expect(screen.getByText('Course')).toBeTruthy();
    expect(screen.getByText('€149.00')).toBeTruthy();
    expect(screen.getByText('Maintenance organisation approval.')).toBeTruthy();
  });
});

describe('PackageContents', () => {
  it('links each contained product and shows its quantity', () => {
    render(
      <MemoryRouter>
        <PackageContents items={[{ id: 202, name: 'Part-145 Continuation Training', url: '/e-shop/part-145-continuation-training', quantity: 5 }]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Part-145 Continuation Training' }).getAttribute('href')).toBe(
      '/e-shop/part-145-continuation-training',
    );
    expect(screen.getByLabelText('Quantity: 5').textContent).toBe('× 5');
  });
});
