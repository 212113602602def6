import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  bankWireInstructions,
  CART_FIXTURE,
  mockFetch,
  orderDto,
  orderListItem,
  paymentPageProps,
  PRODUCTS_FIXTURE,
  renderWithProviders,
  type FetchAnswer,
  type FetchMock,
} from '@aero/web-shared-testing';
import { loadCart, loadCheckout, loadOrders } from './feature-chunks.js';
import { appRoutes } from './routes.js';

const ORDER_ID = '7d0c0d0e-1111-4a4a-9b9b-000000000042';
/** Each step changes screen (lazy routes, a few requests): room for a busy test machine. */
const STEP = { timeout: 5000 };

describe('checkout journeys (app routes)', () => {
  let fetchMock: FetchMock;
  // The screens' chunks compile once here, so the journeys' waits measure the app, not the compiler.
  beforeAll(() => Promise.all([loadCart(), loadCheckout(), loadOrders()]));
  afterEach(() => fetchMock.restore());

  function renderApp(route: string, answers: Record<string, FetchAnswer>) {
    fetchMock = mockFetch({
      '/api/products': { body: { data: PRODUCTS_FIXTURE } },
      'GET /api/cart': { body: CART_FIXTURE },
      'GET /api/checkout': { body: paymentPageProps() },
      'GET /api/flash': { body: { data: null } },
      ...answers,
    });
    return renderWithProviders(null, { routes: appRoutes, route });
  }

  it('cart → Proceed → bank wire → transfer instructions → the orders screen with the waiting order', async () => {
    const order = orderListItem({
      id: ORDER_ID,
      reference: 'AM-2026-000042',
      status: 'waiting_from_payment',
      payment_kind: 'bankwire',
      can_cancel: true,
      invoice_available: false,
      total: 1188,
      formatted_total: '€1,188.00',
    });
    const { router } = renderApp('/cart', {
      'POST /payment-gateway/bank-wire/pay': { body: { redirect_url: `/payment/bank-wire/${ORDER_ID}` } },
      [`GET /api/payments/bank-wire/${ORDER_ID}`]: {
        body: { data: bankWireInstructions({ order_id: ORDER_ID, reference: 'AM-2026-000042', pay_before: null }) },
      },
      'GET /api/orders': { body: { data: [order], meta: { pagination: { total: 1, count: 1, per_page: 10, current_page: 1, total_pages: 1 } } } },
      'GET /api/wallet': { body: { data: { user_id: 'u', balance_cents: 150000, balance: 1500, formatted_balance: '€1,500.00', currency: 'EUR' } } },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Proceed' }, STEP));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' }, STEP)).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank wire' }, STEP));
    fireEvent.click(screen.getByRole('button', { name: 'Pay by bank wire' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by bank wire' }, STEP)).toBeTruthy();
    expect(await screen.findByText('AM-2026-000042', undefined, STEP)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to my orders' }));

    const article = await screen.findByRole('article', { name: 'Order AM-2026-000042' }, STEP);
    expect(within(article).getByText('Waiting for payment')).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Cancel order AM-2026-000042' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('payment → PayPal Credit → the sandbox approval page (no shop menu) → approve → capture → success page', async () => {
    renderApp('/cart/credentials', {
      'POST /pay-pal-payment-gateway/create-order': { body: { result: { id: 'SBXPP42', approve_url: null } } },
      'GET /api/sandbox/paypal/SBXPP42': { body: { data: { id: 'SBXPP42', amount: 1188, formatted_amount: '€1,188.00', status: 'created', redirects: false } } },
      'POST /sandbox/paypal/SBXPP42/decide': { body: { redirect_url: null } },
      'POST /pay-pal-payment-gateway/capture-payment/SBXPP42': { body: { result: { details: [], success_redirect_url: `/payment/success/${ORDER_ID}` } } },
      [`GET /api/orders/${ORDER_ID}`]: { body: { data: orderDto({ id: ORDER_ID, reference: 'AM-2026-000042', paymentKind: 'paypal_credit' }) } },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Card via PayPal' }, STEP));
    fireEvent.click(screen.getByRole('button', { name: 'Card via PayPal' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Approve your PayPal payment' }, STEP)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, STEP));

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }, STEP)).toBeTruthy();
    expect(await screen.findByText('AM-2026-000042', undefined, STEP)).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/pay-pal-payment-gateway/capture-payment/SBXPP42')).toHaveLength(1);
  });
});
