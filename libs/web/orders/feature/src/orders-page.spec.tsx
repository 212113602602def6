import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ListOrdersResponse, OrderListItem } from '@aero/contracts';
import { selectFlashMessages } from '@aero/web-shared-store';
import { mockFetch, orderListItem, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { OrdersPage } from './orders-page.js';

const ROUTES = [
  { path: '/orders', element: <OrdersPage /> },
  { path: '/login', element: <h1>Log in</h1> },
];

function listOf(orders: OrderListItem[], page = 1, totalPages = 1): ListOrdersResponse {
  return { data: orders, meta: { pagination: { total: orders.length, count: orders.length, per_page: 10, current_page: page, total_pages: totalPages } } };
}

const PAID = orderListItem();
const WAITING = orderListItem({
  id: '0b6f4a52-3d4c-4f3e-9a56-6c1f1b2a0002',
  reference: 'AM-2026-000102',
  status: 'waiting_from_payment',
  payment_kind: 'bankwire',
  paid_at: null,
  can_cancel: true,
  invoice_available: false,
  voucher_code: 'SPRING10',
  voucher_discount: 29.8,
  total: 268.2,
  formatted_total: '€268.20',
});
const CREATED = orderListItem({ id: 'o-3', reference: 'AM-2026-000103', status: 'created', payment_kind: 'paypal', paid_at: null, can_cancel: true, invoice_available: false });
const CANCELED = orderListItem({ id: 'o-4', reference: 'AM-2026-000104', status: 'canceled', payment_kind: 'paypal_credit', paid_at: null, invoice_available: false });
const WALLET = orderListItem({ id: 'o-5', reference: 'AM-2026-000105', payment_kind: 'wallet' });
const FREE = orderListItem({ id: 'o-6', reference: 'AM-2026-000106', payment_kind: 'free', total: 0, formatted_total: '€0.00' });

describe('OrdersPage (/orders)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function renderOrders(answers: Record<string, FetchAnswer> = {}, route = '/orders') {
    fetchMock = mockFetch({
      'GET /api/orders': { body: listOf([PAID, WAITING, CREATED, CANCELED, WALLET, FREE]) },
      'GET /api/wallet': { body: { data: { user_id: 'u1', balance_cents: 4250, balance: 42.5, formatted_balance: '€42.50', currency: 'EUR' } } },
      ...answers,
    });
    return renderWithProviders(null, { routes: ROUTES, route });
  }

  const card = (reference: string) => screen.getByRole('article', { name: `Order ${reference}` });

  it('shows the wallet balance in the header', async () => {
    renderOrders();
    expect(await screen.findByText('€42.50')).toBeTruthy();
    expect(screen.getByText('€42.50').closest('p')!.textContent).toBe('Wallet balance: €42.50');
  });

  it('lists each order with its status and payment kind as words', async () => {
    renderOrders();
    await screen.findByRole('list', { name: 'Your orders and invoices' });
    const summary = (reference: string) => {
      const article = card(reference);
      return [within(article).getByText(/^(Created|Waiting for payment|Paid|Canceled)$/).textContent, within(article).getByText('Payment').nextElementSibling!.textContent];
    };
    expect(summary('AM-2026-000101')).toEqual(['Paid', 'Credit card']);
    expect(summary('AM-2026-000102')).toEqual(['Waiting for payment', 'Bank wire']);
    expect(summary('AM-2026-000103')).toEqual(['Created', 'PayPal']);
    expect(summary('AM-2026-000104')).toEqual(['Canceled', 'Card via PayPal']);
    expect(summary('AM-2026-000105')).toEqual(['Paid', 'Wallet']);
    expect(summary('AM-2026-000106')).toEqual(['Paid', 'Free']);
    expect(within(card('AM-2026-000101')).getByText('Mar 14, 2026')).toBeTruthy();
  });

  it('shows the lines and the totals, with the voucher', async () => {
    renderOrders();
    const lines = await screen.findByRole('table', { name: 'Products of order AM-2026-000102' });
    expect(within(lines).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ProductQuantityPrice',
      'Part-145 Initial Training2€298.00',
      'Sub Total€298.00',
      'Voucher (SPRING10)-€29.80',
      'Total€268.20',
    ]);
  });

  it('links the PDF invoice only of orders that have one', async () => {
    renderOrders();
    await screen.findByRole('list', { name: 'Your orders and invoices' });
    expect(within(card('AM-2026-000101')).getByRole('link', { name: 'Download the PDF invoice of order AM-2026-000101' }).getAttribute('href')).toBe(
      `/orders/${PAID.id}/invoice`,
    );
    expect(within(card('AM-2026-000102')).queryByRole('link')).toBeNull();
  });

  it('offers the cancel icon only on orders that can be canceled', async () => {
    renderOrders();
    await screen.findByRole('list', { name: 'Your orders and invoices' });
    expect(screen.getAllByRole('button', { name: /^Cancel order/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Cancel order AM-2026-000102',
      'Cancel order AM-2026-000103',
    ]);
  });

  it('cancels after confirmation: POST /orders/cancel/{uuid}, then the list reloads', async () => {
    let canceled = false;
    const { store } = renderOrders({
      'GET /api/orders': () => ({ body: listOf([PAID, canceled ? { ...WAITING, status: 'canceled', can_cancel: false } : WAITING]) }),
      [`POST /orders/cancel/${WAITING.id}`]: () => {
        canceled = true;
        return { body: { success: true, status: 'canceled' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order AM-2026-000102' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText('Order AM-2026-000102 will be canceled. You will not be able to undo this.')).toBeTruthy();
    expect(fetchMock.callsTo('POST', `/orders/cancel/${WAITING.id}`)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(within(card('AM-2026-000102')).getByText('Canceled')).toBeTruthy());
    expect(fetchMock.callsTo('POST', `/orders/cancel/${WAITING.id}`)).toHaveLength(1);
    expect(fetchMock.callsTo('GET', '/api/orders')).toHaveLength(2);
    expect(fetchMock.callsTo('GET', '/api/wallet')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order AM-2026-000102' })).toBeNull();
    expect(selectFlashMessages(store.getState()).map((flash) => flash.text)).toEqual(['The order was canceled.']);
  });

  it("asks with buttons that say which one cancels: 'Keep order' closes the dialog and sends nothing", async () => {
    renderOrders();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order AM-2026-000102' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(expect.arrayContaining(['Keep order', 'Cancel order']));
    expect(within(dialog).queryByRole('button', { name: /^(Cancel|Yes, continue)$/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.callsTo('POST', `/orders/cancel/${WAITING.id}`)).toHaveLength(0);
  });

  it('shows the server message in the dialog when the order cannot be canceled, and keeps the list', async () => {
    renderOrders({ [`POST /orders/cancel/${WAITING.id}`]: { status: 409, body: { code: 'order.not_cancelable', message: 'A paid order cannot be canceled.' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order AM-2026-000102' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('A paid order cannot be canceled.');
    expect(fetchMock.callsTo('GET', '/api/orders')).toHaveLength(1);
  });

  it('pages through the orders', async () => {
    const { router } = renderOrders({
      'GET /api/orders': (call) => (call.url.endsWith('page=2') ? { body: listOf([FREE], 2, 2) } : { body: listOf([PAID], 1, 2) }),
    });
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Order AM-2026-000106' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(fetchMock.calls.filter((call) => call.url.startsWith('/api/orders')).map((call) => call.url)).toEqual(['/api/orders?page=1', '/api/orders?page=2']);
  });

  it('says when there are no orders yet', async () => {
    renderOrders({ 'GET /api/orders': { body: listOf([]) } });
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in, coming back to the orders', async () => {
    const { router } = renderOrders({ 'GET /api/orders': { status: 401, body: {} }, 'GET /api/wallet': { status: 401, body: {} } });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.search).toBe('?redirect=/orders');
  });
});
