import { PaymentsRpc } from '@aero/contracts';
import { createJobsRedis, createQueue, QueueName } from '@aero/backend-jobs';
import { TEST_INFRA, waitFor } from '@aero/backend-testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { PaymentAttemptsRepository } from '../src/attempts/payment-attempts.repository.js';
import { PaymentCompletion } from '../src/attempts/payment-completion.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../src/providers/payment-provider.js';
import { PaymentRefunds } from '../src/refunds/payment-refunds.service.js';
import { cardForm, CARDS, PaymentsKit, PRODUCTS, type Shopper } from './support/payments-test-kit.js';

interface AttemptRow {
  id: string;
  status: string;
  captured_ref: string | null;
  refund_ref: string | null;
  failure: string | null;
}

describe('refunds: money taken for an order that cannot use it goes back to the buyer, once', () => {
  let kit: PaymentsKit;
  let refundJobs: ReturnType<typeof createQueue<QueueName.PaymentRefund>>;
  let redis: ReturnType<typeof createJobsRedis>;

  beforeAll(async () => {
    kit = await PaymentsKit.start();
    redis = createJobsRedis(TEST_INFRA.redis);
    refundJobs = createQueue(QueueName.PaymentRefund, redis, kit.env.redisPrefix);
  }, 60_000);

  afterEach(() => {
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    await refundJobs?.close();
    redis?.disconnect();
    await kit?.close();
  });

  /** Starts a 3-D Secure card payment (placing the cart): the order and the sandbox transaction. */
  async function startThreeDs(shopper: Shopper): Promise<{ orderId: string; transactionId: string }> {
    const answer = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm(CARDS.threeDs) });
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    return { orderId: order.id, transactionId: answer.security_url.split('/').pop() ?? '' };
  }

  async function attempt(where: 'provider_ref' | 'id', value: string): Promise<AttemptRow> {
    const [row] = await kit.db.query(`SELECT id, status, captured_ref, refund_ref, failure FROM payments.payment_attempts WHERE ${where} = $1`, [value]);
    return row;
  }

  async function sandboxRefunds(transactionId: string): Promise<{ id: string; amount_cents: number }[]> {
    return kit.db.query('SELECT id, amount_cents FROM payments.sandbox_refunds WHERE transaction_id = $1', [transactionId]);
  }

  async function refunded(attemptId: string): Promise<AttemptRow> {
    await waitFor(async () => (await attempt('id', attemptId)).status === 'refunded', { what: 'the attempt refunded' });
    return attempt('id', attemptId);
  }

  /**
   * Makes the sandbox card provider take 300 ms per refund, so that every run of a refund started
   * meanwhile still finds the attempt refund_due and reaches the provider: a real race.
   */
  function slowCardRefunds() {
    const { card }: PaymentProvider = kit.service.app.get(PAYMENT_PROVIDER);
    const refund = card.refund.bind(card);
    return jest.spyOn(card, 'refund').mockImplementation(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return refund(request);
    });
  }

  /**
   * Runs the refund of an attempt several times at once, on top of the job its refund_due mark
   * queued: three more jobs through the queue (other ids) and two direct runs in the service.
   */
  async function raceRefunds(attemptId: string): Promise<void> {
    const ids = [1, 2, 3].map((n) => `race-${n}-${attemptId}`);
    await refundJobs.addBulk(ids.map((jobId) => ({ name: 'refund', data: { attemptId }, opts: { jobId } })));
    const refunds = kit.service.app.get(PaymentRefunds);
    await Promise.all([refunds.refund(attemptId), refunds.refund(attemptId)]);
    await waitFor(async () => (await Promise.all(ids.map((id) => refundJobs.getJobState(id)))).every((state) => state === 'completed'), {
      what: 'the racing refund jobs',
    });
  }

  /** One more refund job after the refund, through the queue, and one more direct run. */
  async function runAgain(attemptId: string): Promise<void> {
    const jobId = `again-${randomUUID()}`;
    await refundJobs.add('refund', { attemptId }, { jobId });
    await waitFor(async () => (await refundJobs.getJobState(jobId)) === 'completed', { what: 'the repeated refund job' });
    expect(await kit.service.app.get(PaymentRefunds).refund(attemptId)).toBe('already_refunded');
  }

  it('refunds a card payment whose callback arrives after another card payment paid the order: one refund at the sandbox however many jobs run', async () => {
    const shopper = await kit.shopper([[PRODUCTS.part145, 1]]);
    const { orderId, transactionId } = await startThreeDs(shopper);
    // The buyer gives up on the challenge page and pays the same order with another card.
    const other = await kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId, ...cardForm(CARDS.success) });
    if (!('success' in other)) throw new Error('expected a processed payment');
    // Then the first challenge is approved after all: the money is taken a second time.
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
    const providerRefunds = slowCardRefunds();
    const redirect = await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
    expect(redirect.status).toBe('paid');

    const late = await attempt('provider_ref', transactionId);
    expect(late).toEqual(expect.objectContaining({ status: 'refund_due', captured_ref: transactionId, failure: 'order already paid by another payment' }));
    await raceRefunds(late.id);

    const done = await refunded(late.id);
    // Several runs asked the sandbox (the same idempotency key): it refunded once.
    expect(providerRefunds.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(providerRefunds.mock.calls.map(([request]) => JSON.stringify(request)))).toEqual(
      new Set([JSON.stringify({ idempotencyKey: late.id, capturedRef: transactionId, amountCents: 14900 })]),
    );
    const refunds = await sandboxRefunds(transactionId);
    expect(refunds).toEqual([{ id: expect.stringMatching(/^SBXRF/), amount_cents: 14900 }]);
    expect(done.refund_ref).toBe(refunds[0].id);
    await runAgain(late.id);
    expect(await sandboxRefunds(transactionId)).toHaveLength(1);

    // The payment that paid the order is untouched.
    const order = await kit.orderRow(orderId);
    expect(order.status).toBe('payed');
    expect((await attempt('id', order.paid_by_attempt_id ?? '')).status).toBe('succeeded');
    expect(await sandboxRefunds(other.transaction_id)).toEqual([]);
    expect(await kit.outboxPaidEvents(orderId)).toHaveLength(1);
  });

  it('refunds a card payment whose money arrives after the order was canceled, once', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module1, 2]]);
    const { orderId, transactionId } = await startThreeDs(shopper);
    await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId });
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
    const providerRefunds = slowCardRefunds();
    const redirect = await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
    expect(redirect.error?.code).toBe('payment.canceled');

    const late = await attempt('provider_ref', transactionId);
    expect(late).toEqual(expect.objectContaining({ status: 'refund_due', captured_ref: transactionId, failure: 'order canceled' }));
    await raceRefunds(late.id);
    const done = await refunded(late.id);
    expect(providerRefunds.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(await sandboxRefunds(transactionId)).toEqual([{ id: done.refund_ref, amount_cents: 19800 }]);
    await runAgain(late.id);
    // Repeated callbacks and hooks for the refunded payment change nothing.
    await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
    await kit.rpc.call(PaymentsRpc.ProviderWebhook, { source: 'card', payload: { EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: transactionId } });
    expect((await attempt('id', late.id)).status).toBe('refunded');
    expect(await sandboxRefunds(transactionId)).toHaveLength(1);
    expect((await kit.orderRow(orderId)).status).toBe('canceled');
  });

  it('refunds a PayPal capture that lost the race to a card payment at its capture id', async () => {
    const shopper = await kit.shopper([[PRODUCTS.partM, 1]]);
    const created = await kit.as(shopper).call(PaymentsRpc.PayPalCreateOrder, { place: {} });
    const paypalOrderId = created.result.id;
    await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'approve' });
    const paypalAttempt = await kit.service.app.get(PaymentAttemptsRepository).findByProviderRef('sandbox', paypalOrderId);
    if (!paypalAttempt) throw new Error('expected the PayPal attempt');
    // PayPal captures while the buyer pays the same order by card in another tab: the card
    // payment pays the order first, the capture settles second (the race, in a fixed order).
    const provider: PaymentProvider = kit.service.app.get(PAYMENT_PROVIDER);
    const capture = await provider.paypal.captureOrder(paypalOrderId, paypalAttempt.id);
    if (capture.status !== 'completed') throw new Error('expected a completed capture');
    await kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId: paypalAttempt.orderId, ...cardForm(CARDS.success) });
    expect(await kit.service.app.get(PaymentCompletion).settle(paypalAttempt, capture.captureId)).toBe('paid_by_other');

    const done = await refunded(paypalAttempt.id);
    expect(done.captured_ref).toBe(capture.captureId);
    expect(await sandboxRefunds(paypalOrderId)).toEqual([{ id: done.refund_ref, amount_cents: 17900 }]);
  });

  it('leaves a payment the provider refuses to refund refund_due, with the refusal recorded', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
    const { orderId, transactionId } = await startThreeDs(shopper);
    await kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId, ...cardForm(CARDS.success) });
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
    // Someone already gave the whole amount back at the provider, by hand.
    await kit.db.query(`INSERT INTO payments.sandbox_refunds (id, idempotency_key, transaction_id, amount_cents) VALUES ('SBXRFMANUAL', $1, $2, 19900)`, [
      randomUUID(),
      transactionId,
    ]);
    await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });

    await waitFor(async () => (await attempt('provider_ref', transactionId)).failure?.startsWith('refund refused'), { what: 'the refusal recorded' });
    expect(await attempt('provider_ref', transactionId)).toEqual(
      expect.objectContaining({ status: 'refund_due', refund_ref: null, failure: 'refund refused by sandbox: refund exceeds the amount left on the transaction' }),
    );
    expect(await sandboxRefunds(transactionId)).toEqual([{ id: 'SBXRFMANUAL', amount_cents: 19900 }]);
  });
});
