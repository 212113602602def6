import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { cartApi } from '@aero/web-cart-data-access';
import { CART_FIXTURE, cartLine, cartView, deferred, EMPTY_CART_FIXTURE, mockFetch, renderWithProviders, type FetchMock, type FetchReply } from '@aero/web-shared-testing';
import { CartPage } from './cart-page.js';
import { MiniCart, miniCartName } from './mini-cart.js';

const LONG_NAME = '<strong>Part-145</strong> Initial Training for <em>certifying</em> staff and support staff';

describe('MiniCart', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  const plainLink = <a href="/cart">Cart</a>;

  it('is hidden while the cart is empty (the plain cart link shows instead)', async () => {
    fetchMock = mockFetch({ 'GET /api/cart': { body: EMPTY_CART_FIXTURE } });
    renderWithProviders(<MiniCart whenEmpty={plainLink} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(fetchMock.callsTo('GET', '/api/cart')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Cart/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeTruthy();
  });

  it('shows the item count and, opened, the names without markup cut to 40 characters, linking to /cart', async () => {
    fetchMock = mockFetch({ 'GET /api/cart': { body: cartView([cartLine(201, 2, { name: LONG_NAME }), cartLine(301, 1)]) } });
    renderWithProviders(<MiniCart whenEmpty={plainLink} />);
    const toggle = await screen.findByRole('button', { name: 'Cart 3 items' });
    expect(screen.getByTestId('mini-cart-count').textContent).toBe('3');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const items = within(screen.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
    const first = items[0].querySelector('.mini-cart__name')!;
    expect(first.textContent).toBe('Part-145 Initial Training for certifying…');
    expect(first.textContent).toHaveLength(41);
    expect(first.innerHTML).not.toContain('<');
    expect(items[1].querySelector('.mini-cart__name')!.textContent).toBe('Hard-copy certificate');
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('says "1 item" for a single item', async () => {
    fetchMock = mockFetch({ 'GET /api/cart': { body: cartView([cartLine(301, 1)]) } });
    renderWithProviders(<MiniCart />);
    expect(await screen.findByRole('button', { name: 'Cart 1 item' })).toBeTruthy();
  });

  it('follows every cart change (one cached cart), and hides itself when the cart empties', async () => {
    const added = deferred<FetchReply>();
    const emptied = deferred<FetchReply>();
    fetchMock = mockFetch({
      'GET /api/cart': { body: CART_FIXTURE },
      'POST /api/cart/add': () => added.promise,
      'DELETE /api/cart/empty': () => emptied.promise,
    });
    const { store } = renderWithProviders(
      <>
        <MiniCart whenEmpty={plainLink} />
        <CartPage />
      </>,
    );
    await screen.findByRole('button', { name: 'Cart 3 items' });
    expect(fetchMock.callsTo('GET', '/api/cart')).toHaveLength(1);

    act(() => {
      void store.dispatch(cartApi.endpoints.addToCart.initiate({ product_id: 402, quantity: 2 }));
    });
    // Optimistic: the count changes before the server answered.
    expect(await screen.findByRole('button', { name: 'Cart 5 items' })).toBeTruthy();
    added.resolve({ body: cartView([cartLine(201, 2), cartLine(402, 3)]) });
    await act(() => Promise.resolve());

    fireEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    expect(await screen.findByRole('link', { name: 'Cart' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cart,/ })).toBeNull();
    expect(fetchMock.callsTo('DELETE', '/api/cart/empty')).toHaveLength(1);
    emptied.resolve({ body: {} });
    await act(() => Promise.resolve());
  });

  it('strips markup and truncates names to 40 characters with an ellipsis', () => {
    expect(miniCartName('<b>Short</b> name')).toBe('Short name');
    expect(miniCartName('x'.repeat(40))).toBe('x'.repeat(40));
    expect(miniCartName(`<i>${'y'.repeat(45)}</i>`)).toBe(`${'y'.repeat(40)}…`);
  });
});
