import { afterEach, describe, expect, it } from '@jest/globals';
import type { ProductDto } from '@aero/contracts';
import { makeStore } from '@aero/web-shared-store';
import { productSlug, productsApi } from './products.api.js';

const product = { id: 201, name: 'Part-145 Initial Training', url: '/e-shop/part-145-initial-training' } as ProductDto;

describe('productsApi', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('loads GET /api/products and keeps its data list', async () => {
    const urls: string[] = [];
    globalThis.fetch = (input: RequestInfo | URL) => {
      urls.push(new URL((input as Request).url).pathname);
      return Promise.resolve(Response.json({ data: [product] }));
    };
    const store = makeStore();
    const result = await store.dispatch(productsApi.endpoints.getProducts.initiate());
    expect(result.data).toEqual([product]);
    expect(urls).toEqual(['/api/products']);
  });

  it('searches with GET /api/products/search?query= and courses with GET /product-search?query=&limit=10&type=course', async () => {
    const urls: string[] = [];
    globalThis.fetch = (input: RequestInfo | URL) => {
      const url = new URL((input as Request).url);
      urls.push(url.pathname + url.search);
      return Promise.resolve(Response.json({ data: [product] }));
    };
    const store = makeStore();
    const found = await store.dispatch(productsApi.endpoints.searchProducts.initiate('part 145'));
    await store.dispatch(productsApi.endpoints.searchCourses.initiate('part'));
    expect(found.data).toEqual([product]);
    expect(urls).toEqual(['/api/products/search?query=part+145', '/product-search?query=part&limit=10&type=course']);
  });

  it('derives the slug from the product address', () => {
    expect(productSlug(product)).toBe('part-145-initial-training');
    expect(productSlug({ url: '/e-shop/wallet-top-up-100/' })).toBe('wallet-top-up-100');
  });
});
