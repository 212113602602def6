import type { CartMeta, CartView, ProductDto } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Browser } from './support/browser.js';
import { startPlatform, type Platform } from './support/platform.js';

describe('gateway: search, cart, vouchers and content (shop §7)', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });

  afterAll(async () => {
    await platform?.stop();
  });

  /** A visitor who has loaded a page: session and XSRF cookies set. */
  async function visitor(): Promise<Browser> {
    const browser = new Browser(platform.url);
    await browser.get('/api/cart');
    return browser;
  }

  const json = async <T>(res: Response) => (await res.json()) as T;

  describe('search', () => {
    it('finds products despite typos, with the product fields', async () => {
      const res = await fetch(`${platform.url}/api/products/search?query=maintenence%20practises`);
      expect(res.status).toBe(200);
      const { data } = await json<{ data: ProductDto[] }>(res);
      expect(data[0]).toEqual(expect.objectContaining({ id: 107, formatted_price: '€199.00', currency: 'EUR' }));
    });

    it('/product-search honours limit and type', async () => {
      const { data } = await json<{ data: ProductDto[] }>(await fetch(`${platform.url}/product-search?query=part&limit=3&type=course`));
      expect(data).toHaveLength(3);
      expect(data.every((p) => p.type === 'course')).toBe(true);
    });

    it('answers 422 for a bad limit or type, and an empty list for an empty query', async () => {
      const bad = await fetch(`${platform.url}/product-search?query=part&limit=abc&type=spaceship`);
      expect(bad.status).toBe(422);
      const body = await json<{ errors: Record<string, string[]> }>(bad);
      expect(body.errors.limit[0]).toBe('The limit must be a whole number.');
      expect(body.errors.type).toEqual(['The selected type is invalid.']);
      expect(await json(await fetch(`${platform.url}/api/products/search?query=`))).toEqual({ data: [] });
    });
  });

  describe('cart', () => {
    it('adds, updates, removes and empties through the gateway with totals in meta', async () => {
      const browser = await visitor();
      let res = await browser.request('POST', '/api/cart/add', { body: { product_id: 107, quantity: 2 }, csrf: true });
      expect(res.status).toBe(200);
      let cart = await json<CartView>(res);
      expect(cart.data).toEqual([expect.objectContaining({ id: 107, quantity: 2 })]);
      expect(cart.meta).toEqual(expect.objectContaining({ before_discount: 398, final: 398, voucher_code: null }));

      res = await browser.request('POST', '/api/cart/add', { body: { product_id: 107, quantity: 5, update: true }, csrf: true });
      expect((await json<CartView>(res)).data[0].quantity).toBe(5);

      await browser.request('POST', '/api/cart/add', { body: { product_id: 301, quantity: 3 }, csrf: true });
      res = await browser.request('DELETE', '/api/cart/remove', { body: { product_id: 107 }, csrf: true });
      cart = await json<CartView>(res);
      expect(cart.data.map((l) => [l.id, l.quantity])).toEqual([[301, 3]]);

      res = await browser.request('DELETE', '/api/cart/empty', { csrf: true });
      expect(res.status).toBe(200);
      expect((await json<CartView>(await browser.get('/api/cart'))).data).toEqual([]);
    });

    it('keeps each visitor\'s cart to their own session', async () => {
      const alice = await visitor();
      const bob = await visitor();
      await alice.request('POST', '/api/cart/add', { body: { product_id: 201, quantity: 1 }, csrf: true });
      expect((await json<CartView>(await bob.get('/api/cart'))).data).toEqual([]);
      expect((await json<CartView>(await alice.get('/api/cart'))).data).toHaveLength(1);
    });

    it.each([
      [{ product_id: 107, quantity: -2 }, 'quantity', 'The quantity must be a whole number of at least 1.'],
      [{ product_id: 107, quantity: 'two' }, 'quantity', 'The quantity must be a whole number of at least 1.'],
      [{ product_id: 107, quantity: 1.5 }, 'quantity', 'The quantity must be a whole number of at least 1.'],
      [{ product_id: 107 }, 'quantity', 'The quantity is required.'],
      [{ product_id: 999999, quantity: 1 }, 'product_id', 'The selected product does not exist.'],
      [{ product_id: 'abc', quantity: 1 }, 'product_id', 'The selected product does not exist.'],
      [{ quantity: 1 }, 'product_id', 'The product is required.'],
    ])('answers 422 for %j under the field', async (body, field, message) => {
      const browser = await visitor();
      const res = await browser.request('POST', '/api/cart/add', { body, csrf: true });
      expect(res.status).toBe(422);
      const answer = await json<{ message: string; errors: Record<string, string[]> }>(res);
      expect(answer.errors[field][0]).toBe(message);
    });

    it('refuses unknown fields, a missing CSRF token and a wrong method', async () => {
      const browser = await visitor();
      const extra = await browser.request('POST', '/api/cart/add', { body: { product_id: 107, quantity: 1, price: 0 }, csrf: true });
      expect(extra.status).toBe(422);
      expect(Object.keys((await json<{ errors: Record<string, string[]> }>(extra)).errors)).toEqual(['price']);

      const noToken = await browser.request('POST', '/api/cart/add', { body: { product_id: 107, quantity: 1 } });
      expect(noToken.status).toBe(419);

      const wrongMethod = await browser.request('GET', '/api/cart/add', { headers: { 'x-requested-with': 'XMLHttpRequest' } });
      expect(wrongMethod.status).toBe(404);
      expect(wrongMethod.headers.get('content-type')).toMatch(/json/);
      expect((await json<CartView>(await browser.get('/api/cart'))).data).toEqual([]);
    });

    it('removing a product that is not in the cart is a 422, not a 500', async () => {
      const browser = await visitor();
      const res = await browser.request('DELETE', '/api/cart/remove', { body: { product_id: 107 }, csrf: true });
      expect(res.status).toBe(422);
    });
  });

  describe('vouchers', () => {
    it('applies and removes a voucher, answering the cart meta', async () => {
      const browser = await visitor();
      await browser.request('POST', '/api/cart/add', { body: { product_id: 201, quantity: 1 }, csrf: true });
      let res = await browser.request('POST', '/voucher/apply/SPRING25', { csrf: true });
      expect(res.status).toBe(200);
      let answer = await json<{ cart: { meta: CartMeta }; message: string }>(res);
      expect(answer.cart.meta).toEqual(expect.objectContaining({ voucher_code: 'SPRING25', voucher_discount: 37.25, final: 111.75 }));
      res = await browser.request('DELETE', '/voucher/remove', { csrf: true });
      answer = await json(res);
      expect(answer.cart.meta).toEqual(expect.objectContaining({ voucher_code: null, final: 149 }));
    });

    it('answers a missing code with the required message and an unknown one with not found', async () => {
      const browser = await visitor();
      await browser.request('POST', '/api/cart/add', { body: { product_id: 201, quantity: 1 }, csrf: true });
      const missing = await browser.request('POST', '/voucher/apply/', { csrf: true });
      expect(missing.status).toBe(422);
      expect(await json(missing)).toEqual(
        expect.objectContaining({ code: 'exceptions.voucher.required', errors: { code: ['Voucher code is required.'] } }),
      );
      const unknown = await browser.request('POST', '/voucher/apply/NOSUCHCODE', { csrf: true });
      expect(unknown.status).toBe(422);
      expect((await json<{ message: string }>(unknown)).message).toBe('This voucher code does not exist.');
    });

    it('rate limits voucher attempts per address with a 429 that says when to retry', async () => {
      const browser = await visitor();
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        statuses.push((await browser.request('POST', `/voucher/apply/GUESS${i}`, { csrf: true })).status);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      const limited = await browser.request('POST', '/voucher/apply/GUESS', { csrf: true });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  describe('content', () => {
    it('serves the FAQ, the articles of the spec, slides and client logos', async () => {
      const faq = await json<{ data: { visible: boolean }[] }>(await fetch(`${platform.url}/api/content/faq`));
      expect(faq.data.length).toBeGreaterThan(3);
      for (const slug of ['faq-corporate-account', 'terms-and-conditions', 'privacy-policy']) {
        const res = await fetch(`${platform.url}/api/content/articles/${slug}`);
        expect(res.status).toBe(200);
      }
      expect((await fetch(`${platform.url}/api/content/articles/unknown`)).status).toBe(404);
      expect((await json<{ data: unknown[] }>(await fetch(`${platform.url}/api/content/slides`))).data).toHaveLength(3);
      expect((await json<{ data: unknown[] }>(await fetch(`${platform.url}/api/content/client-logos`))).data).toHaveLength(6);
    });
  });
});
