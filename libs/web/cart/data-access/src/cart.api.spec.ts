import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CartView } from '@aero/contracts';
import { makeStore, selectFlashMessages, type AppStore } from '@aero/web-shared-store';
import { CART_FIXTURE, cartLine, cartView, deferred, mockFetch, PRODUCTS_FIXTURE, type FetchMock, type FetchReply } from '@aero/web-shared-testing';
import { applyQuantityChange, emptyCart } from './cart-math.js';
import { cartApi } from './cart.api.js';
import { addedToCartModalOpened, selectAddedProductId } from './cart-ui.slice.js';

const MATHS = PRODUCTS_FIXTURE[0]; // id 101, €99

/** Lets the mutation's follow-up (cache update, flash) run after its request settled. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const serverError = { status: 500, body: { message: 'Internal error' } };

describe('cart api', () => {
  let fetchMock: FetchMock;
  let store: AppStore;

  afterEach(() => {
    fetchMock.restore();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  const cart = (): CartView | undefined => cartApi.endpoints.getCart.select()(store.getState()).data;
  const lines = () => cart()?.data.map((line) => [line.id, line.quantity]);
  const flashes = () => selectFlashMessages(store.getState()).map((message) => [message.kind, message.text]);

  /** A store whose cart (CART_FIXTURE: 2 × #201, 1 × #402) is loaded, and the other answers. */
  async function loadedCart(answers: Parameters<typeof mockFetch>[0] = {}) {
    fetchMock = mockFetch({ 'GET /api/cart': { body: CART_FIXTURE }, ...answers });
    store = makeStore();
    void store.dispatch(cartApi.endpoints.getCart.initiate());
    await store.dispatch(cartApi.endpoints.getCart.initiate()); // a second view of the cart
    expect(lines()).toEqual([
      [201, 2],
      [402, 1],
    ]);
  }

  it('loads GET /api/cart once, however many views need it', async () => {
    await loadedCart();
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    expect(fetchMock.callsTo('GET', '/api/cart')).toHaveLength(1);
  });

  describe('add (POST /api/cart/add)', () => {
    let answer: ReturnType<typeof deferred<FetchReply>>;
    beforeEach(() => {
      answer = deferred<FetchReply>();
    });

    it('shows the new line at once, then the server cart, and flashes "Product added to cart"', async () => {
      document.cookie = 'XSRF-TOKEN=token-1; path=/';
      await loadedCart({ 'POST /api/cart/add': () => answer.promise });
      const adding = store.dispatch(cartApi.endpoints.addToCart.initiate({ product_id: MATHS.id, quantity: 1, product: MATHS }));

      expect(lines()).toEqual([
        [201, 2],
        [402, 1],
        [101, 1],
      ]);
      expect(cart()?.meta).toMatchObject({ before_discount: 1287, final: 1287, items_count: 4 });

      const fromServer = cartView([cartLine(201, 2), cartLine(402, 1), cartLine(101, 1)], { voucher_code: 'HANGAR10', voucher_discount: 10 });
      answer.resolve({ body: fromServer });
      await adding;
      await settle();

      expect(cart()).toEqual(fromServer);
      expect(flashes()).toEqual([['success', 'Product added to cart']]);
      const [call] = fetchMock.callsTo('POST', '/api/cart/add');
      expect(call.body).toEqual({ product_id: 101, quantity: 1 });
      expect(call.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    });

    it('rolls the line back when the server fails, with "Could not add product to cart."', async () => {
      await loadedCart({ 'POST /api/cart/add': () => answer.promise });
      const adding = store.dispatch(cartApi.endpoints.addToCart.initiate({ product_id: 201, quantity: 3 }));
      expect(lines()).toEqual([
        [201, 5],
        [402, 1],
      ]);

      answer.resolve(serverError);
      await adding;
      await settle();
      expect(cart()).toEqual(CART_FIXTURE);
      expect(flashes()).toEqual([['error', 'Could not add product to cart.']]);
    });

    it('rolls back a new line on a network failure too', async () => {
      await loadedCart({ 'POST /api/cart/add': () => Promise.reject(new TypeError('Failed to fetch')) });
      await store.dispatch(cartApi.endpoints.addToCart.initiate({ product_id: MATHS.id, quantity: 1, product: MATHS }));
      await settle();
      expect(cart()).toEqual(CART_FIXTURE);
      expect(flashes()).toEqual([['error', 'Could not add product to cart.']]);
    });

    it('sets the quantity with update, and sends the update flag', async () => {
      await loadedCart({ 'POST /api/cart/add': () => answer.promise });
      const updating = store.dispatch(cartApi.endpoints.addToCart.initiate({ product_id: 201, quantity: 7, update: true }));
      expect(lines()).toEqual([
        [201, 7],
        [402, 1],
      ]);
      expect(cart()?.data[0].total).toBe(1043);
      answer.resolve({ body: cartView([cartLine(201, 7), cartLine(402, 1)]) });
      await updating;
      await settle();
      expect(fetchMock.callsTo('POST', '/api/cart/add')[0].body).toEqual({ product_id: 201, quantity: 7, update: true });
    });

    it('removes a line locally when its quantity reaches 0 or below', async () => {
      await loadedCart({ 'POST /api/cart/add': () => answer.promise });
      const adding = store.dispatch(cartApi.endpoints.addToCart.initiate({ product_id: 201, quantity: -2 }));
      expect(lines()).toEqual([[402, 1]]);
      expect(cart()?.meta).toMatchObject({ before_discount: 890, items_count: 1 });
      answer.resolve({ body: cartView([cartLine(402, 1)]) });
      await adding;
      await settle();

      const setting = store.dispatch(cartApi.endpoints.addToCart.initiate({ product_id: 402, quantity: 0, update: true }));
      expect(lines()).toEqual([]);
      await setting;
      await settle();
    });
  });

  describe('remove (DELETE /api/cart/remove)', () => {
    it('removes the line at once and flashes "Product removed from cart"', async () => {
      const answer = deferred<FetchReply>();
      await loadedCart({ 'DELETE /api/cart/remove': () => answer.promise });
      const removing = store.dispatch(cartApi.endpoints.removeFromCart.initiate({ product_id: 201 }));
      expect(lines()).toEqual([[402, 1]]);
      answer.resolve({ body: cartView([cartLine(402, 1)]) });
      await removing;
      await settle();
      expect(flashes()).toEqual([['success', 'Product removed from cart']]);
      expect(fetchMock.callsTo('DELETE', '/api/cart/remove')[0].body).toEqual({ product_id: 201 });
    });

    it('puts the line back when the server fails, with "Could not remove product from cart."', async () => {
      await loadedCart({ 'DELETE /api/cart/remove': { status: 422, body: { message: 'Not in the cart', errors: {} } } });
      await store.dispatch(cartApi.endpoints.removeFromCart.initiate({ product_id: 201 }));
      await settle();
      expect(cart()).toEqual(CART_FIXTURE);
      expect(flashes()).toEqual([['error', 'Could not remove product from cart.']]);
    });
  });

  describe('empty (DELETE /api/cart/empty)', () => {
    it('empties the cart and its voucher at once and flashes "Cart is empty"', async () => {
      await loadedCart({ 'DELETE /api/cart/empty': { body: {} } });
      await store.dispatch(cartApi.endpoints.emptyCart.initiate());
      await settle();
      expect(cart()).toEqual(emptyCart());
      expect(flashes()).toEqual([['success', 'Cart is empty']]);
    });

    it('restores the cart when the server fails, with "Could not empty cart."', async () => {
      await loadedCart({ 'DELETE /api/cart/empty': serverError });
      await store.dispatch(cartApi.endpoints.emptyCart.initiate());
      await settle();
      expect(cart()).toEqual(CART_FIXTURE);
      expect(flashes()).toEqual([['error', 'Could not empty cart.']]);
    });
  });

  describe('vouchers', () => {
    it('POST /voucher/apply/{code} replaces the totals with cart.meta and flashes voucher.success', async () => {
      const meta = { ...CART_FIXTURE.meta, voucher_code: 'HANGAR 10', voucher_discount: 118.8, final: 1069.2 };
      await loadedCart({ 'POST /voucher/apply/HANGAR%2010': { body: { cart: { meta }, message: 'Applied' } } });
      await store.dispatch(cartApi.endpoints.applyVoucher.initiate('HANGAR 10'));
      await settle();
      expect(cart()?.meta).toEqual(meta);
      expect(cart()?.data).toEqual(CART_FIXTURE.data);
      expect(flashes()).toEqual([['success', 'Voucher applied successfully.']]);
    });

    it('flashes the server message of a refused voucher', async () => {
      await loadedCart({
        'POST /voucher/apply/OLD': { status: 422, body: { message: 'This voucher has expired.', errors: { code: ['This voucher has expired.'] } } },
      });
      await store.dispatch(cartApi.endpoints.applyVoucher.initiate('OLD'));
      await settle();
      expect(cart()?.meta).toEqual(CART_FIXTURE.meta);
      expect(flashes()).toEqual([['error', 'This voucher has expired.']]);
    });

    it('DELETE /voucher/remove replaces the totals', async () => {
      const meta = { ...CART_FIXTURE.meta, voucher_code: null, voucher_discount: 0 };
      await loadedCart({ 'DELETE /voucher/remove': { body: { cart: { meta }, message: 'Voucher removed.' } } });
      await store.dispatch(cartApi.endpoints.removeVoucher.initiate());
      await settle();
      expect(cart()?.meta).toEqual(meta);
      expect(flashes()).toEqual([['success', 'Voucher removed.']]);
    });
  });

  it('keeps the added-to-cart modal in a client-state slice', async () => {
    await loadedCart();
    store.dispatch(addedToCartModalOpened(201));
    expect(selectAddedProductId(store.getState())).toBe(201);
  });
});

describe('applyQuantityChange', () => {
  it('adds to a line, keeping the voucher reduction within the discounted amount', () => {
    const draft = structuredClone(cartView([cartLine(201, 1)], { voucher_discount: 200, voucher_code: 'BIG' }));
    draft.meta.voucher_discount = 200;
    applyQuantityChange(draft, { product_id: 201, quantity: 1 });
    expect(draft.meta).toMatchObject({ before_discount: 298, with_discount: 298, voucher_discount: 200, final: 98, items_count: 2 });
    applyQuantityChange(draft, { product_id: 201, quantity: 1, update: true });
    expect(draft.meta).toMatchObject({ before_discount: 149, voucher_discount: 149, final: 0 });
  });

  it('ignores a change to a product neither in the cart nor described', () => {
    const draft = structuredClone(CART_FIXTURE);
    applyQuantityChange(draft, { product_id: 999, quantity: 1 });
    expect(draft).toEqual(CART_FIXTURE);
  });
});
