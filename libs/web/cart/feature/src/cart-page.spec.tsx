import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { selectOrderSuccessRedirect } from '@aero/web-cart-data-access';
import { selectFlashMessages, type AppStore } from '@aero/web-shared-store';
import {
  CART_FIXTURE,
  cartLine,
  cartView,
  EMPTY_CART_FIXTURE,
  mockFetch,
  renderWithProviders,
  type FetchAnswer,
  type FetchMock,
} from '@aero/web-shared-testing';
import { CartPage } from './cart-page.js';

/** Moves the fake clock and lets the requests it started settle. */
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}


const flashes = (store: AppStore) => selectFlashMessages(store.getState()).map((message) => [message.kind, message.text]);

describe('CartPage (/cart)', () => {
  let fetchMock: FetchMock;
  afterEach(() => {
    jest.useRealTimers();
    fetchMock.restore();
    sessionStorage.clear();
  });

  async function renderCart(answers: Record<string, FetchAnswer> = {}, route = '/cart') {
    fetchMock = mockFetch({ 'GET /api/cart': { body: CART_FIXTURE }, ...answers });
    const result = renderWithProviders(<CartPage />, { route, path: '/cart' });
    await screen.findByRole('table', { name: 'Products in your cart' });
    return result;
  }

  const lineRow = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

  it('lists each line with thumbnail, linked name, description, quantity and price', async () => {
    await renderCart();
    const row = lineRow('Part-145 Initial Training');
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/images/products/part-145-thumb.svg');
    expect(within(row).getByRole('link', { name: 'Part-145 Initial Training' }).getAttribute('href')).toBe('/e-shop/part-145-initial-training');
    expect(within(row).getByText(/Maintenance organisation approval/)).toBeTruthy();
    expect(within(row).getByLabelText<HTMLInputElement>('Quantity of Part-145 Initial Training').value).toBe('2');
    expect(within(row).getByText('€298.00')).toBeTruthy();
    expect(within(row).getByText('€149.00 each')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Remove Part-145 Initial Training from the cart' })).toBeTruthy();
  });

  it('lists the contents of a package line with links and quantities', async () => {
    await renderCart();
    const contents = within(lineRow('Part-145 Team Package')).getByRole('list', { name: 'Contains:' });
    expect(
      within(contents)
        .getAllByRole('listitem')
        .map((item) => [within(item).getByRole('link').textContent, within(item).getByRole('link').getAttribute('href'), within(item).getByLabelText(/Quantity/).textContent]),
    ).toEqual([
      ['Part-145 Initial Training', '/e-shop/part-145-initial-training', '× 5'],
      ['Part-145 Continuation Training', '/e-shop/part-145-continuation-training', '× 5'],
    ]);
  });

  it('shows the totals and a Proceed button to /cart/credentials', async () => {
    await renderCart();
    const totals = screen.getByRole('table', { name: 'Cart totals' });
    expect(within(totals).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Sub Total€1,188.00',
      'Discount€0.00',
      'Voucher€0.00',
      'Total€1,188.00',
    ]);
    expect(screen.getByRole('link', { name: 'Proceed' }).getAttribute('href')).toBe('/cart/credentials');
  });

  it('hides the Voucher row when the voucher was applied automatically, its reduction on a row of its own', async () => {
    await renderCart({ 'GET /api/cart': { body: cartView(CART_FIXTURE.data, { voucher_code: 'AUTO5', voucher_auto_applied: true, voucher_discount: 5 }) } });
    const totals = screen.getByRole('table', { name: 'Cart totals' });
    expect(within(totals).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Sub Total€1,188.00',
      'Discount€0.00',
      'Automatic discount-€5.00',
      'Total€1,183.00',
    ]);
  });

  it('sends a typed quantity after a 500 ms pause, as an update of the line', async () => {
    const { store } = await renderCart({ 'POST /api/cart/add': { body: cartView([cartLine(201, 3), cartLine(402, 1)]) } });
    jest.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Quantity of Part-145 Initial Training'), { target: { value: '3' } });
    await advance(499);
    expect(fetchMock.callsTo('POST', '/api/cart/add')).toHaveLength(0);

    await advance(1);
    await waitFor(() => expect(fetchMock.callsTo('POST', '/api/cart/add')).toHaveLength(1));
    expect(fetchMock.callsTo('POST', '/api/cart/add')[0].body).toEqual({ product_id: 201, quantity: 3, update: true });
    await waitFor(() => expect(within(lineRow('Part-145 Initial Training')).getByText('€447.00')).toBeTruthy());
    await waitFor(() => expect(flashes(store)).toEqual([['success', 'Product added to cart']]));
  });

  it('rolls a failed quantity change back with "Could not add product to cart."', async () => {
    const { store } = await renderCart({ 'POST /api/cart/add': { status: 500, body: { message: 'Boom' } } });
    jest.useFakeTimers();
    const input = screen.getByLabelText<HTMLInputElement>('Quantity of Part-145 Initial Training');
    fireEvent.change(input, { target: { value: '4' } });
    await advance(500);
    await waitFor(() => expect(flashes(store)).toEqual([['error', 'Could not add product to cart.']]));
    expect(screen.getByLabelText<HTMLInputElement>('Quantity of Part-145 Initial Training').value).toBe('2');
    expect(within(lineRow('Part-145 Initial Training')).getByText('€298.00')).toBeTruthy();
  });

  it('removes a line at once, and puts it back with "Could not remove product from cart." when the server fails', async () => {
    let fail = false;
    const { store } = await renderCart({
      'DELETE /api/cart/remove': () => (fail ? { status: 500, body: {} } : { body: cartView([cartLine(402, 1)]) }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Part-145 Initial Training from the cart' }));
    expect(screen.queryByRole('rowheader', { name: /^Part-145 Initial Training/ })).toBeNull();
    await waitFor(() => expect(flashes(store)).toEqual([['success', 'Product removed from cart']]));

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Remove Part-145 Team Package (5 seats) from the cart' }));
    expect(screen.queryByRole('table', { name: 'Products in your cart' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Part-145 Team Package (5 seats)' })).toBeTruthy();
    expect(flashes(store)[1]).toEqual(['error', 'Could not remove product from cart.']);
  });

  it('empties the cart with "Empty cart" and then shows the empty state', async () => {
    const { store } = await renderCart({ 'DELETE /api/cart/empty': { body: {} } });
    fireEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    expect(screen.getByRole('heading', { name: 'Your cart is empty.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the E-shop' }).getAttribute('href')).toBe('/e-shop');
    await waitFor(() => expect(flashes(store)).toEqual([['success', 'Cart is empty']]));
    expect(fetchMock.callsTo('DELETE', '/api/cart/empty')).toHaveLength(1);
  });

  it('shows the empty state for an empty cart', async () => {
    fetchMock = mockFetch({ 'GET /api/cart': { body: EMPTY_CART_FIXTURE } });
    renderWithProviders(<CartPage />, { route: '/cart', path: '/cart' });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty.' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Proceed' })).toBeNull();
  });

  it('keeps ?order-success-redirect for the checkout (store and session storage)', async () => {
    const { store } = await renderCart({}, '/cart?order-success-redirect=%2Fe-shop%2Fpart-145-initial-training');
    expect(screen.getByText('After your order you will return to the page you came from.')).toBeTruthy();
    expect(selectOrderSuccessRedirect(store.getState())).toBe('/e-shop/part-145-initial-training');
    expect(sessionStorage.getItem('order-success-redirect')).toBe('/e-shop/part-145-initial-training');
  });

  it('ignores an order-success-redirect leading to another site', async () => {
    const { store } = await renderCart({}, '/cart?order-success-redirect=https%3A%2F%2Fevil.example%2F');
    expect(selectOrderSuccessRedirect(store.getState())).toBeNull();
    expect(sessionStorage.getItem('order-success-redirect')).toBeNull();
  });

  describe('voucher', () => {
    const field = () => screen.getByRole('textbox', { name: 'Voucher code' });
    const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    it('does not send an empty code and shows exceptions.voucher.required under the field', async () => {
      await renderCart();
      fireEvent.change(field(), { target: { value: '   ' } });
      apply();
      expect(await screen.findByText('Voucher code is required.')).toBeTruthy();
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(fetchMock.calls.filter((call) => call.url.startsWith('/voucher'))).toEqual([]);
    });

    it('shows the server message under the field and as an error flash', async () => {
      const { store } = await renderCart({
        'POST /voucher/apply/SPRING': {
          status: 422,
          body: { message: 'This voucher has expired.', errors: { code: ['This voucher has expired.'] } },
        },
      });
      fireEvent.change(field(), { target: { value: 'SPRING' } });
      apply();
      const message = await screen.findByText('This voucher has expired.');
      expect(field().getAttribute('aria-describedby')).toBe(message.id);
      expect(flashes(store)).toEqual([['error', 'This voucher has expired.']]);
    });

    it('shows a rate-limit answer (429) the same way', async () => {
      const { store } = await renderCart({ 'POST /voucher/apply/SPRING': { status: 429, body: { message: 'Too many attempts.' } } });
      fireEvent.change(field(), { target: { value: 'SPRING' } });
      apply();
      expect(await screen.findByText('Too many attempts.')).toBeTruthy();
      expect(flashes(store)).toEqual([['error', 'Too many attempts.']]);
    });

    it('applies a code: new totals, voucher.success flash, then removes it', async () => {
      const applied = { ...CART_FIXTURE.meta, voucher_code: 'HANGAR10', voucher_discount: 118.8, final: 1069.2 };
      const { store } = await renderCart({
        'POST /voucher/apply/HANGAR10': { body: { cart: { meta: applied }, message: 'ok' } },
        'DELETE /voucher/remove': { body: { cart: { meta: CART_FIXTURE.meta }, message: 'Voucher removed.' } },
      });
      fireEvent.change(field(), { target: { value: ' HANGAR10 ' } });
      apply();
      expect(await screen.findByRole('row', { name: 'Voucher (HANGAR10) -€118.80' })).toBeTruthy();
      expect(screen.getByRole('row', { name: 'Total €1,069.20' })).toBeTruthy();
      expect(flashes(store)).toEqual([['success', 'Voucher applied successfully.']]);
      expect(field()).toHaveProperty('value', '');

      fireEvent.click(screen.getByRole('button', { name: 'Remove voucher' }));
      expect(await screen.findByRole('row', { name: 'Voucher €0.00' })).toBeTruthy();
      expect(fetchMock.callsTo('DELETE', '/voucher/remove')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Remove voucher' })).toBeNull();
    });

    it('clears the refusal of a second code once the voucher in effect is removed', async () => {
      const applied = { ...CART_FIXTURE.meta, voucher_code: 'HANGAR10', voucher_discount: 118.8, final: 1069.2 };
      const refusal = 'An additional discount is already applied.';
      await renderCart({
        'GET /api/cart': { body: { ...CART_FIXTURE, meta: applied } },
        'POST /voucher/apply/SPRING25': { status: 422, body: { message: refusal, errors: { code: [refusal] } } },
        'DELETE /voucher/remove': { body: { cart: { meta: CART_FIXTURE.meta }, message: 'Voucher removed.' } },
      });
      fireEvent.change(field(), { target: { value: 'SPRING25' } });
      apply();
      expect(await screen.findByText(refusal)).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Remove voucher' }));
      await waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
      expect(field().getAttribute('aria-invalid')).not.toBe('true');
    });
  });
});
