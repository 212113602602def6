import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Outlet, type RouteObject } from 'react-router';
import { selectFlashMessages } from '@aero/web-shared-store';
import { cartLine, cartView, EMPTY_CART_FIXTURE, mockFetch, PRODUCTS_FIXTURE, renderWithProviders, type FetchMock } from '@aero/web-shared-testing';
import { useAddToCart } from '@aero/web-cart-data-access';
import { AddToCartButton } from '@aero/web-cart-ui';
import { AddedToCartModal } from './added-to-cart-modal.js';

/** Moves the fake clock and lets the requests it started settle. */
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}


const COURSE = PRODUCTS_FIXTURE[1]; // #201 Part-145 Initial Training, €149

/** The "Add to cart" of a catalogue screen: the cart's button and its addition. */
function AddCourse() {
  const { add, isLoading } = useAddToCart(COURSE);
  return <AddToCartButton productName={COURSE.name} busy={isLoading} onAdd={() => void add()} />;
}

/** The shell's modal, an "Add to cart" button on every page, and a link elsewhere. */
const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <AddCourse />
        <Link to="/faq">FAQ</Link>
        <Outlet />
        <AddedToCartModal />
      </>
    ),
    children: [
      { path: 'e-shop', element: <h1>E-shop</h1> },
      { path: 'cart', element: <h1>Cart page</h1> },
      { path: 'faq', element: <h1>FAQ</h1> },
    ],
  },
];

describe('added-to-cart modal', () => {
  let fetchMock: FetchMock;
  afterEach(() => {
    jest.useRealTimers();
    fetchMock.restore();
  });

  function renderAt(route: string, addAnswer: Parameters<typeof mockFetch>[0][string] = { body: cartView([cartLine(201, 1)]) }) {
    fetchMock = mockFetch({
      'GET /api/cart': { body: EMPTY_CART_FIXTURE },
      'POST /api/cart/add': addAnswer,
      'DELETE /api/cart/remove': { body: EMPTY_CART_FIXTURE },
    });
    return renderWithProviders(null, { routes, route });
  }

  const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Part-145 Initial Training' }));

  it('opens after adding: the line with remove, quantity with arrows and price, and the two buttons', async () => {
    renderAt('/e-shop?type=course');
    add();
    const dialog = await screen.findByRole('dialog', { name: 'Product added to cart' });
    expect(fetchMock.callsTo('POST', '/api/cart/add')[0].body).toEqual({ product_id: 201, quantity: 1 });

    const row = within(dialog).getByRole('rowheader', { name: /Part-145 Initial Training/ }).closest('tr')!;
    expect(within(row).getByLabelText<HTMLInputElement>('Quantity of Part-145 Initial Training').value).toBe('1');
    expect(within(row).getByRole('button', { name: 'Increase quantity' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Decrease quantity' })).toBeTruthy();
    expect(within(row).getByText('€149.00')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Remove Part-145 Initial Training from the cart' })).toBeTruthy();

    // Proceed to checkout: the cart, remembering this page for after the order.
    expect(within(dialog).getByRole('link', { name: 'Proceed to checkout' }).getAttribute('href')).toBe(
      '/cart?order-success-redirect=%2Fe-shop%3Ftype%3Dcourse',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue shopping' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open when the shopper is already on /cart', async () => {
    const { store } = renderAt('/cart');
    add();
    await waitFor(() => expect(selectFlashMessages(store.getState()).map((message) => message.text)).toEqual(['Product added to cart']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open when adding failed', async () => {
    const { store } = renderAt('/e-shop', { status: 500, body: {} });
    add();
    await waitFor(() => expect(selectFlashMessages(store.getState()).map((message) => message.text)).toEqual(['Could not add product to cart.']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Proceed to checkout" goes to the cart and closes', async () => {
    const { router } = renderAt('/e-shop');
    add();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('link', { name: 'Proceed to checkout' }));
    await screen.findByRole('heading', { name: 'Cart page' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/cart?order-success-redirect=%2Fe-shop');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the quantity set with the arrows after a 500 ms pause', async () => {
    renderAt('/e-shop');
    add();
    const dialog = await screen.findByRole('dialog');
    jest.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    await advance(499);
    expect(fetchMock.callsTo('POST', '/api/cart/add')).toHaveLength(1);
    await advance(1);
    await waitFor(() => expect(fetchMock.callsTo('POST', '/api/cart/add')).toHaveLength(2));
    expect(fetchMock.callsTo('POST', '/api/cart/add')[1].body).toEqual({ product_id: 201, quantity: 3, update: true });
  });

  it('removes the line and closes', async () => {
    renderAt('/e-shop');
    add();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Part-145 Initial Training from the cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(fetchMock.callsTo('DELETE', '/api/cart/remove')).toHaveLength(1));
  });

  it('closes when the shopper moves to another page', async () => {
    renderAt('/e-shop');
    add();
    await screen.findByRole('dialog');
    act(() => {
      // A link outside the dialog (e.g. the browser's back button in real life).
      fireEvent.click(screen.getByRole('link', { name: 'FAQ', hidden: true }));
    });
    await screen.findByRole('heading', { name: 'FAQ' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
