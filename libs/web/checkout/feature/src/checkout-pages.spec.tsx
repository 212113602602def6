import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SandboxThreeDsView } from '@aero/contracts';
import { orderSuccessRedirectKept, selectOrderSuccessRedirect, storeOrderSuccessRedirect } from '@aero/web-cart-data-access';
import { browserLocation } from '@aero/web-checkout-data-access';
import { makeStore } from '@aero/web-shared-store';
import { bankWireInstructions, mockFetch, orderDto, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { BankWirePage } from './bank-wire-page.js';
import { PaymentSuccessPage } from './payment-success-page.js';
import { SandboxPayPalPage, SandboxThreeDsPage } from './sandbox-pages.js';

const ROUTES = [
  { path: '/sandbox/3ds/:id', element: <SandboxThreeDsPage /> },
  { path: '/sandbox/paypal/:orderID', element: <SandboxPayPalPage /> },
  { path: '/payment/bank-wire/:orderId', element: <BankWirePage /> },
  { path: '/payment/success/:orderId', element: <PaymentSuccessPage /> },
  { path: '/cart/credentials', element: <h1>Payment</h1> },
  { path: '/login', element: <h1>Log in</h1> },
  { path: '/orders', element: <h1>Orders</h1> },
  { path: '/my-courses', element: <h1>My courses</h1> },
];

const THREE_DS: SandboxThreeDsView = {
  transaction_id: 'SBX3DS1',
  amount: 129.9,
  formatted_amount: '€129.90',
  card_last4: '3220',
  status: 'awaiting_3ds',
  merchant: 'AeroMaint Academy',
};

const INSTRUCTIONS = bankWireInstructions();

describe('checkout screens', () => {
  let fetchMock: FetchMock;
  let assign: jest.SpiedFunction<typeof browserLocation.assign>;
  beforeEach(() => {
    assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    assign.mockRestore();
    fetchMock.restore();
    jest.useRealTimers();
    sessionStorage.clear();
  });

  function renderAt(route: string, answers: Record<string, FetchAnswer>) {
    fetchMock = mockFetch(answers);
    return renderWithProviders(null, { routes: ROUTES, route });
  }

  describe('sandbox 3-D Secure page', () => {
    it('is labelled Sandbox and shows the merchant, the amount and the card', async () => {
      renderAt('/sandbox/3ds/SBX3DS1', { 'GET /api/sandbox/3ds/SBX3DS1': { body: { data: THREE_DS } } });
      expect(await screen.findByRole('heading', { level: 1, name: '3-D Secure verification' })).toBeTruthy();
      expect(screen.getByText('Sandbox')).toBeTruthy();
      expect(await screen.findByText('€129.90')).toBeTruthy();
      expect(screen.getByText('AeroMaint Academy')).toBeTruthy();
      expect(screen.getByText('ending in 3220')).toBeTruthy();
    });

    it.each([
      ['Approve', 'approve'],
      ['Fail', 'fail'],
      ['Cancel', 'cancel'],
    ])('%s posts the outcome and the browser goes to the card callback it answers', async (button, outcome) => {
      const callback = `http://localhost:3000/payment-gateway/mango-pay-callback/order-1?transactionId=SBX3DS1`;
      renderAt('/sandbox/3ds/SBX3DS1', {
        'GET /api/sandbox/3ds/SBX3DS1': { body: { data: THREE_DS } },
        'POST /sandbox/3ds/SBX3DS1/complete': { body: { redirect_url: callback } },
      });
      fireEvent.click(await screen.findByRole('button', { name: button }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(callback));
      expect(fetchMock.callsTo('POST', '/sandbox/3ds/SBX3DS1/complete')[0].body).toEqual({ outcome });
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Approve' }).disabled).toBe(true);
    });

    it('offers no action once the challenge is over', async () => {
      renderAt('/sandbox/3ds/SBX3DS1', { 'GET /api/sandbox/3ds/SBX3DS1': { body: { data: { ...THREE_DS, status: 'succeeded' } } } });
      expect(await screen.findByText('This verification is already completed.')).toBeTruthy();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Approve' }).disabled).toBe(true);
    });

    it('shows the server message when the step cannot be completed', async () => {
      renderAt('/sandbox/3ds/SBX3DS1', {
        'GET /api/sandbox/3ds/SBX3DS1': { body: { data: THREE_DS } },
        'POST /sandbox/3ds/SBX3DS1/complete': { status: 404, body: { message: 'The sandbox provider is not active.' } },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The sandbox provider is not active.');
      expect(assign).not.toHaveBeenCalled();
    });
  });

  describe('sandbox PayPal page', () => {
    const view = (redirects: boolean) => ({ body: { data: { id: 'SBXPP1', amount: 129.9, formatted_amount: '€129.90', status: 'created', redirects } } });

    it('plain PayPal: approving sends the browser to the shop return route it answers', async () => {
      const back = '/pay-pal-payment-gateway/return?token=SBXPP1&PayerID=SANDBOXPAYER';
      renderAt('/sandbox/paypal/SBXPP1', { 'GET /api/sandbox/paypal/SBXPP1': view(true), 'POST /sandbox/paypal/SBXPP1/decide': { body: { redirect_url: back } } });
      expect(await screen.findByText('Sandbox')).toBeTruthy();
      fireEvent.click(await screen.findByRole('button', { name: 'Approve with a declined instrument' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(back));
      expect(fetchMock.callsTo('POST', '/sandbox/paypal/SBXPP1/decide')[0].body).toEqual({ outcome: 'instrument_declined' });
    });

    it('the buttons flow: cancel comes back to the payment page saying so', async () => {
      const { router } = renderAt('/sandbox/paypal/SBXPP1', { 'GET /api/sandbox/paypal/SBXPP1': view(false), 'POST /sandbox/paypal/SBXPP1/decide': { body: { redirect_url: null } } });
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
      expect(router.state.location.search).toBe('?paypal_canceled=SBXPP1');
    });
  });

  describe('bank wire page', () => {
    it('shows the transfer instructions with the reference to quote and the date to pay by', async () => {
      renderAt('/payment/bank-wire/order-bw', { 'GET /api/payments/bank-wire/order-bw': { body: { data: INSTRUCTIONS } } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Pay by bank wire' })).toBeTruthy();
      const details = await screen.findByText('Beneficiary').then((term) => term.closest('dl')!);
      const rows = Array.from(details.children).map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
      expect(rows.slice(0, 5)).toEqual([
        ['Beneficiary', 'AeroMaint Academy s.r.o.'],
        ['IBAN', 'SK31 1200 0000 1987 4263 7541 Copy'],
        ['BIC', 'TATRSKBX'],
        ['Bank', 'Tatra banka'],
        ['Amount', '€1,188.00'],
      ]);
      expect(within(details).getByText('AM-2026-000777')).toBeTruthy();
      expect(within(details).getByText('Write this reference in the transfer\'s description so we can match it to your order.')).toBeTruthy();
      expect(within(details).getByText('July 1, 2026')).toBeTruthy();
      expect(screen.getByText(/Your order AM-2026-000777 waits for your bank wire/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to my orders' }).getAttribute('href')).toBe('/orders');
    });

    it('copies the reference to the clipboard and says so for a moment (fake timers)', async () => {
      const writeText = jest.fn((_text: string) => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      renderAt('/payment/bank-wire/order-bw', { 'GET /api/payments/bank-wire/order-bw': { body: { data: INSTRUCTIONS } } });
      const copy = await screen.findByRole('button', { name: 'Copy the reference' });
      jest.useFakeTimers();
      await act(async () => {
        fireEvent.click(copy);
        await Promise.resolve();
      });
      expect(writeText).toHaveBeenCalledWith('AM-2026-000777');
      expect(copy.parentElement!.querySelector('[role="status"]')!.textContent).toBe('Copied');
      act(() => {
        jest.advanceTimersByTime(2000);
      });
      expect(copy.parentElement!.querySelector('[role="status"]')!.textContent).toBe('');
      Reflect.deleteProperty(navigator, 'clipboard');
    });

    it('says a paid order needs no transfer', async () => {
      renderAt('/payment/bank-wire/order-bw', { 'GET /api/payments/bank-wire/order-bw': { body: { data: { ...INSTRUCTIONS, status: 'payed' } } } });
      expect(await screen.findByText('This order is paid. Thank you!')).toBeTruthy();
    });

    it('sends a signed-out visitor to sign in, coming back to this page', async () => {
      const { router } = renderAt('/payment/bank-wire/order-bw', { 'GET /api/payments/bank-wire/order-bw': { status: 401, body: {} } });
      expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
      expect(router.state.location.search).toBe('?redirect=/payment/bank-wire/order-bw');
    });
  });

  describe('success page', () => {
    const ORDER = orderDto({
      id: 'order-1',
      reference: 'AM-2026-000123',
      paymentKind: 'paypal_credit',
      totals: { beforeDiscountCents: 12990, discountCents: 0, withDiscountCents: 12990, voucherDiscountCents: 0, finalCents: 12990 },
    });

    it('thanks the buyer with the reference, status, payment and total, and links to the orders', async () => {
      renderAt('/payment/success/order-1', { 'GET /api/orders/order-1': { body: { data: ORDER } } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
      expect(await screen.findByText('AM-2026-000123')).toBeTruthy();
      expect(screen.getByText('Paid')).toBeTruthy();
      expect(screen.getByText('Card via PayPal')).toBeTruthy();
      expect(screen.getByText('€129.90')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to my orders' }).getAttribute('href')).toBe('/orders');
      expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
    });

    it('offers "Continue" back to the stored order-success-redirect, then forgets it', async () => {
      storeOrderSuccessRedirect('/my-courses');
      const store = makeStore();
      store.dispatch(orderSuccessRedirectKept('/my-courses'));
      fetchMock = mockFetch({ 'GET /api/orders/order-1': { body: { data: ORDER } } });
      renderWithProviders(null, { routes: ROUTES, route: '/payment/success/order-1', store });
      expect((await screen.findByRole('link', { name: 'Continue' })).getAttribute('href')).toBe('/my-courses');
      expect(sessionStorage.getItem('order-success-redirect')).toBeNull();
      expect(selectOrderSuccessRedirect(store.getState())).toBeNull();
      fireEvent.click(screen.getByRole('link', { name: 'Continue' }));
      expect(await screen.findByRole('heading', { name: 'My courses' })).toBeTruthy();
    });

    it('says an order waiting for its bank transfer is placed, with its total', async () => {
      renderAt('/payment/success/order-1', {
        'GET /api/orders/order-1': {
          body: { data: orderDto({ id: 'order-1', status: 'waiting_from_payment', paymentKind: 'bankwire', totals: { ...orderDto().totals, finalCents: 118800 } }) },
        },
      });
      expect(await screen.findByText('Your order is placed and waits for its payment.')).toBeTruthy();
      expect(screen.getByText('€1,188.00')).toBeTruthy();
      expect(screen.getByText('Waiting for payment')).toBeTruthy();
      expect(screen.getByText('Bank wire')).toBeTruthy();
    });
  });
});
