import { PaymentRoutes, type ListOrdersResponse, type PayPalCreateOrderAnswer, type WalletLedgerResponse } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signedIn, type AccountBrowser, type ApiAnswer } from './support/accounts.js';
import { queryDb, type Platform } from './support/platform.js';
import { buyerWithCart, cardForm, CARDS, fillCart, navigate, orderOf, pathOf, PRODUCTS, startPaymentsPlatform, waitForEmptyCart } from './support/payments.js';

type Answer = ApiAnswer<Record<string, unknown> & { message?: string; code?: string }>;

/** How many submissions of one cart race each other (issue: "20 concurrent submissions"). */
const SUBMISSIONS = 20;

/** The clear answers a submission that lost the race may get instead of a second payment. */
const LOSER_MESSAGES = ['This cart is already being paid', 'This order is already paid.'];
const CART_EMPTY_MESSAGE = 'Your cart is empty.';

/**
 * One order per cart, at most one charge: however many submissions of one cart race each other
 * (tabs, double clicks, retries), with any payment method, the buyer gets one order and the
 * provider or the wallet is asked for the money at most once. The others are told to continue
 * with that order (the same 3-D Secure or PayPal page) or get a 409 with a clear message.
 */
describe('gateway: concurrent submissions of one cart make one order and at most one charge', () => {
  let platform: Platform;

  beforeAll(async () => {
    // The pay routes are rate limited per buyer; the race needs 20 requests at once.
    platform = await startPaymentsPlatform({ gatewayEnv: { RATE_LIMIT_MULTIPLIER: '100' } });
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const buyerWith = (items: [number, number][], voucher?: string) => buyerWithCart(platform, items, voucher);

  /** SUBMISSIONS requests at once from the same signed-in browser. */
  function race(browser: AccountBrowser, path: string, body?: unknown): Promise<Answer[]> {
    return Promise.all(Array.from({ length: SUBMISSIONS }, () => browser.call('POST', path, body) as Promise<Answer>));
  }

  /**
   * Every answer is a success or a clear refusal; answers the successes. A submission that reaches
   * the shop only after the order was paid and its products left the cart (a wallet payment is
   * over in milliseconds; on a loaded machine a request of the race can come that late) finds the
   * cart empty: 422 "Your cart is empty.", which charges nothing either.
   */
  function winners(answers: Answer[]): Answer[] {
    for (const answer of answers) {
      if (answer.status === 200) continue;
      const refusal = { status: answer.status, message: answer.body.message };
      if (refusal.status === 422) {
        expect(refusal).toEqual({ status: 422, message: CART_EMPTY_MESSAGE });
        continue;
      }
      expect(refusal).toEqual({ status: 409, message: expect.any(String) });
      expect(LOSER_MESSAGES).toContain(answer.body.message);
    }
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    return ok;
  }

  /** The buyer's orders (newest first). */
  async function ordersOf(browser: AccountBrowser): Promise<ListOrdersResponse['data']> {
    const answer = await browser.call<ListOrdersResponse>('GET', '/api/orders?per_page=50');
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  /** The buyer has exactly one order; its id. */
  async function theOneOrder(browser: AccountBrowser): Promise<string> {
    const orders = await ordersOf(browser);
    expect(orders).toHaveLength(1);
    return orders[0].id;
  }

  /** Money the sandbox provider took for the order: card pay-ins that succeeded, PayPal orders captured. */
  async function chargesOf(orderId: string): Promise<number> {
    const [row] = await queryDb<{ count: string }>(
      platform,
      `SELECT count(*) FROM payments.sandbox_transactions WHERE order_id = $1 AND status IN ('succeeded', 'completed')`,
      [orderId],
    );
    return Number(row.count);
  }

  async function attemptsOf(orderId: string): Promise<{ method: string; status: string }[]> {
    return queryDb(platform, 'SELECT method, status FROM payments.payment_attempts WHERE order_id = $1 ORDER BY created_at', [orderId]);
  }

  it('card without 3-D Secure: one order, one pay-in; the others get 409', async () => {
    const browser = await buyerWith([[PRODUCTS.module1, 1]]);
    const answers = await race(browser, PaymentRoutes.cardPay, cardForm(CARDS.success));
    const ok = winners(answers);

    const orderId = await theOneOrder(browser);
    expect(await chargesOf(orderId)).toBe(1);
    expect(ok.every((a) => a.body.cart_id === orderId)).toBe(true);
    expect(new Set(ok.map((a) => a.body.transaction_id)).size).toBe(1);
    expect((await orderOf(browser, orderId)).status).toBe('payed');
    expect((await attemptsOf(orderId)).map((a) => a.status)).toEqual(['succeeded']);
  });

  it('card with 3-D Secure: one order, every winner continues on the same 3-D Secure page, one pay-in once approved', async () => {
    const browser = await buyerWith([[PRODUCTS.module1, 1]]);
    const ok = winners(await race(browser, PaymentRoutes.cardPay, cardForm(CARDS.threeDs)));
    const securityUrls = new Set(ok.map((a) => pathOf(String(a.body.security_url))));
    expect(securityUrls.size).toBe(1);

    const orderId = await theOneOrder(browser);
    const transactionId = [...securityUrls][0].split('/').pop()!;
    const approved = await browser.call<{ redirect_url: string }>('POST', `/sandbox/3ds/${transactionId}/complete`, { outcome: 'approve' });
    expect(approved.status).toBe(200);
    const back = await navigate(browser, pathOf(approved.body.redirect_url));
    expect(back.location).toBe(`/payment/success/${orderId}`);

    expect(await chargesOf(orderId)).toBe(1);
    expect((await orderOf(browser, orderId)).status).toBe('payed');
    // A late submission finds the cart paid: no new order, no new attempt.
    const late = await browser.call<{ message: string }>('POST', PaymentRoutes.cardPay, cardForm(CARDS.success));
    expect([409, 422]).toContain(late.status);
    expect(await ordersOf(browser)).toHaveLength(1);
    expect(await attemptsOf(orderId)).toEqual([{ method: 'mangopay', status: 'succeeded' }]);
  });

  it('PayPal (redirect): one order, one PayPal order to approve, one capture', async () => {
    const browser = await buyerWith([[PRODUCTS.module1, 1]]);
    const ok = winners(await race(browser, PaymentRoutes.paypalPay));
    const approvals = new Set(ok.map((a) => pathOf(String(a.body.redirect_url))));
    expect(approvals.size).toBe(1);
    const paypalOrderId = [...approvals][0].split('/').pop()!;

    const orderId = await theOneOrder(browser);
    const decided = await browser.call<{ redirect_url: string }>('POST', `/sandbox/paypal/${paypalOrderId}/decide`, { outcome: 'approve' });
    expect(decided.status).toBe(200);
    const back = await navigate(browser, decided.body.redirect_url);
    expect(back.location).toBe(`/payment/success/${orderId}`);
    expect(await chargesOf(orderId)).toBe(1);
    expect(await attemptsOf(orderId)).toEqual([{ method: 'paypal', status: 'succeeded' }]);
  });

  it('PayPal credit (buttons): one order, every winner gets the same PayPal order id, one capture', async () => {
    const browser = await buyerWith([[PRODUCTS.module1, 1]]);
    const ok = winners(await race(browser, PaymentRoutes.paypalCreateOrder, { method: 'paypal_credit' }));
    const ids = new Set(ok.map((a) => (a.body as unknown as PayPalCreateOrderAnswer).result.id));
    expect(ids.size).toBe(1);
    const paypalOrderId = [...ids][0];

    const orderId = await theOneOrder(browser);
    expect((await browser.call('POST', `/sandbox/paypal/${paypalOrderId}/decide`, { outcome: 'approve' })).status).toBe(200);
    // The buttons capture after approval; a double capture is one capture.
    const captures = await Promise.all(
      [1, 2, 3].map(() => browser.call('POST', PaymentRoutes.paypalCapture.replace('{orderID}', paypalOrderId))),
    );
    expect(captures.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(await chargesOf(orderId)).toBe(1);
    expect((await orderOf(browser, orderId)).status).toBe('payed');
  });

  it('bank wire: one order waiting for one transfer, and the cart is emptied so a later click makes no second order', async () => {
    const browser = await buyerWith([[PRODUCTS.module1, 1]]);
    const ok = winners(await race(browser, PaymentRoutes.bankWirePay));
    const orderId = await theOneOrder(browser);
    expect(new Set(ok.map((a) => a.body.redirect_url))).toEqual(new Set([`/payment/bank-wire/${orderId}`]));
    expect((await orderOf(browser, orderId)).status).toBe('waiting_from_payment');
    expect(await attemptsOf(orderId)).toEqual([{ method: 'bankwire', status: 'pending' }]);

    await waitForEmptyCart(browser);
    const again = await browser.call<{ code: string }>('POST', PaymentRoutes.bankWirePay);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('order.cart_empty');
    expect(await ordersOf(browser)).toHaveLength(1);
  });

  it('free (FREE100): one order, paid once', async () => {
    const browser = await buyerWith([[PRODUCTS.module1, 1]], 'FREE100');
    const ok = winners(await race(browser, PaymentRoutes.freePay));
    const orderId = await theOneOrder(browser);
    expect(new Set(ok.map((a) => a.body.redirect_url))).toEqual(new Set([`/payment/success/${orderId}`]));
    expect(await attemptsOf(orderId)).toEqual([{ method: 'free', status: 'succeeded' }]);
  });

  it('wallet: one order and one debit, the balance goes down once', async () => {
    // The demo student has 500 EUR in the wallet.
    const browser = await signedIn(platform, 'student@aeromaint.local', 'Aviation2026!');
    const balance = async () => (await browser.call<{ data: { balance_cents: number } }>('GET', '/api/wallet')).body.data.balance_cents;
    const before = await balance();
    await fillCart(browser, [[PRODUCTS.module1, 1]]);

    const ok = winners(await race(browser, PaymentRoutes.walletPay));
    const orders = (await ordersOf(browser)).filter((o) => o.status !== 'canceled');
    expect(orders).toHaveLength(1);
    const orderId = orders[0].id;
    expect(new Set(ok.map((a) => a.body.redirect_url))).toEqual(new Set([`/payment/success/${orderId}`]));

    expect(await balance()).toBe(before - 9_900);
    const ledger = await browser.call<WalletLedgerResponse>('GET', '/api/wallet/ledger?per_page=50');
    expect(ledger.body.data.filter((e) => e.kind === 'payment').map((e) => e.order_id)).toEqual([orderId]);
  });
});
