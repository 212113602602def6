import {
  DEMO_ACCOUNTS,
  PaymentMessages,
  PaymentRoutes,
  type BankWireInstructions,
  type ListOrdersResponse,
  type OrderDto,
  type PaymentPageProps,
  type WalletBalance,
  type WalletLedgerResponse,
} from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_PASSWORD, signedIn, visitor, type AccountBrowser, type Refusal } from './support/accounts.js';
import type { Platform } from './support/platform.js';
import {
  buyerWithCart,
  cardForm,
  fillCart,
  navigate,
  newBuyer,
  orderOf,
  paidEventCount,
  PRODUCTS,
  SIGN_IN_REQUIRED,
  startPaymentsPlatform,
  waitForEmptyCart,
} from './support/payments.js';

const NOT_ALLOWED = { message: 'You are not allowed to do this.' };
const CONFIRM_ROUTE = '/api/admin/payments/bank-wire/confirm';

describe('gateway: bank wire, wallet, free orders and the orders screen (shop §4, learning orders and wallet)', () => {
  let platform: Platform;
  let administrator: AccountBrowser;

  beforeAll(async () => {
    platform = await startPaymentsPlatform();
    administrator = await signedIn(platform, DEMO_ACCOUNTS.administrator.email, DEMO_PASSWORD);
  }, 90_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** A new buyer with this cart, signed in. */
  const buyerWith = (items?: [number, number][], voucher?: string) => buyerWithCart(platform, items, voucher);

  /** The id at the end of a redirect_url (`/payment/success/{id}`, `/payment/bank-wire/{id}`). */
  const idOf = (url: string) => url.split('/').pop()!;

  /** Places the cart as a bank-wire order; its id. */
  async function bankWireOrder(browser: AccountBrowser): Promise<string> {
    const answer = await browser.call<{ redirect_url: string }>('POST', PaymentRoutes.bankWirePay);
    expect(answer.status).toBe(200);
    expect(answer.body.redirect_url).toMatch(/^\/payment\/bank-wire\/[0-9a-f-]{36}$/);
    return idOf(answer.body.redirect_url);
  }

  describe('bank wire', () => {
    it('the bank-wire route answers the instructions page; the order waits for the transfer with its unique reference', async () => {
      const browser = await buyerWith([[PRODUCTS.module7, 1]]);
      const orderId = await bankWireOrder(browser);

      const answer = await browser.call<{ data: BankWireInstructions }>('GET', `/api/payments/bank-wire/${orderId}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual(
        expect.objectContaining({
          order_id: orderId,
          reference: expect.stringMatching(/^AM-\d{4}-\d{6}$/),
          status: 'waiting_from_payment',
          amount: 199,
          formatted_amount: '€199.00',
          currency: 'EUR',
          iban: expect.any(String),
          bic: expect.any(String),
          pay_before: expect.any(String),
        }),
      );
      expect((await orderOf(browser, orderId)).paymentKind).toBe('bankwire');
    });

    it('only the buyer sees the transfer instructions: another user gets 404, a visitor 401', async () => {
      const browser = await buyerWith();
      const orderId = await bankWireOrder(browser);
      const { browser: stranger } = await newBuyer(platform);
      expect((await stranger.call('GET', `/api/payments/bank-wire/${orderId}`)).status).toBe(404);
      expect(await (await visitor(platform)).call('GET', `/api/payments/bank-wire/${orderId}`)).toEqual(
        expect.objectContaining({ status: 401, body: SIGN_IN_REQUIRED }),
      );
    });

    it('an administrator records the received transfer by reference (amount in euros): the order is paid once', async () => {
      const browser = await buyerWith([[PRODUCTS.part145, 1]]);
      const orderId = await bankWireOrder(browser);
      const { reference } = (await browser.call<{ data: BankWireInstructions }>('GET', `/api/payments/bank-wire/${orderId}`)).body.data;

      // Short of the total: refused under `amount`.
      const short = await administrator.call<Refusal>('POST', CONFIRM_ROUTE, { reference, amount: 148.99 });
      expect(short.status).toBe(422);
      expect(short.body).toEqual(expect.objectContaining({ code: 'payment.amount_short', errors: { amount: [short.body.message] } }));
      expect((await orderOf(browser, orderId)).status).toBe('waiting_from_payment');

      const confirmed = await administrator.call<{ message: string; data: OrderDto }>('POST', CONFIRM_ROUTE, { reference, amount: 149 });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.message).toBe('The transfer was recorded: the order is paid.');
      expect(confirmed.body.data).toEqual(expect.objectContaining({ id: orderId, status: 'payed', paymentKind: 'bankwire' }));

      // Recording it again changes nothing.
      const again = await administrator.call<{ data: OrderDto }>('POST', CONFIRM_ROUTE, { reference: reference.toLowerCase(), amount: 149 });
      expect(again.status).toBe(200);
      expect(again.body.data.status).toBe('payed');
      expect(await paidEventCount(platform, orderId)).toBe(1);
      const orders = await browser.call<ListOrdersResponse>('GET', '/api/orders');
      expect(orders.body.data[0]).toEqual(
        expect.objectContaining({ id: orderId, status: 'payed', payment_kind: 'bankwire', invoice_available: true }),
      );
    });

    it('only administrators record transfers: a buyer gets 403, a visitor 401, and bad input is 422 per field', async () => {
      const browser = await buyerWith();
      const orderId = await bankWireOrder(browser);
      const { reference } = (await browser.call<{ data: BankWireInstructions }>('GET', `/api/payments/bank-wire/${orderId}`)).body.data;

      expect(await browser.call('POST', CONFIRM_ROUTE, { reference, amount: 199 })).toEqual(
        expect.objectContaining({ status: 403, body: NOT_ALLOWED }),
      );
      expect(await (await visitor(platform)).call('POST', CONFIRM_ROUTE, { reference, amount: 199 })).toEqual(
        expect.objectContaining({ status: 401, body: SIGN_IN_REQUIRED }),
      );
      const invalid = await administrator.call<Refusal>('POST', CONFIRM_ROUTE, { reference: '', amount: 1.234 });
      expect(invalid.status).toBe(422);
      expect(Object.keys(invalid.body.errors!).sort()).toEqual(['amount', 'reference']);
      expect((await orderOf(browser, orderId)).status).toBe('waiting_from_payment');
    });

    it('the sandbox bank delivers the transfer of the buyer’s own order; another user’s is 404', async () => {
      const browser = await buyerWith();
      const orderId = await bankWireOrder(browser);
      const { browser: stranger } = await newBuyer(platform);
      expect((await stranger.call('POST', `/sandbox/bank-wire/${orderId}/receive`)).status).toBe(404);

      const received = await browser.call<{ redirect_url: string; data: OrderDto }>('POST', `/sandbox/bank-wire/${orderId}/receive`);
      expect(received.status).toBe(200);
      expect(received.body.redirect_url).toBe(`/payment/success/${orderId}`);
      expect(received.body.data.status).toBe('payed');
    });
  });

  describe('wallet', () => {
    it('wallet funds bought by card credit the wallet; the wallet then pays a course, and the ledger shows both', async () => {
      const { browser } = await newBuyer(platform);
      await fillCart(browser, [[PRODUCTS.walletTopUp100, 1]]);
      // Wallet funds are never paid with wallet funds.
      const selfFunded = await browser.call<Refusal>('POST', PaymentRoutes.walletPay);
      expect(selfFunded.status).toBe(422);
      expect(selfFunded.body.message).toBe('You cannot buy wallet funds with wallet funds.');

      expect((await browser.call('POST', PaymentRoutes.cardPay, cardForm())).status).toBe(200);
      expect((await browser.call<{ data: WalletBalance }>('GET', '/api/wallet')).body.data).toEqual(
        expect.objectContaining({ balance_cents: 10_000, balance: 100, formatted_balance: '€100.00', currency: 'EUR' }),
      );
      await waitForEmptyCart(browser);

      await fillCart(browser, [[PRODUCTS.module1, 1]]);
      const page = await browser.call<PaymentPageProps>('GET', '/api/checkout');
      expect(page.body).toEqual(expect.objectContaining({ price: 99, wallet_balance: 100 }));
      expect(page.body.available_methods).toContain('wallet');

      const paid = await browser.call<{ redirect_url: string }>('POST', PaymentRoutes.walletPay);
      expect(paid.status).toBe(200);
      expect(paid.body.redirect_url).toMatch(/^\/payment\/success\/[0-9a-f-]{36}$/);
      expect(await orderOf(browser, idOf(paid.body.redirect_url))).toEqual(expect.objectContaining({ status: 'payed', paymentKind: 'wallet' }));

      const ledger = await browser.call<WalletLedgerResponse>('GET', '/api/wallet/ledger');
      expect(ledger.status).toBe(200);
      expect(ledger.body.data.map((e) => [e.kind, e.amount])).toEqual([
        ['payment', -99],
        ['top_up', 100],
      ]);
      expect(ledger.body.meta).toEqual(expect.objectContaining({ balance: 1, formatted_balance: '€1.00' }));
    });

    it('a wallet short of the price refuses the payment (422 wallet.insufficient_funds) and takes nothing', async () => {
      const browser = await buyerWith([[PRODUCTS.module7, 1]]);
      const page = await browser.call<PaymentPageProps>('GET', '/api/checkout');
      expect(page.body.available_methods).not.toContain('wallet');

      const answer = await browser.call<Refusal>('POST', PaymentRoutes.walletPay);
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('wallet.insufficient_funds');
      expect((await browser.call<{ data: WalletBalance }>('GET', '/api/wallet')).body.data.balance_cents).toBe(0);
      const orders = await browser.call<ListOrdersResponse>('GET', '/api/orders');
      expect(orders.body.data.map((o) => o.status)).not.toContain('payed');
    });

    it('the demo student’s seeded wallet pays through the gateway', async () => {
      const student = await signedIn(platform, DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
      await student.call('DELETE', '/api/cart/empty');
      await fillCart(student, [[PRODUCTS.module1, 1]]);
      const before = (await student.call<{ data: WalletBalance }>('GET', '/api/wallet')).body.data.balance_cents;
      expect(before).toBeGreaterThanOrEqual(9_900);
      expect((await student.call('POST', PaymentRoutes.walletPay)).status).toBe(200);
      expect((await student.call<{ data: WalletBalance }>('GET', '/api/wallet')).body.data.balance_cents).toBe(before - 9_900);
    });
  });

  describe('free orders', () => {
    it('with FREE100 the payment page offers only "free", and completing it pays the order without a provider', async () => {
      const browser = await buyerWith([[PRODUCTS.module7, 1]], 'FREE100');
      const page = await browser.call<PaymentPageProps>('GET', '/api/checkout');
      expect(page.body).toEqual(expect.objectContaining({ price: 0, available_methods: ['free'], default_method: 'free' }));

      const answer = await browser.call<{ redirect_url: string }>('POST', PaymentRoutes.freePay);
      expect(answer.status).toBe(200);
      const order = await orderOf(browser, idOf(answer.body.redirect_url));
      expect(order).toEqual(expect.objectContaining({ status: 'payed', paymentKind: 'free', voucherCode: 'FREE100' }));
      expect(order.totals.finalCents).toBe(0);
    });

    it('the free route refuses an order with something to pay (422 order.not_free)', async () => {
      const browser = await buyerWith([[PRODUCTS.module7, 1]]);
      const answer = await browser.call<Refusal>('POST', PaymentRoutes.freePay);
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('order.not_free');
    });
  });

  describe('orders screen', () => {
    it('GET /api/orders lists only the signed-in user’s orders, newest first, in euros with the cancel flag', async () => {
      const { user, browser } = await newBuyer(platform);
      await fillCart(browser, [[PRODUCTS.module7, 1]]);
      const first = await bankWireOrder(browser);
      await browser.call('POST', `/api/cart/add`, { product_id: PRODUCTS.module1, quantity: 1 });
      const second = await bankWireOrder(browser);
      await buyerWith(); // someone else shopping meanwhile

      const answer = await browser.call<ListOrdersResponse>('GET', '/api/orders?page=1&per_page=10');
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((o) => o.id)).toEqual([second, first]);
      expect(answer.body.data[1]).toEqual(
        expect.objectContaining({
          total: 199,
          formatted_total: '€199.00',
          status: 'waiting_from_payment',
          payment_kind: 'bankwire',
          can_cancel: true,
        }),
      );
      expect(answer.body.meta.pagination).toEqual(expect.objectContaining({ total: 2, current_page: 1 }));
      expect((await orderOf(browser, first)).buyer.userId).toBe(user.id);

      expect((await browser.call<Refusal>('GET', '/api/orders?per_page=500')).status).toBe(422);
    });

    it('another user’s order is 404, whether read, cancelled or paid with order_id', async () => {
      const owner = await buyerWith();
      const orderId = await bankWireOrder(owner);
      const { browser: stranger } = await newBuyer(platform);
      for (const [method, path, body] of [
        ['GET', `/api/orders/${orderId}`],
        ['POST', `/orders/cancel/${orderId}`],
        ['POST', PaymentRoutes.cardPay, { ...cardForm(), order_id: orderId }],
      ] as const) {
        const answer = await stranger.call<Refusal>(method, path, body);
        expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 404, code: 'order.not_found' });
      }
      expect((await stranger.call('GET', '/api/orders/not-a-uuid')).status).toBe(404);
      expect((await orderOf(owner, orderId)).status).toBe('waiting_from_payment');
    });

    it('an unpaid order can be cancelled (twice is harmless), then no longer be paid; a paid order cannot be cancelled', async () => {
      const browser = await buyerWith([[PRODUCTS.module7, 1]]);
      const orderId = await bankWireOrder(browser);

      const canceled = await browser.call('POST', `/orders/cancel/${orderId}`);
      expect(canceled).toEqual(
        expect.objectContaining({ status: 200, body: { success: true, status: 'canceled', message: 'The order was canceled.' } }),
      );
      expect((await browser.call('POST', `/orders/cancel/${orderId}`)).status).toBe(200);
      const order = await orderOf(browser, orderId);
      expect(order).toEqual(expect.objectContaining({ status: 'canceled', cancelReason: 'buyer' }));
      const list = await browser.call<ListOrdersResponse>('GET', '/api/orders');
      expect(list.body.data[0]).toEqual(expect.objectContaining({ id: orderId, can_cancel: false }));

      const payCanceled = await browser.call<Refusal>('POST', PaymentRoutes.cardPay, { ...cardForm(), order_id: orderId });
      expect(payCanceled.status).toBe(409);

      // A paid order stays paid. (The bank wire took the course out of the cart: it goes back in.)
      await waitForEmptyCart(browser);
      await fillCart(browser, [[PRODUCTS.module7, 1]]);
      const paid = await browser.call<{ cart_id: string }>('POST', PaymentRoutes.cardPay, cardForm());
      expect(paid.status).toBe(200);
      const refused = await browser.call<Refusal>('POST', `/orders/cancel/${paid.body.cart_id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(expect.objectContaining({ message: 'A paid order cannot be canceled.', code: 'order.not_cancelable' }));
      expect((await orderOf(browser, paid.body.cart_id)).status).toBe('payed');
    });

    it('a bank-wire order can later be paid by card with order_id', async () => {
      const browser = await buyerWith([[PRODUCTS.module1, 1]]);
      const orderId = await bankWireOrder(browser);
      const answer = await browser.call<{ cart_id: string }>('POST', PaymentRoutes.cardPay, { ...cardForm(), order_id: orderId });
      expect(answer.status).toBe(200);
      expect(answer.body.cart_id).toBe(orderId);
      expect(await orderOf(browser, orderId)).toEqual(expect.objectContaining({ status: 'payed', paymentKind: 'mangopay' }));
    });
  });

  // Last: it stops the payments process.
  describe('payments unavailable', () => {
    it('a browser back from the provider goes to the payment page with "Error checking payment details."; scripts get 503', async () => {
      const browser = await buyerWith();
      await platform.apps.payments.stop();

      const callback = '/payment-gateway/mango-pay-callback/0d7c9f5e-1b0a-4c55-9b39-5a1f0f3f8e11?transactionId=sbx_card_0123';
      expect(await navigate(browser, callback)).toEqual({
        status: 302,
        location: `${PaymentRoutes.paymentPage}?payment_error=payment.checking_failed`,
      });
      expect((await browser.call('GET', '/api/flash')).body).toEqual({
        data: { type: 'error', message: PaymentMessages.checkingFailed, code: 'payment.checking_failed' },
      });
      expect((await navigate(browser, `${PaymentRoutes.paypalReturn}?token=SBXPP000000000000`)).status).toBe(302);

      const script = await browser.request('GET', callback, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
      expect(script.status).toBe(503);
      expect((await browser.call('GET', '/api/orders')).status).toBe(503);
      // The rest of the shop keeps working.
      expect((await browser.call('GET', '/api/cart')).status).toBe(200);
    });
  });
});
