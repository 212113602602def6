import { PaymentsRpc, VoucherRpc } from '@aero/contracts';
import { createJobsRedis, createQueue, jobIdFor, QueueName } from '@aero/backend-jobs';
import { startPrivateRedis, waitFor, type PrivateRedis } from '@aero/backend-testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { OrderSweeps } from '../src/orders/order-sweeps.js';
import { OrdersService } from '../src/orders/orders.service.js';
import { PAYMENT_PROVIDER, ProviderUnavailableError, type PaymentProvider } from '../src/providers/payment-provider.js';
import { RefundSweep } from '../src/refunds/refund-sweep.js';
import { cardForm, CARDS, PaymentsKit, PRODUCTS, type Shopper } from './support/payments-test-kit.js';

/**
 * Timers whose job was lost: payments runs its queues on a Redis of this file's own that keeps
 * nothing across a restart (no append-only file), so a restart loses every job, as a Redis
 * restarted without its data would in production. The deadlines live in the rows; the sweeps
 * (run here at once rather than after their period) find them and add the jobs again.
 */
describe('payments: the sweeps catch the timers whose job was lost', () => {
  let redis: PrivateRedis;
  let kit: PaymentsKit;
  let inspection: Redis;

  const orderSweeps = () => kit.service.app.get(OrderSweeps, { strict: false });
  const refundSweep = () => kit.service.app.get(RefundSweep, { strict: false });

  /** Redis dies and comes back empty: every waiting, delayed and retrying job is gone. */
  async function loseEveryJob(): Promise<void> {
    await redis.kill();
    await redis.start();
  }

  /** The deadline of these orders passed a while ago (more than the sweep's grace). */
  async function deadlinePassed(orderIds: string[]): Promise<void> {
    await kit.db.query(`UPDATE payments.orders SET expires_at = now() - interval '2 minutes' WHERE id = ANY($1)`, [orderIds]);
  }

  async function jobIds(queue: QueueName): Promise<string[]> {
    const bare = createQueue(queue, inspection, kit.env.redisPrefix);
    try {
      return (await bare.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).map((job) => job.id ?? '').sort();
    } finally {
      await bare.close();
    }
  }

  beforeAll(async () => {
    redis = await startPrivateRedis({ persistence: 'none' });
    kit = await PaymentsKit.start({ REDIS_URL: redis.url });
    inspection = createJobsRedis(redis.url);
  }, 60_000);

  afterEach(() => {
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    inspection?.disconnect();
    await kit?.close();
    await redis?.destroy();
  });

  it('expires each unpaid order past its deadline once (card and bank wire), and leaves a paid one alone', async () => {
    const card = await kit.as(await kit.shopper([[PRODUCTS.module1, 1]])).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    const wireShopper = await kit.shopper([[PRODUCTS.part145, 1]]);
    const wire = (await kit.as(wireShopper).call(PaymentsRpc.PayByBankWire, { place: {} }))
      .redirect_url.split('/')
      .pop()!;
    const freeShopper = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
    const paid = (await kit.as(freeShopper).call(PaymentsRpc.CompleteFreeOrder, { place: {} }))
      .redirect_url.split('/')
      .pop()!;
    expect(await jobIds(QueueName.OrderExpiry)).toEqual(expect.arrayContaining([card.id, wire, `${wire}-bank-wire`]));

    await loseEveryJob();
    expect(await jobIds(QueueName.OrderExpiry)).toEqual([]);
    await deadlinePassed([card.id, wire, paid]);
    const housekeep = jest.spyOn(kit.service.app.get(OrdersService, { strict: false }), 'housekeep');

    expect(await orderSweeps().runNow('order-expiry')).toEqual({ found: 2, failed: 0 });
    await waitFor(async () => (await kit.orderRow(card.id)).status === 'canceled' && (await kit.orderRow(wire)).status === 'canceled', {
      what: 'the two orders expired',
    });
    // Each under the id its producer used: the bank-wire order has its bank-wire job.
    expect(await jobIds(QueueName.OrderExpiry)).toEqual([card.id, `${wire}-bank-wire`].sort());
    const reasons: { id: string; cancel_reason: string }[] = await kit.db.query('SELECT id, cancel_reason FROM payments.orders WHERE id = ANY($1)', [[card.id, wire]]);
    expect(reasons.map((r) => r.cancel_reason)).toEqual(['expired', 'expired']);
    expect((await kit.orderRow(paid)).status).toBe('payed');

    // Nothing is due any more: the next run adds nothing and no order is expired twice.
    expect(await orderSweeps().runNow('order-expiry')).toEqual({ found: 0, failed: 0 });
    expect(housekeep.mock.calls.map(([id]) => id).sort()).toEqual([card.id, wire].sort());
  });

  it('gives back the voucher use of a canceled order whose release never happened, once', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]], 'ONEUSE');
    const order = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    expect((await kit.orderRow(order.id)).voucher_state).toBe('reserved');
    // The cancel committed and the process died before it released the voucher (a minute ago).
    await kit.db.query(
      `UPDATE payments.orders SET status = 'canceled', canceled_at = now() - interval '2 minutes', cancel_reason = 'buyer', expires_at = NULL WHERE id = $1`,
      [order.id],
    );
    const other = await kit.shopper([[PRODUCTS.module1, 1]]);
    expect(await kit.as(other).call(VoucherRpc.Apply, { code: 'ONEUSE' }).catch(() => 'refused')).toBe('refused');

    expect(await orderSweeps().runNow('voucher-release')).toEqual({ found: 1, failed: 0 });
    await waitFor(async () => (await kit.orderRow(order.id)).voucher_state === 'released', { what: 'the voucher released' });
    expect((await kit.as(other).call(VoucherRpc.Apply, { code: 'ONEUSE' })).voucher_code).toBe('ONEUSE');
    expect(await orderSweeps().runNow('voucher-release')).toEqual({ found: 0, failed: 0 });
  });

  /**
   * A 3-D Secure card payment of a canceled order whose money arrives anyway: refund_due (and its
   * refund job queued). `beforeCallback` runs once the money is taken, before payments hears of it.
   */
  async function moneyForCanceledOrder(
    shopper: Shopper,
    beforeCallback: (transactionId: string) => Promise<unknown> = () => Promise.resolve(),
  ): Promise<{ attemptId: string; transactionId: string }> {
    const answer = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm(CARDS.threeDs) });
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    const transactionId = answer.security_url.split('/').pop() ?? '';
    const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: order.id });
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
    await beforeCallback(transactionId);
    await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: order.id, transactionId });
    const [attempt]: { id: string; status: string }[] = await kit.db.query('SELECT id, status FROM payments.payment_attempts WHERE provider_ref = $1', [transactionId]);
    expect(attempt.status).toBe('refund_due');
    return { attemptId: attempt.id, transactionId };
  }

  async function refundJob(attemptId: string): Promise<{ state: string; attemptsMade: number } | undefined> {
    const bare = createQueue(QueueName.PaymentRefund, inspection, kit.env.redisPrefix);
    try {
      const job = await bare.getJob(jobIdFor(`refund:${attemptId}`));
      return job && { state: await job.getState(), attemptsMade: job.attemptsMade };
    } finally {
      await bare.close();
    }
  }

  const sandboxRefunds = (transactionId: string): Promise<{ amount_cents: number }[]> =>
    kit.db.query('SELECT amount_cents FROM payments.sandbox_refunds WHERE transaction_id = $1', [transactionId]);
  const attemptRow = async (id: string): Promise<{ status: string; refund_failed_at: Date | null }> =>
    (await kit.db.query('SELECT status, refund_failed_at FROM payments.payment_attempts WHERE id = $1', [id]))[0];
  const dueAMinuteAgo = (id: string) => kit.db.query(`UPDATE payments.payment_attempts SET updated_at = now() - interval '2 minutes' WHERE id = $1`, [id]);

  it('refunds a refund_due payment whose refund job was lost while it waited for the provider, once', async () => {
    const { card }: PaymentProvider = kit.service.app.get(PAYMENT_PROVIDER);
    const refund = card.refund.bind(card);
    // The provider is unreachable: the refund job's first try fails and it waits 10 s for the next.
    const unreachable = jest.spyOn(card, 'refund').mockRejectedValue(new ProviderUnavailableError('sandbox', 'connection refused'));
    const { attemptId, transactionId } = await moneyForCanceledOrder(await kit.shopper([[PRODUCTS.module1, 2]]));
    await waitFor(() => unreachable.mock.calls.length > 0, { what: 'the first refund try' });
    expect(await jobIds(QueueName.PaymentRefund)).toEqual([jobIdFor(`refund:${attemptId}`)]);

    await loseEveryJob();
    unreachable.mockImplementation(refund);
    await dueAMinuteAgo(attemptId);

    expect(await refundSweep().runNow()).toEqual({ found: 1, failed: 0 });
    await waitFor(async () => (await attemptRow(attemptId)).status === 'refunded', { what: 'the payment refunded' });
    expect(await sandboxRefunds(transactionId)).toEqual([{ amount_cents: 19800 }]);
    expect(await refundSweep().runNow()).toEqual({ found: 0, failed: 0 });
    expect(await sandboxRefunds(transactionId)).toHaveLength(1);
  });

  it('leaves a refund that was given up to the operator, and does not add a refund job still waiting a second time', async () => {
    // The provider refuses: someone already gave the whole amount back at the provider, by hand.
    const { attemptId: refused } = await moneyForCanceledOrder(await kit.shopper([[PRODUCTS.module7, 1]]), (transactionId) =>
      kit.db.query(`INSERT INTO payments.sandbox_refunds (id, idempotency_key, transaction_id, amount_cents) VALUES ('SBXRFMANUAL', $1, $2, 19900)`, [
        randomUUID(),
        transactionId,
      ]),
    );
    await waitFor(async () => (await attemptRow(refused)).refund_failed_at !== null, { what: 'the refusal recorded' });
    await dueAMinuteAgo(refused);

    // Another one still retrying at the provider: its job waits for its next try, under its id.
    const { card }: PaymentProvider = kit.service.app.get(PAYMENT_PROVIDER);
    const unreachable = jest.spyOn(card, 'refund').mockRejectedValue(new ProviderUnavailableError('sandbox', 'connection refused'));
    const { attemptId: retrying } = await moneyForCanceledOrder(await kit.shopper([[PRODUCTS.partM, 1]]));
    await waitFor(async () => (await refundJob(retrying))?.state === 'delayed', { what: 'the first refund try to fail' });
    await dueAMinuteAgo(retrying);

    expect(await refundSweep().runNow()).toEqual({ found: 1, failed: 0 });
    expect(await jobIds(QueueName.PaymentRefund)).toEqual([jobIdFor(`refund:${retrying}`)]);
    expect(await refundJob(retrying)).toEqual({ state: 'delayed', attemptsMade: 1 });
    expect(unreachable).toHaveBeenCalledTimes(1);
    expect((await attemptRow(refused)).status).toBe('refund_due');
  });
});
