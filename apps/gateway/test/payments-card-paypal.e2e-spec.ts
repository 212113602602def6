import {
  PaymentMessages,
  PaymentRoutes,
  type PaymentPageProps,
  type PaymentRedirect,
  type PayPalCaptureAnswer,
  type PayPalCreateOrderAnswer,
  type SandboxPayPalView,
  type SandboxThreeDsView,
} from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { visitor, type AccountBrowser, type Refusal } from './support/accounts.js';
import { queryDb, type Platform } from './support/platform.js';
import {
  buyerWithCart,
  cardForm,
  CARDS,
  fillCart,
  navigate,
  newBuyer,
  orderOf,
  paidEventCount,
  pathOf,
  PRODUCTS,
  scriptGet,
  SIGN_IN_REQUIRED,
  startPaymentsPlatform,
} from './support/payments.js';

type Success = { success: true; processed: true; cart_id: string; transaction_id: string };
describe('gateway: payment page, card and PayPal payments (shop §2-§4, §7, §8)', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPaymentsPlatform();
  }, 90_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** A new buyer with this cart, signed in. */
  const buyerWith = (items?: [number, number][], voucher?: string) => buyerWithCart(platform, items, voucher);

  /** Pays the cart with the 3-D Secure test card: the sandbox transaction awaiting the challenge. */
  async function startThreeDs(browser: AccountBrowser): Promise<{ transactionId: string; securityUrl: string }> {
    const answer = await browser.call<{ security_url: string }>('POST', PaymentRoutes.cardPay, cardForm(CARDS.threeDs));
    expect(answer.status).toBe(200);
    // payments builds provider addresses from PUBLIC_BASE_URL; this gateway runs on another port.
    const securityUrl = pathOf(answer.body.security_url);
    expect(securityUrl).toMatch(/^\/sandbox\/3ds\/sbx_card_[0-9a-f]+$/);
    return { transactionId: securityUrl.split('/').pop()!, securityUrl };
  }

  /** The sandbox 3-D Secure page decides; its answer is the card callback address. */
  async function completeThreeDs(browser: AccountBrowser, transactionId: string, outcome: 'approve' | 'fail' | 'cancel'): Promise<string> {
    const answer = await browser.call<{ redirect_url: string }>('POST', `/sandbox/3ds/${transactionId}/complete`, { outcome });
    expect(answer.status).toBe(200);
    return answer.body.redirect_url;
  }

  describe('access', () => {
    it('a visitor gets 401 "Please sign in to continue." from the payment page and every pay and order route', async () => {
      const browser = await visitor(platform);
      await browser.call('POST', '/api/cart/add', { product_id: PRODUCTS.module7, quantity: 1 });
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/checkout'],
        ['POST', PaymentRoutes.cardPay, cardForm()],
        ['POST', PaymentRoutes.paypalCreateOrder, {}],
        ['POST', PaymentRoutes.paypalCapture.replace('{orderID}', 'SBXPP000000000000')],
        ['POST', PaymentRoutes.paypalPay],
        ['POST', PaymentRoutes.bankWirePay],
        ['POST', PaymentRoutes.walletPay],
        ['POST', PaymentRoutes.freePay],
        ['GET', '/api/orders'],
        ['GET', '/api/wallet'],
        ['POST', '/orders/cancel/0d7c9f5e-1b0a-4c55-9b39-5a1f0f3f8e11'],
      ];
      for (const [method, path, body] of routes) {
        const answer = await browser.call(method, path, body);
        expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 401, body: SIGN_IN_REQUIRED });
      }
    });

    it('a pay route without the XSRF header is refused with 419 before anything is paid', async () => {
      const browser = await buyerWith();
      const res = await browser.request('POST', PaymentRoutes.cardPay, { body: cardForm() });
      expect(res.status).toBe(419);
      expect((await browser.call<{ data: unknown[] }>('GET', '/api/orders')).body.data).toEqual([]);
    });
  });

  describe('payment page', () => {
    it('GET /api/checkout gives the props of the buyer’s cart: price, methods, default mangopay, routes, sandbox PayPal id', async () => {
      const browser = await buyerWith([[PRODUCTS.module7, 2]]);
      const answer = await browser.call<PaymentPageProps>('GET', '/api/checkout');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(
        expect.objectContaining({
          price: 398,
          formatted_price: '€398.00',
          currency: 'EUR',
          default_method: 'mangopay',
          wallet_balance: 0,
          paypal_client_id: 'sandbox',
          provider_mode: 'sandbox',
        }),
      );
      // A new buyer's wallet is empty: the wallet method is not offered.
      expect(answer.body.available_methods).toEqual(['mangopay', 'paypal_credit', 'paypal', 'bankwire']);
      expect(answer.body.routes).toEqual(
        expect.objectContaining({
          mangopay: PaymentRoutes.cardPay,
          paypal_credit: PaymentRoutes.paypalCreateOrder,
          paypal_credit_capture: PaymentRoutes.paypalCapture,
          bankwire: PaymentRoutes.bankWirePay,
          wallet: PaymentRoutes.walletPay,
        }),
      );
    });

    it('an empty cart has no payment page: 422 "Your cart is empty."', async () => {
      const { browser } = await newBuyer(platform);
      const answer = await browser.call<Refusal>('GET', '/api/checkout');
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(expect.objectContaining({ message: 'Your cart is empty.', code: 'order.cart_empty' }));
    });
  });

  describe('card', () => {
    it('a card without 3-D Secure pays at once: success + processed, the callback then 302s to the success page', async () => {
      const { user, browser } = await newBuyer(platform);
      await fillCart(browser, [[PRODUCTS.module7, 1]]);
      const answer = await browser.call<Success>('POST', PaymentRoutes.cardPay, cardForm(CARDS.success));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, processed: true, cart_id: expect.any(String), transaction_id: expect.any(String) });
      const { cart_id: orderId, transaction_id: transactionId } = answer.body;

      // The page then sends the browser to the callback route with the cart and transaction ids.
      const callback = `/payment-gateway/mango-pay-callback/${orderId}?transactionId=${encodeURIComponent(transactionId)}`;
      expect(await navigate(browser, callback)).toEqual({ status: 302, location: `/payment/success/${orderId}` });

      // The order is the signed-in user's: buyer from the account, paid by card.
      const order = await orderOf(browser, orderId);
      expect(order).toEqual(
        expect.objectContaining({ status: 'payed', paymentKind: 'mangopay', buyer: expect.objectContaining({ userId: user.id, email: user.email }) }),
      );
      expect(order.buyer.name).toBe('Lena Berg');
      expect(order.totals.finalCents).toBe(19_900);
      expect(order.reference).toMatch(/^AM-\d{4}-\d{6}$/);
    });

    it('3-D Secure: security_url opens the sandbox page; approving it leads through the callback (302) to the success page', async () => {
      const browser = await buyerWith([[PRODUCTS.part145, 1]]);
      const { transactionId } = await startThreeDs(browser);

      const page = await browser.call<{ data: SandboxThreeDsView }>('GET', `/api/sandbox/3ds/${transactionId}`);
      expect(page.status).toBe(200);
      expect(page.body.data).toEqual(
        expect.objectContaining({ transaction_id: transactionId, amount: 149, card_last4: '3220', status: 'awaiting_3ds' }),
      );

      const callback = await completeThreeDs(browser, transactionId, 'approve');
      const orderId = /mango-pay-callback\/([0-9a-f-]{36})\?transactionId=/.exec(callback)?.[1];
      expect(callback).toBe(`/payment-gateway/mango-pay-callback/${orderId}?transactionId=${transactionId}`);
      // Until the callback verifies it, the order is not paid.
      expect((await orderOf(browser, orderId!)).status).toBe('created');

      expect(await navigate(browser, callback)).toEqual({ status: 302, location: `/payment/success/${orderId}` });
      expect((await orderOf(browser, orderId!)).status).toBe('payed');
      // Nothing went wrong, so there is nothing to flash.
      expect((await browser.call('GET', '/api/flash')).body).toEqual({ data: null });
    });

    it('a failed 3-D Secure challenge sends the browser back to the payment page, the card chosen again, with what happened and what to do as a one-time flash', async () => {
      const browser = await buyerWith();
      const { transactionId } = await startThreeDs(browser);
      const callback = await completeThreeDs(browser, transactionId, 'fail');

      expect(await navigate(browser, callback)).toEqual({
        status: 302,
        location: `${PaymentRoutes.paymentPage}?payment_error=payment.three_ds_failed&payment_method=mangopay`,
      });
      expect((await browser.call('GET', '/api/flash')).body).toEqual({
        data: { type: 'error', message: '3-D Secure verification failed. Try again or use another card.', code: 'payment.three_ds_failed' },
      });
      // Shown once.
      expect((await browser.call('GET', '/api/flash')).body).toEqual({ data: null });

      // The cart and its order are kept: trying again at once opens a new challenge, and approving it pays.
      const retry = await startThreeDs(browser);
      const paid = await navigate(browser, await completeThreeDs(browser, retry.transactionId, 'approve'));
      expect(paid).toEqual({ status: 302, location: expect.stringMatching(/^\/payment\/success\/[0-9a-f-]{36}$/) });
      expect((await orderOf(browser, paid.location!.split('/').pop()!)).status).toBe('payed');
    });

    it('a script (X-Requested-With) gets the callback’s PaymentRedirect as JSON instead of a redirect, with no flash', async () => {
      const browser = await buyerWith();
      const { transactionId } = await startThreeDs(browser);
      const callback = await completeThreeDs(browser, transactionId, 'cancel');

      const answer = await scriptGet<PaymentRedirect>(browser, callback);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        status: 'failed',
        redirect_url: `${PaymentRoutes.paymentPage}?payment_error=payment.canceled&payment_method=mangopay`,
        order_id: expect.any(String),
        error: { code: 'payment.canceled', message: PaymentMessages.canceled },
      });
      expect((await browser.call('GET', '/api/flash')).body).toEqual({ data: null });
    });

    it('a callback with an unknown transaction is "Error checking payment details." and pays nothing', async () => {
      const browser = await buyerWith();
      const { transactionId } = await startThreeDs(browser);
      const callback = await completeThreeDs(browser, transactionId, 'approve');
      const orderId = /mango-pay-callback\/([0-9a-f-]{36})/.exec(callback)![1];

      const forged = `/payment-gateway/mango-pay-callback/${orderId}?transactionId=sbx_card_forged`;
      expect(await navigate(browser, forged)).toEqual({
        status: 302,
        location: `${PaymentRoutes.paymentPage}?payment_error=payment.checking_failed&payment_method=mangopay`,
      });
      expect((await browser.call('GET', '/api/flash')).body).toEqual({
        data: { type: 'error', message: PaymentMessages.checkingFailed, code: 'payment.checking_failed' },
      });
      expect((await orderOf(browser, orderId)).status).toBe('created');
    });

    it('a declined card is 422 "Your card was declined. Try another card or another payment method.", leaves the order unpaid, and another card pays it at once', async () => {
      const browser = await buyerWith();
      const answer = await browser.call<Refusal>('POST', PaymentRoutes.cardPay, cardForm(CARDS.declined));
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(
        expect.objectContaining({ message: 'Your card was declined. Try another card or another payment method.', code: 'payment.card_declined' }),
      );
      const orders = await browser.call<{ data: { id: string; status: string; payment_kind: string }[] }>('GET', '/api/orders');
      expect(orders.body.data).toEqual([expect.objectContaining({ status: 'created', payment_kind: 'mangopay' })]);

      const retry = await browser.call<Success>('POST', PaymentRoutes.cardPay, cardForm(CARDS.success));
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(expect.objectContaining({ success: true, cart_id: orders.body.data[0].id }));
    });

    it('a failing card provider is 502 "Error processing payment, try later."', async () => {
      const browser = await buyerWith();
      const answer = await browser.call<Refusal>('POST', PaymentRoutes.cardPay, cardForm(CARDS.processingError));
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe(PaymentMessages.processingFailed);
    });

    it('bad card fields are 422 with the form-invalid message and one message per field, and place no order', async () => {
      const browser = await buyerWith();
      const thisYear = new Date().getUTCFullYear();
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [
          { number: '4242 4242 4242 4241', expiration_month: '13', expiration_year: String(thisYear + 1), cvc: '12' },
          {
            number: ['The card number is not valid.'],
            expiration_month: ['The expiration month must be between 1 and 12.'],
            cvc: ['The CVC must be 3 or 4 digits.'],
          },
        ],
        [
          { number: CARDS.success, expiration_month: '01', expiration_year: String(thisYear - 1), cvc: '123' },
          { expiration_year: ['The card has expired.'] },
        ],
        [
          { number: CARDS.success, expiration_month: 12, expiration_year: thisYear + 40, cvc: 1234 },
          { expiration_year: ['The expiration year is not valid.'] },
        ],
        [
          {},
          {
            number: ['The card number is required.'],
            expiration_month: ['The expiration month must be between 1 and 12.'],
            expiration_year: ['The expiration year is not valid.'],
            cvc: ['The CVC must be 3 or 4 digits.'],
          },
        ],
        [{ ...cardForm(), holder: 'Lena Berg' }, { holder: ['property holder should not exist'] }],
        [{ ...cardForm(), order_id: 'not-an-order' }, { order_id: ['The order is not valid.'] }],
      ];
      for (const [form, errors] of cases) {
        const answer = await browser.call<Refusal>('POST', PaymentRoutes.cardPay, form);
        expect({ form, status: answer.status, body: answer.body }).toEqual({
          form,
          status: 422,
          body: { message: PaymentMessages.formInvalid, errors, code: 'payment.form_invalid' },
        });
      }
      expect((await browser.call<{ data: unknown[] }>('GET', '/api/orders')).body.data).toEqual([]);
    });

    it('payment attempts are limited to 20 a minute per session: then 429 with the seconds to wait, on every pay route', async () => {
      const browser = await buyerWith();
      for (let i = 0; i < 20; i++) expect((await browser.call('POST', PaymentRoutes.cardPay, { number: '1' })).status).toBe(422);
      const refused = await browser.call<{ message: string; retryAfter: number }>('POST', PaymentRoutes.cardPay, cardForm());
      expect(refused.status).toBe(429);
      expect(refused.body.retryAfter).toBeGreaterThan(0);
      expect(refused.body.message).toBe(`Too many payment attempts. Please retry in ${refused.body.retryAfter} seconds.`);
      expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retryAfter);
      // The count is shared by the pay routes.
      expect((await browser.call('POST', PaymentRoutes.bankWirePay)).status).toBe(429);
      // Another buyer's session is not affected.
      const other = await buyerWith();
      expect((await other.call('POST', PaymentRoutes.cardPay, cardForm())).status).toBe(200);
    });

    it('50 identical card callbacks at once through the gateway end with one paid order and one order.paid', async () => {
      const browser = await buyerWith([[PRODUCTS.module1, 1]]);
      const { transactionId } = await startThreeDs(browser);
      const callback = await completeThreeDs(browser, transactionId, 'approve');
      const orderId = /mango-pay-callback\/([0-9a-f-]{36})/.exec(callback)![1];

      const answers = await Promise.all(Array.from({ length: 50 }, () => navigate(browser, callback)));
      expect(answers).toEqual(Array.from({ length: 50 }, () => ({ status: 302, location: `/payment/success/${orderId}` })));

      expect((await orderOf(browser, orderId)).status).toBe('payed');
      expect(await paidEventCount(platform, orderId)).toBe(1);
      const attempts = await queryDb<{ status: string }>(platform, 'SELECT status FROM payments.payment_attempts WHERE order_id = $1', [
        orderId,
      ]);
      expect(attempts.map((a) => a.status)).toEqual(['succeeded']);
      const orders = await browser.call<{ data: { id: string; status: string }[] }>('GET', '/api/orders');
      expect(orders.body.data.filter((o) => o.status === 'payed').map((o) => o.id)).toEqual([orderId]);
    });

    it('the card provider’s hook needs no session or XSRF token, and with the browser’s callback pays the order once', async () => {
      const browser = await buyerWith([[PRODUCTS.part145, 1]]);
      const { transactionId } = await startThreeDs(browser);
      const callback = await completeThreeDs(browser, transactionId, 'approve');
      const orderId = /mango-pay-callback\/([0-9a-f-]{36})/.exec(callback)![1];

      const hook = `${platform.url}${PaymentRoutes.cardWebhook}?EventType=PAYIN_NORMAL_SUCCEEDED&RessourceId=${transactionId}&Date=1767225600`;
      const posted = await fetch(hook, { method: 'POST' });
      expect(posted.status).toBe(200);
      expect(await posted.json()).toEqual({ received: true, handled: true });
      expect((await orderOf(browser, orderId)).status).toBe('payed');

      const again = await fetch(hook);
      expect(await again.json()).toEqual({ received: true, handled: true });
      expect(await navigate(browser, callback)).toEqual({ status: 302, location: `/payment/success/${orderId}` });
      expect(await paidEventCount(platform, orderId)).toBe(1);

      // A hook about nothing known is answered, and changes nothing.
      const unknown = await fetch(`${platform.url}${PaymentRoutes.cardWebhook}?EventType=PAYIN_NORMAL_SUCCEEDED&RessourceId=nope`);
      expect(await unknown.json()).toEqual({ received: true, handled: false });
    });
  });

  describe('PayPal', () => {
    /** create-order through the PayPal buttons; the sandbox order id. */
    async function createPayPalOrder(browser: AccountBrowser, method?: 'paypal' | 'paypal_credit'): Promise<string> {
      const answer = await browser.call<PayPalCreateOrderAnswer>('POST', PaymentRoutes.paypalCreateOrder, method ? { method } : {});
      expect(answer.status).toBe(200);
      expect(answer.body.result.id).toMatch(/^SBXPP[0-9A-F]{12}$/);
      expect(pathOf(answer.body.result.approve_url!)).toBe(`/sandbox/paypal/${answer.body.result.id}`);
      return answer.body.result.id;
    }

    async function decide(browser: AccountBrowser, paypalOrderId: string, outcome: 'approve' | 'instrument_declined' | 'cancel') {
      const answer = await browser.call<{ redirect_url: string | null }>('POST', `/sandbox/paypal/${paypalOrderId}/decide`, { outcome });
      expect(answer.status).toBe(200);
      return answer.body.redirect_url;
    }

    const capturePath = (id: string) => PaymentRoutes.paypalCapture.replace('{orderID}', id);

    it('the buttons: create-order answers result.id; after approval, capture answers empty details and success_redirect_url', async () => {
      const browser = await buyerWith([[PRODUCTS.module7, 1]]);
      const id = await createPayPalOrder(browser, 'paypal_credit');

      const page = await browser.call<{ data: SandboxPayPalView }>('GET', `/api/sandbox/paypal/${id}`);
      expect(page.body.data).toEqual(expect.objectContaining({ id, amount: 199, status: 'created', redirects: false }));
      // The buttons stay on the page: no redirect after approval.
      expect(await decide(browser, id, 'approve')).toBeNull();

      const captured = await browser.call<PayPalCaptureAnswer>('POST', capturePath(id));
      expect(captured.status).toBe(200);
      expect(captured.body.result.details).toEqual([]);
      const successUrl = captured.body.result.success_redirect_url!;
      expect(successUrl).toMatch(/^\/payment\/success\/[0-9a-f-]{36}$/);
      const orderId = successUrl.split('/').pop()!;
      expect(await orderOf(browser, orderId)).toEqual(expect.objectContaining({ status: 'payed', paymentKind: 'paypal_credit' }));

      // A repeated capture (double click, retry) answers the same and pays nothing twice.
      const again = await browser.call<PayPalCaptureAnswer>('POST', capturePath(id));
      expect(again.body).toEqual(captured.body);
      expect(await paidEventCount(platform, orderId)).toBe(1);
    });

    it('an INSTRUMENT_DECLINED capture comes back in result.details; the buyer approves again and the capture pays', async () => {
      const browser = await buyerWith([[PRODUCTS.module1, 1]]);
      const id = await createPayPalOrder(browser);
      await decide(browser, id, 'instrument_declined');

      const declined = await browser.call<PayPalCaptureAnswer>('POST', capturePath(id));
      expect(declined.status).toBe(200);
      expect(declined.body.result.success_redirect_url).toBeNull();
      expect(declined.body.result.details).toEqual([{ issue: 'INSTRUMENT_DECLINED', description: expect.any(String) }]);
      const orders = await browser.call<{ data: { status: string }[] }>('GET', '/api/orders');
      expect(orders.body.data).toEqual([expect.objectContaining({ status: 'created' })]);

      await decide(browser, id, 'approve');
      const captured = await browser.call<PayPalCaptureAnswer>('POST', capturePath(id));
      expect(captured.body.result.details).toEqual([]);
      expect(captured.body.result.success_redirect_url).toMatch(/^\/payment\/success\//);
    });

    it('50 identical captures at once through the gateway all answer success and pay the order once', async () => {
      const browser = await buyerWith([[PRODUCTS.part145, 1]]);
      const id = await createPayPalOrder(browser);
      await decide(browser, id, 'approve');

      const answers = await Promise.all(Array.from({ length: 50 }, () => browser.call<PayPalCaptureAnswer>('POST', capturePath(id))));
      const successUrl = answers[0].body.result.success_redirect_url;
      expect(successUrl).toMatch(/^\/payment\/success\/[0-9a-f-]{36}$/);
      const paid = { status: 200, body: { result: { details: [], success_redirect_url: successUrl } } };
      for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual(paid);
      const orderId = successUrl!.split('/').pop()!;
      expect(await paidEventCount(platform, orderId)).toBe(1);
      expect((await orderOf(browser, orderId)).status).toBe('payed');
    });

    it('capturing another buyer’s PayPal order is 404 and captures nothing', async () => {
      const owner = await buyerWith();
      const id = await createPayPalOrder(owner);
      await decide(owner, id, 'approve');
      const { browser: stranger } = await newBuyer(platform);
      const answer = await stranger.call<Refusal>('POST', capturePath(id));
      expect(answer.status).toBe(404);
      expect((await owner.call<{ data: { status: string }[] }>('GET', '/api/orders')).body.data[0].status).toBe('created');
    });

    it('plain PayPal: redirect_url to the approval page, then the return route 302s to the success page', async () => {
      const browser = await buyerWith([[PRODUCTS.part145, 1]]);
      const pay = await browser.call<{ redirect_url: string }>('POST', PaymentRoutes.paypalPay);
      expect(pay.status).toBe(200);
      const approval = pathOf(pay.body.redirect_url);
      expect(approval).toMatch(/^\/sandbox\/paypal\/SBXPP[0-9A-F]{12}$/);
      const id = approval.split('/').pop()!;

      const back = await decide(browser, id, 'approve');
      expect(back).toBe(`${PaymentRoutes.paypalReturn}?token=${id}&PayerID=SANDBOXPAYER`);
      const { status, location } = await navigate(browser, back!);
      expect(status).toBe(302);
      expect(location).toMatch(/^\/payment\/success\/[0-9a-f-]{36}$/);
      expect(await orderOf(browser, location!.split('/').pop()!)).toEqual(expect.objectContaining({ status: 'payed', paymentKind: 'paypal' }));
    });

    it('plain PayPal canceled on PayPal: the cancel route 302s back to the payment page with "Payment canceled." flashed', async () => {
      const browser = await buyerWith();
      const pay = await browser.call<{ redirect_url: string }>('POST', PaymentRoutes.paypalPay);
      const id = pathOf(pay.body.redirect_url).split('/').pop()!;
      const back = await decide(browser, id, 'cancel');
      expect(back).toBe(`${PaymentRoutes.paypalCancel}?token=${id}`);

      expect(await navigate(browser, back!)).toEqual({ status: 302, location: `${PaymentRoutes.paymentPage}?payment_error=payment.canceled&payment_method=paypal` });
      expect((await browser.call('GET', '/api/flash')).body).toEqual({
        data: { type: 'error', message: PaymentMessages.canceled, code: 'payment.canceled' },
      });
    });

    it('plain PayPal with a declined instrument: the return route 302s back to the payment page with PayPal chosen and what to do flashed; PayPal again pays', async () => {
      const browser = await buyerWith([[PRODUCTS.module1, 1]]);
      const pay = await browser.call<{ redirect_url: string }>('POST', PaymentRoutes.paypalPay);
      const approval = pathOf(pay.body.redirect_url);
      const id = approval.split('/').pop()!;
      const back = await decide(browser, id, 'instrument_declined');

      expect(await navigate(browser, back!)).toEqual({
        status: 302,
        location: `${PaymentRoutes.paymentPage}?payment_error=payment.instrument_declined&payment_method=paypal`,
      });
      expect((await browser.call('GET', '/api/flash')).body).toEqual({
        data: { type: 'error', message: 'PayPal declined the payment. Try another payment method.', code: 'payment.instrument_declined' },
      });
      const orders = await browser.call<{ data: { status: string }[] }>('GET', '/api/orders');
      expect(orders.body.data).toEqual([expect.objectContaining({ status: 'created' })]);

      // Retrying at once: PayPal opens the approval of the same PayPal order again.
      const again = await browser.call<{ redirect_url: string }>('POST', PaymentRoutes.paypalPay);
      expect(pathOf(again.body.redirect_url)).toBe(approval);
      const { status, location } = await navigate(browser, (await decide(browser, id, 'approve'))!);
      expect(status).toBe(302);
      expect(location).toMatch(/^\/payment\/success\/[0-9a-f-]{36}$/);
    });

    it('the PayPal webhook needs no session or XSRF token; an event about an approved order pays it once', async () => {
      const browser = await buyerWith([[PRODUCTS.module7, 1]]);
      const id = await createPayPalOrder(browser);
      await decide(browser, id, 'approve');

      const event = { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id } };
      const headers = { 'content-type': 'application/json' };
      const post = () => fetch(`${platform.url}${PaymentRoutes.paypalWebhook}`, { method: 'POST', headers, body: JSON.stringify(event) });
      const answers = await Promise.all([post(), post(), post()]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({ received: true, handled: true });
      }
      const captured = await browser.call<PayPalCaptureAnswer>('POST', capturePath(id));
      const orderId = captured.body.result.success_redirect_url!.split('/').pop()!;
      expect(await paidEventCount(platform, orderId)).toBe(1);
    });
  });

  it('the payment routes are in the OpenAPI document with their tags and summaries', async () => {
    const doc = (await (await fetch(`${platform.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    for (const [path, method] of [
      ['/api/checkout', 'get'],
      [PaymentRoutes.cardPay, 'post'],
      ['/payment-gateway/mango-pay-callback/{cart_id}', 'get'],
      [PaymentRoutes.paypalCreateOrder, 'post'],
      [PaymentRoutes.paypalCapture, 'post'],
      ['/orders/cancel/{uuid}', 'post'],
      ['/api/wallet', 'get'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect({ path, tags: operation?.tags?.length, summary: typeof operation?.summary }).toEqual({ path, tags: 1, summary: 'string' });
    }
  });
});

