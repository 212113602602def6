import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentPageProps } from '@aero/contracts';
import { browserLocation } from '@aero/web-checkout-data-access';
import { selectFlashMessages, selectOverlayActive, type AppStore } from '@aero/web-shared-store';
import {
  CART_FIXTURE,
  bankWireInstructions,
  deferred,
  mockFetch,
  paymentPageProps,
  renderWithProviders,
  type FetchAnswer,
  type FetchMock,
  type FetchReply,
} from '@aero/web-shared-testing';
import { BankWirePage } from './bank-wire-page.js';
import { PaymentPage } from './payment-page.js';
import { SandboxPayPalPage } from './sandbox-pages.js';

const flashes = (store: AppStore) => selectFlashMessages(store.getState()).map((message) => [message.kind, message.text]);
const overlayOn = (store: AppStore) => selectOverlayActive(store.getState());

/** The payment page with the screens a payment leads to, so the router's moves can be seen. */
const ROUTES = [
  { path: '/cart/credentials', element: <PaymentPage /> },
  { path: '/login', element: <h1>Log in</h1> },
  { path: '/sandbox/paypal/:orderID', element: <SandboxPayPalPage /> },
  { path: '/sandbox/3ds/:id', element: <h1>3-D Secure</h1> },
  { path: '/payment/bank-wire/:orderId', element: <BankWirePage /> },
  { path: '/payment/success/:orderId', element: <h1>Success</h1> },
];

describe('PaymentPage (/cart/credentials)', () => {
  let fetchMock: FetchMock;
  let assign: jest.SpiedFunction<typeof browserLocation.assign>;
  const page = globalThis as unknown as { dataLayer?: unknown[] };

  beforeEach(() => {
    assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    assign.mockRestore();
    fetchMock.restore();
    jest.useRealTimers();
    document.cookie = 'statistics_cookies_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    delete page.dataLayer;
  });

  async function renderPayment(props: Partial<PaymentPageProps> = {}, answers: Record<string, FetchAnswer> = {}, route = '/cart/credentials') {
    fetchMock = mockFetch({
      'GET /api/checkout': { body: paymentPageProps(props) },
      'GET /api/cart': { body: CART_FIXTURE },
      'GET /api/flash': { body: { data: null } },
      ...answers,
    });
    const result = renderWithProviders(null, { routes: ROUTES, route });
    await screen.findByText(/To pay:/);
    return result;
  }

  const methodRadio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
  const methodNames = () => within(screen.getByRole('group', { name: 'Payment method' })).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);

  /** Fills the card form with a valid card expiring next year. */
  function fillCard(number = '4242 4242 4242 4242') {
    fireEvent.change(screen.getByLabelText(/Card number/), { target: { value: number } });
    fireEvent.change(screen.getByLabelText(/Expiration month/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/Expiration year/), { target: { value: String(new Date().getFullYear() + 1) } });
    fireEvent.change(screen.getByLabelText(/CVC/), { target: { value: '123' } });
  }

  it('shows the order summary: the cart lines and the totals, and the price to pay', async () => {
    await renderPayment();
    const lines = await screen.findByRole('list', { name: 'Products in your order' });
    expect(within(lines).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Part-145 Initial Training× 2€298.00',
      'Part-145 Team Package (5 seats)× 1€890.00',
    ]);
    expect(within(screen.getByRole('table', { name: 'Cart totals' })).getByText('€1,188.00', { selector: '.cart-totals__total td' })).toBeTruthy();
    expect(screen.getByText('€1,188.00', { selector: '.checkout__price strong' })).toBeTruthy();
  });

  it('preselects mangopay (the credit card form) among the available methods', async () => {
    await renderPayment({ available_methods: ['paypal', 'bankwire', 'mangopay'] });
    expect(methodNames()).toEqual(['PayPal', 'Bank wire', 'Credit card']);
    expect(methodRadio('Credit card').checked).toBe(true);
    expect(screen.getByRole('form', { name: 'Credit card' })).toBeTruthy();
  });

  it('falls back to the first available method when mangopay is not available', async () => {
    await renderPayment({ available_methods: ['bankwire', 'paypal'] });
    expect(methodRadio('Bank wire').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Pay by bank wire' })).toBeTruthy();
  });

  it('shows the wallet only when it is available and the balance is not zero', async () => {
    const first = await renderPayment({ wallet_balance: 0, formatted_wallet_balance: '€0.00' });
    expect(methodNames()).toEqual(['Credit card', 'Card via PayPal', 'PayPal', 'Bank wire']);
    first.unmount();
    fetchMock.restore();
    const second = await renderPayment({ available_methods: ['mangopay', 'bankwire'], wallet_balance: 40 });
    expect(methodNames()).toEqual(['Credit card', 'Bank wire']);
    second.unmount();
    fetchMock.restore();
    await renderPayment();
    expect(methodNames()).toContain('Wallet');
  });

  it('emits the add-payment-info event on choosing a method only with statistics consent', async () => {
    await renderPayment();
    fireEvent.click(methodRadio('PayPal'));
    expect(methodRadio('PayPal').checked).toBe(true);
    expect(page.dataLayer ?? []).toEqual([]);

    document.cookie = 'statistics_cookies_consent=1; path=/';
    fireEvent.click(methodRadio('Bank wire'));
    expect(page.dataLayer).toEqual([{ event: 'add_payment_info', currency: 'EUR', value: 1188, payment_type: 'bankwire' }]);
  });

  it('disables the buttons and shows the loading overlay while paying', async () => {
    const answer = deferred<FetchReply>();
    const { store } = await renderPayment({}, { 'POST /payment-gateway/wallet/pay': () => answer.promise });
    fireEvent.click(methodRadio('Wallet'));
    expect(screen.getByText('Your wallet balance: €1,500.00.')).toBeTruthy();
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: 'Pay €1,188.00 from my wallet' });
    fireEvent.click(pay);

    await waitFor(() => expect(overlayOn(store)).toBe(true));
    expect(pay.disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Payment method' }).hasAttribute('disabled')).toBe(true);
    await act(async () => {
      answer.resolve({ body: { redirect_url: '/payment/success/order-1' } });
      await answer.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(overlayOn(store)).toBe(false);
    expect(fetchMock.callsTo('POST', '/payment-gateway/wallet/pay')).toHaveLength(1);
  });

  it('checks the card on the client: field messages and the form-invalid message, nothing sent', async () => {
    await renderPayment();
    fireEvent.change(screen.getByLabelText(/Card number/), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.change(screen.getByLabelText(/CVC/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The form is not valid. Please fix corresponding errors to complete your payment.');
    expect(screen.getByText('The card number is not valid.')).toBeTruthy();
    expect(screen.getByText('The expiration month must be between 1 and 12.')).toBeTruthy();
    expect(screen.getByText('The expiration year is not valid.')).toBeTruthy();
    expect(screen.getByText('The CVC must be 3 or 4 digits.')).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/payment-gateway/mango-pay/pay')).toHaveLength(0);
  });

  it('refuses a card that expired last month (today fixed by fake timers)', async () => {
    jest.useFakeTimers({ now: new Date(2026, 5, 15), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    await renderPayment();
    fireEvent.change(screen.getByLabelText(/Card number/), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByLabelText(/Expiration month/), { target: { value: '05' } });
    fireEvent.change(screen.getByLabelText(/Expiration year/), { target: { value: '2026' } });
    fireEvent.change(screen.getByLabelText(/CVC/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));
    expect(await screen.findByText('The card has expired.')).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/payment-gateway/mango-pay/pay')).toHaveLength(0);
  });

  it('posts the card form and sends the browser to the security_url (3-D Secure)', async () => {
    await renderPayment({}, { 'POST /payment-gateway/mango-pay/pay': { body: { security_url: 'https://bank.example/3ds?tx=1' } } });
    fillCard();
    expect(screen.getByLabelText<HTMLInputElement>(/Card number/).value).toBe('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://bank.example/3ds?tx=1'));
    expect(fetchMock.callsTo('POST', '/payment-gateway/mango-pay/pay')[0].body).toEqual({
      number: '4242424242424242',
      expiration_month: 12,
      expiration_year: new Date().getFullYear() + 1,
      cvc: '123',
    });
  });

  it('opens the sandbox 3-D Secure page of this site in the app', async () => {
    const { router } = await renderPayment({}, { 'POST /payment-gateway/mango-pay/pay': { body: { security_url: `${location.origin}/sandbox/3ds/SBX3DS1` } } });
    fillCard('4000 0000 0000 3220');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));
    expect(await screen.findByRole('heading', { name: '3-D Secure' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sandbox/3ds/SBX3DS1');
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to the card callback route with the cart id and transaction id when paid at once', async () => {
    const { store } = await renderPayment({}, {
      'POST /payment-gateway/mango-pay/pay': { body: { success: true, processed: true, cart_id: 'order-7', transaction_id: 'TX 9' } },
    });
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-gateway/mango-pay-callback/order-7?transactionId=TX+9'));
    expect(overlayOn(store)).toBe(true); // the page is about to change
  });

  it('shows the server field errors under the fields, the server message as flash and the Oops alert', async () => {
    const { store } = await renderPayment({}, {
      'POST /payment-gateway/mango-pay/pay': {
        status: 422,
        body: { message: 'The form is not valid. Please fix corresponding errors to complete your payment.', errors: { cvc: ['The CVC must be 3 or 4 digits (server).'] } },
      },
    });
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));

    const alert = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(alert).getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('The CVC must be 3 or 4 digits (server).')).toBeTruthy();
    expect(flashes(store)).toEqual([['error', 'The form is not valid. Please fix corresponding errors to complete your payment.']]);
    expect(overlayOn(store)).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay €1,188.00' }).disabled).toBe(false);
  });

  it('a declined card says so and what to do, keeps the card method and the cart, and another card pays at once', async () => {
    const declined = 'Your card was declined. Try another card or another payment method.';
    let paid = false;
    const { store } = await renderPayment({}, {
      'POST /payment-gateway/mango-pay/pay': () =>
        paid
          ? { body: { success: true, processed: true, cart_id: 'order-7', transaction_id: 'TX9' } }
          : ((paid = true), { status: 422, body: { code: 'payment.card_declined', message: declined } }),
    });
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));
    const alert = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(alert).getByText(declined)).toBeTruthy();
    expect(flashes(store)).toEqual([['error', declined]]);
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));

    expect(methodRadio('Credit card').checked).toBe(true);
    expect(screen.getByText('€1,188.00', { selector: '.checkout__price strong' })).toBeTruthy();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-gateway/mango-pay-callback/order-7?transactionId=TX9'));
    expect(fetchMock.callsTo('POST', '/payment-gateway/mango-pay/pay').map((call) => (call.body as { number: string }).number)).toEqual([
      '4000000000000002',
      '4242424242424242',
    ]);
  });

  it('shows the translated cart.credit-cart-flash-error when a failed payment has no server message', async () => {
    const { store } = await renderPayment({}, { 'POST /payment-gateway/mango-pay/pay': { status: 502, body: {} } });
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));
    const alert = await screen.findByRole('dialog', { name: 'Oops...' });
    const text = 'Your card payment could not be processed. Please check the card details and try again.';
    expect(flashes(store)).toEqual([['error', text]]);
    expect(within(alert).getByText(text)).toBeTruthy();
    expect(overlayOn(store)).toBe(false);
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server message of a refused bank-wire or wallet payment', async () => {
    const { store } = await renderPayment({}, {
      'POST /payment-gateway/wallet/pay': { status: 422, body: { code: 'wallet.insufficient_funds', message: 'Your wallet balance is too low.' } },
    });
    fireEvent.click(methodRadio('Wallet'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00 from my wallet' }));
    await screen.findByRole('dialog', { name: 'Oops...' });
    expect(flashes(store)).toEqual([['error', 'Your wallet balance is too low.']]);
    expect(overlayOn(store)).toBe(false);
  });

  it('sends a signed-out visitor to the sign-in page, coming back here', async () => {
    fetchMock = mockFetch({ 'GET /api/checkout': { status: 401, body: { message: 'Unauthenticated.' } }, 'GET /api/cart': { body: CART_FIXTURE } });
    const { router } = renderWithProviders(null, { routes: ROUTES, route: '/cart/credentials' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?redirect=/cart/credentials');
  });

  it('says the cart is empty with a way back to the cart', async () => {
    fetchMock = mockFetch({
      'GET /api/checkout': { status: 422, body: { code: 'order.cart_empty', message: 'Your cart is empty.' } },
      'GET /api/cart': { body: CART_FIXTURE },
    });
    renderWithProviders(null, { routes: ROUTES, route: '/cart/credentials' });
    expect((await screen.findByRole('alert')).textContent).toContain('Your cart is empty.');
    expect(screen.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/cart');
  });

  it('completes a free order with the "Complete order" button (free route)', async () => {
    await renderPayment(
      { price: 0, formatted_price: '€0.00', available_methods: ['free'], default_method: 'free' },
      { 'POST /payment-gateway/free/complete': { body: { redirect_url: '/payment/success/order-free' } } },
    );
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Complete order' }));
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
  });

  it('pays by bank wire and shows the transfer instructions page it answers', async () => {
    await renderPayment({}, {
      'POST /payment-gateway/bank-wire/pay': { body: { redirect_url: '/payment/bank-wire/order-bw' } },
      'GET /api/payments/bank-wire/order-bw': {
        body: { data: bankWireInstructions() },
      },
    });
    fireEvent.click(methodRadio('Bank wire'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay by bank wire' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by bank wire' })).toBeTruthy();
    expect(await screen.findByText('AM-2026-000777')).toBeTruthy();
  });

  it('plain PayPal follows the redirect_url of its pay route', async () => {
    await renderPayment({}, { 'POST /pay-pal-payment-gateway/pay': { body: { redirect_url: 'https://www.paypal.com/checkoutnow?token=PP1' } } });
    fireEvent.click(methodRadio('PayPal'));
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.paypal.com/checkoutnow?token=PP1'));
  });

  it('shows the one-time flash and the payment error banner after a failed callback', async () => {
    const { store } = await renderPayment({}, { 'GET /api/flash': { body: { data: { type: 'error', message: 'Error processing payment, try later.' } } } }, '/cart/credentials?payment_error=payment.processing_failed');
    expect(await screen.findByText('Payment error: Error processing payment, try later.')).toBeTruthy();
    expect(flashes(store)).toEqual([['error', 'Error processing payment, try later.']]);
  });

  it('names the error of the address when the server kept no flash', async () => {
    await renderPayment({}, {}, '/cart/credentials?payment_error=payment.canceled');
    expect(await screen.findByText('Payment error: The payment was canceled.')).toBeTruthy();
  });

  it('back from a failed 3-D Secure step: says what happened and what to do, with the card chosen; a new payment clears it', async () => {
    const failed = '3-D Secure verification failed. Try again or use another card.';
    const { router } = await renderPayment(
      { available_methods: ['paypal', 'mangopay', 'bankwire'] },
      {
        'GET /api/flash': { body: { data: { type: 'error', message: failed } } },
        'POST /payment-gateway/mango-pay/pay': { body: { security_url: `${location.origin}/sandbox/3ds/SBX3DS2` } },
      },
      '/cart/credentials?payment_error=payment.three_ds_failed&payment_method=mangopay',
    );
    expect(await screen.findByText(`Payment error: ${failed}`)).toBeTruthy();
    expect(methodRadio('Credit card').checked).toBe(true);
    fillCard('4000 0000 0000 3220');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €1,188.00' }));
    expect(await screen.findByRole('heading', { name: '3-D Secure' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sandbox/3ds/SBX3DS2');
  });

  it('back from PayPal with a declined instrument: PayPal is chosen again, the message says to try another method, and PayPal retries', async () => {
    const { router } = await renderPayment(
      {},
      { 'POST /pay-pal-payment-gateway/pay': { body: { redirect_url: 'https://www.paypal.com/checkoutnow?token=PP1' } } },
      '/cart/credentials?payment_error=payment.instrument_declined&payment_method=paypal',
    );
    const banner = await screen.findByText('Payment error: PayPal declined the payment. Try another payment method.');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(methodRadio('PayPal').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.paypal.com/checkoutnow?token=PP1'));
    // The retry started: the old error is gone from the page and the address.
    expect(screen.queryByText(/^Payment error:/)).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('an unknown payment_method in the address is ignored: the default method stays', async () => {
    await renderPayment({}, {}, '/cart/credentials?payment_error=payment.canceled&payment_method=cash');
    expect(methodRadio('Credit card').checked).toBe(true);
  });

  describe('PayPal Credit (sandbox stand-in buttons)', () => {
    const CAPTURE = 'POST /pay-pal-payment-gateway/capture-payment/SBXPP1';
    const sandboxOrder = { body: { data: { id: 'SBXPP1', amount: 1188, formatted_amount: '€1,188.00', status: 'created', redirects: false } } };

    it('creates the order, opens the sandbox approval page, and captures on return → success_redirect_url', async () => {
      const { router } = await renderPayment({}, {
        'POST /pay-pal-payment-gateway/create-order': { body: { result: { id: 'SBXPP1', approve_url: null } } },
        'GET /api/sandbox/paypal/SBXPP1': sandboxOrder,
        'POST /sandbox/paypal/SBXPP1/decide': { body: { redirect_url: null } },
        [CAPTURE]: { body: { result: { details: [], success_redirect_url: '/payment/success/order-pp' } } },
      });
      fireEvent.click(methodRadio('Card via PayPal'));
      fireEvent.click(screen.getByRole('button', { name: 'Card via PayPal' }));
      expect(await screen.findByRole('heading', { name: 'Approve your PayPal payment' })).toBeTruthy();
      expect(fetchMock.callsTo('POST', '/pay-pal-payment-gateway/create-order')[0].body).toEqual({ method: 'paypal_credit' });

      fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
      expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
      expect(fetchMock.callsTo('POST', '/sandbox/paypal/SBXPP1/decide')[0].body).toEqual({ outcome: 'approve' });
      expect(fetchMock.callsTo('POST', '/pay-pal-payment-gateway/capture-payment/SBXPP1')).toHaveLength(1);
      expect(router.state.location.pathname).toBe('/payment/success/order-pp');
    });

    it('INSTRUMENT_DECLINED: the message with the description, and the button approves the same order again', async () => {
      const { store, router } = await renderPayment(
        {},
        {
          [CAPTURE]: {
            body: { result: { details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }], success_redirect_url: null } },
          },
          'GET /api/sandbox/paypal/SBXPP1': sandboxOrder,
        },
        '/cart/credentials?paypal_approved=SBXPP1',
      );
      const message =
        'Sorry, your transaction could not be processed. The instrument presented was declined. Approve again with another card or account, or choose another payment method.';
      expect((await screen.findByText(message, { selector: '.checkout__declined' })).getAttribute('role')).toBe('alert');
      expect(flashes(store)).toEqual([['error', message]]);
      expect(overlayOn(store)).toBe(false);
      expect(router.state.location.search).toBe('');
      expect(methodRadio('Card via PayPal').checked).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: 'Card via PayPal' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/sandbox/paypal/SBXPP1'));
      expect(fetchMock.callsTo('POST', '/pay-pal-payment-gateway/create-order')).toHaveLength(0);
      expect(fetchMock.callsTo('POST', '/pay-pal-payment-gateway/capture-payment/SBXPP1')).toHaveLength(1);
    });

    it("any other capture failure says 'Something went wrong!' with the Oops alert", async () => {
      const { store } = await renderPayment({}, { [CAPTURE]: { status: 500, body: {} } }, '/cart/credentials?paypal_approved=SBXPP1');
      expect(await screen.findByRole('dialog', { name: 'Oops...' })).toBeTruthy();
      expect(flashes(store)).toEqual([['error', 'Something went wrong!']]);
      expect(overlayOn(store)).toBe(false);
    });

    it("a failed create-order says 'Something went wrong!' and stays on the page", async () => {
      const { store, router } = await renderPayment({}, { 'POST /pay-pal-payment-gateway/create-order': { status: 503, body: { message: 'PayPal is not available.' } } });
      fireEvent.click(methodRadio('Card via PayPal'));
      fireEvent.click(screen.getByRole('button', { name: 'Card via PayPal' }));
      const alert = await screen.findByRole('dialog', { name: 'Oops...' });
      expect(within(alert).getByText('PayPal is not available.')).toBeTruthy();
      expect(flashes(store)).toEqual([['error', 'Something went wrong!']]);
      expect(router.state.location.pathname).toBe('/cart/credentials');
    });

    it('with a real client id, the PayPal SDK buttons use the same create-order and capture; INSTRUMENT_DECLINED restarts them', async () => {
      type SdkOptions = {
        createOrder: () => Promise<string>;
        onApprove: (data: { orderID: string }, actions: { restart: () => Promise<void> }) => Promise<void>;
      };
      let options: SdkOptions | undefined;
      const render = jest.fn((_container: HTMLElement) => Promise.resolve());
      const sdk = globalThis as { paypal?: unknown };
      sdk.paypal = { Buttons: (given: SdkOptions) => ((options = given), { render, close: () => Promise.resolve() }) };
      await renderPayment({ paypal_client_id: 'live-client-id', provider_mode: 'live' }, {
        'POST /pay-pal-payment-gateway/create-order': { body: { result: { id: 'PPLIVE1', approve_url: null } } },
        'POST /pay-pal-payment-gateway/capture-payment/PPLIVE1': {
          body: { result: { details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The card was declined.' }], success_redirect_url: null } },
        },
      });
      fireEvent.click(methodRadio('Card via PayPal'));
      expect(screen.getByText('Loading PayPal…')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Card via PayPal' })).toBeNull();
      const script = document.head.querySelector<HTMLScriptElement>('script[src^="https://www.paypal.com/sdk/js"]')!;
      expect(Object.fromEntries(new URL(script.src).searchParams)).toMatchObject({ 'client-id': 'live-client-id', currency: 'EUR', intent: 'capture' });

      act(() => {
        script.dispatchEvent(new Event('load'));
      });
      await waitFor(() => expect(render).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(screen.queryByText('Loading PayPal…')).toBeNull());
      let id = '';
      await act(async () => {
        id = await options!.createOrder();
      });
      expect(id).toBe('PPLIVE1');
      expect(fetchMock.callsTo('POST', '/pay-pal-payment-gateway/create-order')[0].body).toEqual({ method: 'paypal_credit' });

      const restart = jest.fn(() => Promise.resolve());
      await act(() => options!.onApprove({ orderID: 'PPLIVE1' }, { restart }));
      expect(restart).toHaveBeenCalledTimes(1);
      expect(
        screen.getByText('Sorry, your transaction could not be processed. The card was declined. Approve again with another card or account, or choose another payment method.', {
          selector: '.checkout__declined',
        }),
      ).toBeTruthy();
      script.remove();
      delete sdk.paypal;
    });

    it('a canceled approval says the payment was canceled, without capturing', async () => {
      const { store } = await renderPayment({}, {}, '/cart/credentials?paypal_canceled=SBXPP1');
      await waitFor(() => expect(flashes(store)).toEqual([['error', 'The payment was canceled.']]));
      expect(fetchMock.callsTo('POST', '/pay-pal-payment-gateway/capture-payment/SBXPP1')).toHaveLength(0);
    });
  });
});
