import {
  OrderPaidEvent,
  PaymentRoutes,
  type EventEnvelope,
  type ListOrdersResponse,
  type OrderPaid,
  type PaymentRedirect,
  type PayPalCaptureAnswer,
  type PayPalCreateOrderAnswer,
  type WalletBalance,
  type WalletLedgerResponse,
} from '@aero/contracts';
import { createJobsRedis, createQueue, jobIdFor, QueueName } from '@aero/backend-jobs';
import { durableName, eventStreamName, prefixed } from '@aero/backend-messaging';
import { TEST_INFRA, waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { signedIn, type AccountBrowser, type Refusal, type TestUser } from './support/accounts.js';
import { startWithMailCatcher, type CaughtMessage, type MailCatcher } from './support/mail-catcher.js';
import type { Platform } from './support/platform.js';
import {
  CARDS,
  cardForm,
  fillCart,
  newBuyer,
  orderOf,
  pathOf,
  PRODUCTS,
  scriptGet,
  startPaymentsPlatform,
  waitForEmptyCart,
} from './support/payments.js';

/** The durable consumer of notifications that turns `order.paid` into the confirmation e-mail. */
const CONFIRMATION_CONSUMER = 'notifications.order-confirmation';
const TIMES = 50;

/**
 * Issue 4, "exactly once", across the real services: catalog-cart, accounts-invitations, payments
 * and notifications run as processes (notifications sends to a local SMTP listener), the gateway
 * in-process. Everything is driven through the gateway as the browser and the provider's returns
 * would; the effects are counted where they land (payments' outbox, JetStream, the wallet ledger,
 * notifications' tables and the SMTP listener).
 */
describe('gateway: exactly once across the services (payments → JetStream → catalog-cart, wallet, notifications → SMTP)', () => {
  let platform: Platform;
  let smtp: MailCatcher;
  let db: pg.Pool;
  let jobsRedis: Redis;
  let emailQueue: Queue;

  beforeAll(async () => {
    ({ platform, smtp } = await startWithMailCatcher(startPaymentsPlatform));
    db = new pg.Pool({ connectionString: platform.env.databaseUrl, max: 4 });
    jobsRedis = createJobsRedis(TEST_INFRA.redis);
    emailQueue = createQueue(QueueName.EmailSend, jobsRedis, platform.env.redisPrefix);
  }, 120_000);

  afterAll(async () => {
    await emailQueue?.close();
    jobsRedis?.disconnect();
    await db?.end();
    await platform?.stop();
  });

  async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await db.query(sql, params)).rows as T[];
  }

  /** payments' outbox rows of `order.paid` for the order (id, published or not). */
  function outboxPaid(orderId: string): Promise<{ id: string; published: boolean }[]> {
    return query(
      `SELECT id, published_at IS NOT NULL AS published FROM payments.outbox WHERE type = $1 AND payload->'data'->>'orderId' = $2`,
      [OrderPaidEvent.name, orderId],
    );
  }

  /** The `order.paid` messages of the order on this file's JetStream stream (read from the start). */
  async function jetStreamPaid(orderId: string): Promise<EventEnvelope<OrderPaid>[]> {
    const { natsPrefix } = platform.env;
    const consumer = await jetstream(platform.gateway.infra.nats).consumers.get(eventStreamName(natsPrefix), {
      filter_subjects: prefixed(natsPrefix, OrderPaidEvent.subject),
    });
    const found: EventEnvelope<OrderPaid>[] = [];
    const messages = await consumer.fetch({ max_messages: 1000, expires: 2000 });
    for await (const msg of messages) {
      const envelope = msg.json<EventEnvelope<OrderPaid>>();
      if (envelope.data.orderId === orderId) found.push(envelope);
      if (msg.info.pending === 0) break;
    }
    return found;
  }

  /** Every `order.paid` on the stream was delivered to notifications' consumer and acknowledged. */
  async function confirmationConsumerIdle(): Promise<boolean> {
    const { natsPrefix } = platform.env;
    const jsm = await jetstreamManager(platform.gateway.infra.nats);
    const info = await jsm.consumers.info(eventStreamName(natsPrefix), durableName(natsPrefix, CONFIRMATION_CONSUMER));
    return info.num_pending === 0 && info.num_ack_pending === 0;
  }

  function confirmationRow(orderId: string): Promise<{ status: string; message_id: string }[]> {
    return query('SELECT status, message_id FROM notifications.emails WHERE key = $1', [`order-confirmation:${orderId}`]);
  }

  /**
   * Waits until notifications has nothing left to do about the order's confirmation: every
   * delivery of `order.paid` acknowledged by its consumer, the e-mail row `sent` and its send job
   * completed (not active, not waiting for a retry). A second e-mail could only come from one of
   * those, so counting the SMTP listener's messages after this is final.
   */
  async function confirmationSettled(orderId: string): Promise<void> {
    const key = `order-confirmation:${orderId}`;
    await waitFor(
      async () =>
        (await confirmationRow(orderId))[0]?.status === 'sent' &&
        (await emailQueue.getJobState(jobIdFor(key))) === 'completed' &&
        (await confirmationConsumerIdle()),
      { what: `notifications done with ${key}`, timeoutMs: 20_000 },
    );
  }

  /** The order confirmation e-mails of the order that reached the SMTP listener. */
  function confirmations(buyer: TestUser, reference: string): CaughtMessage[] {
    return smtp.find(buyer.email, `Order confirmation ${reference}`);
  }

  async function walletCents(browser: AccountBrowser): Promise<number> {
    const answer = await browser.call<{ data: WalletBalance }>('GET', '/api/wallet');
    expect(answer.status).toBe(200);
    return answer.body.data.balance_cents;
  }

  async function ledger(browser: AccountBrowser): Promise<WalletLedgerResponse> {
    const answer = await browser.call<WalletLedgerResponse>('GET', '/api/wallet/ledger?per_page=50');
    expect(answer.status).toBe(200);
    return answer.body;
  }

  /**
   * The rule after a storm of identical returns for one payment: one paid order for the buyer,
   * one `order.paid` in payments' outbox and on JetStream, consumed once by notifications (one
   * invoice, one e-mail row), and exactly one confirmation e-mail at the SMTP listener (checked
   * again once notifications has handled every delivery of the event and marked the e-mail sent).
   */
  async function expectPaidOnce(buyer: TestUser, browser: AccountBrowser, orderId: string): Promise<void> {
    const order = await orderOf(browser, orderId);
    expect(order.status).toBe('payed');
    const orders = await browser.call<ListOrdersResponse>('GET', '/api/orders?per_page=50');
    expect(orders.body.data.filter((o) => o.status === 'payed').map((o) => o.id)).toEqual([orderId]);
    const attempts = await query<{ status: string }>('SELECT status FROM payments.payment_attempts WHERE order_id = $1', [orderId]);
    expect(attempts.map((a) => a.status)).toEqual(['succeeded']);

    // One event, relayed once.
    await waitFor(
      async () => {
        const rows = await outboxPaid(orderId);
        return rows.length > 0 && rows.every((r) => r.published);
      },
      { what: 'order.paid relayed to JetStream' },
    );
    const [event, ...more] = await outboxPaid(orderId);
    expect(more).toEqual([]);
    const onStream = await jetStreamPaid(orderId);
    expect(onStream.map((e) => e.id)).toEqual([event.id]);

    // catalog-cart's reaction: the cart is emptied.
    await waitForEmptyCart(browser);

    // The first (and only) confirmation e-mail arrives...
    await waitFor(() => confirmations(buyer, order.reference).length > 0, {
      what: `order confirmation e-mail of ${order.reference}`,
      timeoutMs: 20_000,
    });
    const [mail] = confirmations(buyer, order.reference);
    expect(mail.raw).toMatch(/filename="?invoice-[A-Z0-9-]+\.pdf/);
    // ...then, once notifications has handled every delivery of order.paid and marked the e-mail
    // sent, there is still just that one.
    await confirmationSettled(orderId);
    expect(confirmations(buyer, order.reference)).toHaveLength(1);
    const [row] = await confirmationRow(orderId);
    expect(mail.messageId).toBe(row.message_id);
    const inbox = await query<{ count: string }>('SELECT count(*) FROM notifications.inbox WHERE consumer = $1 AND event_id = $2', [
      CONFIRMATION_CONSUMER,
      event.id,
    ]);
    expect(Number(inbox[0].count)).toBe(1);
    const invoices = await query<{ count: string }>('SELECT count(*) FROM notifications.invoices WHERE order_id = $1', [orderId]);
    expect(Number(invoices[0].count)).toBe(1);
  }

  /** The wallet rose by exactly the top-up, through one credit entry for the order. */
  async function expectOneTopUp(browser: AccountBrowser, orderId: string, balanceBefore: number): Promise<void> {
    expect(await walletCents(browser)).toBe(balanceBefore + 10_000);
    const entries = (await ledger(browser)).data.filter((e) => e.order_id === orderId);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([['top_up', 100]]);
  }

  it(`card with 3-D Secure: ${TIMES} identical callbacks at once give one paid order, one order.paid, one wallet credit and one e-mail`, async () => {
    const { user, browser } = await newBuyer(platform);
    await fillCart(browser, [[PRODUCTS.walletTopUp100, 1]]);
    const balanceBefore = await walletCents(browser);

    const pay = await browser.call<{ security_url: string }>('POST', PaymentRoutes.cardPay, cardForm(CARDS.threeDs));
    expect(pay.status).toBe(200);
    const transactionId = pathOf(pay.body.security_url).split('/').pop()!;
    const approved = await browser.call<{ redirect_url: string }>('POST', `/sandbox/3ds/${transactionId}/complete`, { outcome: 'approve' });
    expect(approved.status).toBe(200);
    const callback = approved.body.redirect_url;
    const orderId = /mango-pay-callback\/([0-9a-f-]{36})\?transactionId=/.exec(callback)?.[1];
    expect(orderId).toBeDefined();

    // The provider's return, 50 times at the same moment (as a script: the PaymentRedirect as JSON).
    const answers = await Promise.all(Array.from({ length: TIMES }, () => scriptGet<PaymentRedirect>(browser, callback)));
    const paid = { status: 200, body: { status: 'paid', redirect_url: `/payment/success/${orderId}`, order_id: orderId } };
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual(paid);

    await expectPaidOnce(user, browser, orderId!);
    await expectOneTopUp(browser, orderId!, balanceBefore);
  });

  it(`PayPal: ${TIMES} identical captures at once after approval give one paid order, one order.paid, one wallet credit and one e-mail`, async () => {
    const { user, browser } = await newBuyer(platform);
    await fillCart(browser, [[PRODUCTS.walletTopUp100, 1]]);
    const balanceBefore = await walletCents(browser);

    const created = await browser.call<PayPalCreateOrderAnswer>('POST', PaymentRoutes.paypalCreateOrder, {});
    expect(created.status).toBe(200);
    const paypalOrderId = created.body.result.id;
    const decided = await browser.call('POST', `/sandbox/paypal/${paypalOrderId}/decide`, { outcome: 'approve' });
    expect(decided.status).toBe(200);

    const capture = PaymentRoutes.paypalCapture.replace('{orderID}', paypalOrderId);
    const answers = await Promise.all(Array.from({ length: TIMES }, () => browser.call<PayPalCaptureAnswer>('POST', capture)));
    const successUrl = answers[0].body.result?.success_redirect_url;
    expect(successUrl).toMatch(/^\/payment\/success\/[0-9a-f-]{36}$/);
    const paid = { status: 200, body: { result: { details: [], success_redirect_url: successUrl } } };
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual(paid);
    const orderId = successUrl!.split('/').pop()!;
    expect((await orderOf(browser, orderId)).paymentKind).toBe('paypal_credit');

    await expectPaidOnce(user, browser, orderId);
    await expectOneTopUp(browser, orderId, balanceBefore);
  });

  it('two orders spending the same wallet balance at once: one is paid, the other is a clean 422, the balance never goes below zero', async () => {
    // A wallet of 100.00 (one top-up by card), and two orders of 99.00 each: it covers one of them.
    const { user, browser: first } = await newBuyer(platform);
    await fillCart(first, [[PRODUCTS.walletTopUp100, 1]]);
    expect((await first.call('POST', PaymentRoutes.cardPay, cardForm(CARDS.success))).status).toBe(200);
    expect(await walletCents(first)).toBe(10_000);
    await waitForEmptyCart(first);

    // Each session of the same buyer places its own order first (bank wire: placed, awaiting money).
    await fillCart(first, [[PRODUCTS.module1, 1]]);
    const placeByBankWire = async (browser: AccountBrowser) => {
      const answer = await browser.call<{ redirect_url: string }>('POST', PaymentRoutes.bankWirePay);
      expect(answer.status).toBe(200);
      return answer.body.redirect_url.split('/').pop()!;
    };
    const firstOrder = await placeByBankWire(first);
    // The bank wire took the course out of the cart (which follows the user); the second session
    // puts it back and places its own order.
    await waitForEmptyCart(first);
    const second = await signedIn(platform, user.email, user.password);
    await fillCart(second, [[PRODUCTS.module1, 1]]);
    const secondOrder = await placeByBankWire(second);
    expect(secondOrder).not.toBe(firstOrder);

    const [a, b] = await Promise.all([
      first.call<{ redirect_url: string } | Refusal>('POST', PaymentRoutes.walletPay, { order_id: firstOrder }),
      second.call<{ redirect_url: string } | Refusal>('POST', PaymentRoutes.walletPay, { order_id: secondOrder }),
    ]);
    const outcomes = [
      { orderId: firstOrder, answer: a },
      { orderId: secondOrder, answer: b },
    ];
    const won = outcomes.filter((o) => o.answer.status === 200);
    const refused = outcomes.filter((o) => o.answer.status !== 200);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const [winner] = won;
    const [loser] = refused;
    expect(winner.answer.body).toEqual({ redirect_url: `/payment/success/${winner.orderId}` });
    expect(loser.answer).toEqual(
      expect.objectContaining({
        status: 422,
        body: {
          message: 'Your wallet balance is not enough to pay this order.',
          code: 'wallet.insufficient_funds',
          errors: { method: ['Your wallet balance is not enough to pay this order.'] },
        },
      }),
    );

    // One debit of 99.00, for the winner; the balance went 100.00 → 1.00 and never below zero.
    expect(await walletCents(first)).toBe(100);
    const { data: entries, meta } = await ledger(first);
    expect(entries.map((e) => [e.kind, e.amount, e.order_id])).toEqual([
      ['payment', -99, winner.orderId],
      ['top_up', 100, expect.any(String)],
    ]);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    expect(meta).toEqual(expect.objectContaining({ balance: 1 }));

    // The refused order is untouched (still awaiting its transfer, can be paid another way).
    expect(await orderOf(first, winner.orderId)).toEqual(expect.objectContaining({ status: 'payed', paymentKind: 'wallet' }));
    expect((await orderOf(second, loser.orderId)).status).toBe('waiting_from_payment');
    const attempts = await query<{ order_id: string; status: string }>(
      `SELECT order_id, status FROM payments.payment_attempts WHERE order_id = ANY($1::uuid[]) AND status = 'succeeded'`,
      [[firstOrder, secondOrder]],
    );
    expect(attempts.map((r) => r.order_id)).toEqual([winner.orderId]);

    // Downstream, only the paid order has an order.paid and a confirmation e-mail.
    expect(await outboxPaid(loser.orderId)).toEqual([]);
    const { reference } = await orderOf(first, winner.orderId);
    await waitFor(() => confirmations(user, reference).length > 0, { what: `order confirmation e-mail of ${reference}`, timeoutMs: 20_000 });
    await confirmationSettled(winner.orderId);
    expect(confirmations(user, reference)).toHaveLength(1);
    expect(await confirmationRow(loser.orderId)).toEqual([]);
  });
});
