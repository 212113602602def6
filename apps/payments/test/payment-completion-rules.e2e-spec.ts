import { CartRpc, PaymentsRpc, type OrderDto } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { actingAs, testKit, waitFor } from '@aero/backend-testing';
import { describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AttemptTransition } from '../src/attempts/attempt-state.js';
import { PaymentAttemptsRepository } from '../src/attempts/payment-attempts.repository.js';
import { PaymentCompletion } from '../src/attempts/payment-completion.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../src/providers/payment-provider.js';
import { OrdersService } from '../src/orders/orders.service.js';
import { PaymentRefundQueue } from '../src/refunds/payment-refund.queue.js';
import { creditDemoWallet } from '../src/seed/demo-wallets.seed.js';
import { WalletService } from '../src/wallet/wallet.service.js';
import { cardForm, CARDS, COMPANY_BILLING, PaymentsKit, PRODUCTS, rejection, type Shopper } from './support/payments-test-kit.js';

interface AttemptRow {
  id: string;
  method: string;
  status: string;
  failure: string | null;
}

/**
 * The rules of completing a payment (PaymentCompletion and the attempt state machine it drives):
 * which attempt pays an order, what an order already paid or canceled does to a late payment,
 * and what `order.paid` says. Each attempt transition is checked through the flow that applies it.
 */
describe('payment completion rules', () => {
  const kit = testKit(() => PaymentsKit.start());

  const completion = () => kit.service.app.get(PaymentCompletion);
  const attemptsRepository = () => kit.service.app.get(PaymentAttemptsRepository);

  async function attemptsOf(orderId: string): Promise<AttemptRow[]> {
    return kit.db.query('SELECT id, method, status, failure FROM payments.payment_attempts WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
  }

  async function attempt(id: string): Promise<AttemptRow> {
    const [row]: AttemptRow[] = await kit.db.query('SELECT id, method, status, failure FROM payments.payment_attempts WHERE id = $1', [id]);
    return row;
  }

  async function orderOf(shopper: Shopper): Promise<OrderDto> {
    const [listed] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    return kit.as(shopper).call(PaymentsRpc.GetOrder, { orderId: listed.id });
  }

  /** A card payment waiting at 3-D Secure: its order and its provider transaction. */
  async function threeDsPayment(shopper: Shopper): Promise<{ orderId: string; transactionId: string }> {
    const answer = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm(CARDS.threeDs) });
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    return { orderId: (await orderOf(shopper)).id, transactionId: answer.security_url.split('/').pop() ?? '' };
  }

  /** A PayPal order (buttons flow): our order and PayPal's order id. */
  async function payPalPayment(shopper: Shopper, orderId?: string): Promise<{ orderId: string; paypalOrderId: string }> {
    const created = await kit.as(shopper).call(PaymentsRpc.PayPalCreateOrder, orderId ? { orderId } : { place: {} });
    return { orderId: orderId ?? (await orderOf(shopper)).id, paypalOrderId: created.result.id };
  }

  async function cardAttempt(transactionId: string): Promise<AttemptRow> {
    const [row]: AttemptRow[] = await kit.db.query('SELECT id, method, status, failure FROM payments.payment_attempts WHERE provider_ref = $1', [
      transactionId,
    ]);
    return row;
  }

  async function paidBy(orderId: string): Promise<string | null> {
    return (await kit.orderRow(orderId)).paid_by_attempt_id;
  }

  describe('the attempt state machine, entry by entry, through the flows that apply it', () => {
    it('succeed from pending: a card payment the provider accepts pays the order, and its attempt is the one that paid it', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      const answer = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm() });
      if (!('success' in answer)) throw new Error('expected a processed payment');
      const [only] = await attemptsOf(answer.cart_id);
      expect(only).toEqual(expect.objectContaining({ method: 'mangopay', status: 'succeeded', failure: null }));
      expect(await paidBy(answer.cart_id)).toBe(only.id);
    });

    it('succeed from failed: a PayPal capture refused before the approval fails the attempt; once approved, the same attempt pays the order', async () => {
      const shopper = await kit.shopper([[PRODUCTS.part145, 1]]);
      const { orderId, paypalOrderId } = await payPalPayment(shopper);
      await rejection(kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId }));
      const [failed] = await attemptsOf(orderId);
      expect(failed).toEqual(expect.objectContaining({ status: 'failed', failure: 'ORDER_NOT_APPROVED' }));

      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'approve' });
      await kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId });
      expect((await attempt(failed.id)).status).toBe('succeeded');
      expect(await paidBy(orderId)).toBe(failed.id);
    });

    it('fail from pending: a declined card marks its attempt failed with the provider’s reason and leaves the order payable', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      const error = await rejection(kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm(CARDS.declined) }));
      expect(error.code).toBe('payment.card_declined');
      const order = await orderOf(shopper);
      expect(order.status).toBe('created');
      expect(await attemptsOf(order.id)).toEqual([expect.objectContaining({ status: 'failed', failure: 'Card declined (sandbox test card)' })]);
    });

    it('fail from pending: a 3-D Secure challenge that fails marks the attempt failed once the callback has asked the provider', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]]);
      const { orderId, transactionId } = await threeDsPayment(shopper);
      await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'fail' });
      expect((await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId })).status).toBe('failed');
      expect((await cardAttempt(transactionId)).status).toBe('failed');
      expect((await kit.orderRow(orderId)).status).toBe('created');
    });

    it('cancel from pending: a 3-D Secure challenge the buyer cancels marks the attempt canceled, and the order stays payable', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 2]]);
      const { orderId, transactionId } = await threeDsPayment(shopper);
      await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'cancel' });
      await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
      expect((await cardAttempt(transactionId)).status).toBe('canceled');
      expect((await kit.orderRow(orderId)).status).toBe('created');
    });

    it('refund due from pending: money a 3-D Secure card payment takes after PayPal paid the order is marked refund_due, then refunded', async () => {
      const shopper = await kit.shopper([[PRODUCTS.partM, 1]]);
      const { orderId, transactionId } = await threeDsPayment(shopper);
      const { paypalOrderId } = await payPalPayment(shopper, orderId);
      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'approve' });
      await kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId });
      expect((await cardAttempt(transactionId)).status).toBe('pending');

      await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
      await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
      const late = await cardAttempt(transactionId);
      expect(['refund_due', 'refunded']).toContain(late.status);
      expect(late.failure).toBe('order already paid by another payment');
      // refund: refund_due ──▶ refunded, by the refund job.
      await waitFor(async () => (await attempt(late.id)).status === 'refunded', { what: 'the refund' });
      expect((await attemptsOf(orderId)).find((a) => a.method === 'paypal_credit')?.status).toBe('succeeded');
    });

    it('refund due from canceled: money a 3-D Secure card payment takes after the buyer canceled the order is marked refund_due', async () => {
      const shopper = await kit.shopper([[PRODUCTS.part145, 2]]);
      const { orderId, transactionId } = await threeDsPayment(shopper);
      await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId });
      expect((await cardAttempt(transactionId)).status).toBe('canceled');
      await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
      await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
      const late = await cardAttempt(transactionId);
      expect(['refund_due', 'refunded']).toContain(late.status);
      expect(late.failure).toBe('order canceled');
      expect((await kit.orderRow(orderId)).status).toBe('canceled');
    });

    it('refund due from failed: money that arrives for an attempt given up as lost, after another payment paid the order, is marked refund_due', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 2]]);
      const { orderId, transactionId } = await threeDsPayment(shopper);
      const lost = await cardAttempt(transactionId);
      // What checkout does with an attempt that had no provider answer in time.
      expect(await attemptsRepository().apply(lost.id, 'fail', 'no answer from the provider in time')).toBe(true);
      const { paypalOrderId } = await payPalPayment(shopper, orderId);
      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'approve' });
      await kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId });

      await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
      await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
      const late = await attempt(lost.id);
      expect(['refund_due', 'refunded']).toContain(late.status);
      expect(late.failure).toBe('order already paid by another payment');
    });

    it('a 3-D Secure payment replaced by another card, then approved after the other card was declined, pays the order and is the attempt recorded as succeeded', async () => {
      const shopper = await kit.shopper([[PRODUCTS.partM, 2]]);
      const { orderId, transactionId } = await threeDsPayment(shopper);
      await rejection(kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId, ...cardForm(CARDS.declined) }));
      expect((await cardAttempt(transactionId)).status).toBe('canceled');

      await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
      expect((await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId })).status).toBe('paid');
      const approved = await cardAttempt(transactionId);
      expect(await paidBy(orderId)).toBe(approved.id);
      expect(approved.status).toBe('succeeded');
      expect(await kit.outboxPaidEvents(orderId)).toHaveLength(1);
    });

    it('an attempt replaced by another card stays canceled when its 3-D Secure challenge fails later, and the order stays payable', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 2]]);
      const { orderId, transactionId } = await threeDsPayment(shopper);
      await rejection(kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId, ...cardForm(CARDS.declined) }));
      await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'fail' });
      await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
      expect(await cardAttempt(transactionId)).toEqual(expect.objectContaining({ status: 'canceled', failure: 'left at the buyer step; replaced by a new submission' }));
      expect((await kit.orderRow(orderId)).status).toBe('created');
    });

    it('cancelling an order cancels its attempts still pending and leaves the failed ones failed, with their reason', async () => {
      const shopper = await kit.shopper([[PRODUCTS.part145, 3]]);
      await rejection(kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm(CARDS.declined) }));
      const orderId = (await orderOf(shopper)).id;
      const answer = await kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId, ...cardForm(CARDS.threeDs) });
      expect('security_url' in answer).toBe(true);
      await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId });
      const [declined, waiting] = await attemptsOf(orderId);
      expect(declined).toEqual(expect.objectContaining({ status: 'failed', failure: 'Card declined (sandbox test card)' }));
      expect(waiting.status).toBe('canceled');
    });

    /** Every transition but `allowed` leaves the attempt as it is. */
    async function onlyMoves(attemptId: string, allowed: AttemptTransition | null): Promise<void> {
      const before = await attempt(attemptId);
      for (const transition of ['succeed', 'fail', 'cancel', 'refundDue', 'refund'] as const) {
        if (transition !== allowed) expect([transition, await attemptsRepository().apply(attemptId, transition, 'late news')]).toEqual([transition, false]);
      }
      expect(await attempt(attemptId)).toEqual(before);
    }

    it('decides money once: succeeded and refunded are final, refund_due only becomes refunded, and only refund_due is ever refunded', async () => {
      const payer = await kit.shopper([[PRODUCTS.module1, 1]]);
      const answer = await kit.as(payer).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm() });
      if (!('success' in answer)) throw new Error('expected a processed payment');
      await onlyMoves((await paidBy(answer.cart_id)) ?? '', null);

      const shopper = await kit.shopper([[PRODUCTS.module1, 2]]);
      const { orderId, transactionId } = await threeDsPayment(shopper);
      const replaced = await cardAttempt(transactionId);
      await rejection(kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId, ...cardForm(CARDS.declined) }));
      const [canceled, failed] = await attemptsOf(orderId);
      expect([canceled.id, canceled.status, failed.status]).toEqual([replaced.id, 'canceled', 'failed']);
      const waiting = await cardAttempt((await threeDsPayment(await kit.shopper([[PRODUCTS.module7, 1]]))).transactionId);
      for (const unpaid of [waiting, canceled, failed]) expect([unpaid.status, await attemptsRepository().apply(unpaid.id, 'refund')]).toEqual([unpaid.status, false]);

      // Money for the canceled attempt turned out to be taken, for an order that cannot use it.
      expect(await attemptsRepository().markRefundDue(canceled.id, 'order canceled', transactionId, kit.db.manager)).toBe(true);
      await onlyMoves(canceled.id, 'refund');
      expect(await attemptsRepository().markRefunded(canceled.id, 'SBXRFRULES')).toBe(true);
      await onlyMoves(canceled.id, null);
      expect((await attempt(canceled.id)).status).toBe('refunded');
    });
  });

  describe('the order state machine: waiting for a bank transfer', () => {
    async function bankWireChosenEvents(orderId: string): Promise<number> {
      const [{ n }]: { n: number }[] = await kit.db.query(
        `SELECT count(*)::int AS n FROM payments.outbox WHERE type = 'order.bank_wire_chosen' AND payload->'data'->>'orderId' = $1`,
        [orderId],
      );
      return n;
    }

    async function expiresAt(orderId: string): Promise<string | null> {
      const [{ expires_at }]: { expires_at: Date | null }[] = await kit.db.query('SELECT expires_at FROM payments.orders WHERE id = $1', [orderId]);
      return expires_at?.toISOString() ?? null;
    }

    it('choosing bank wire again for an order already waiting (a double click) keeps its deadline and announces it once', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { place: {} });
      const orderId = redirect_url.split('/').pop() ?? '';
      const deadline = await expiresAt(orderId);
      expect((await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { orderId })).redirect_url).toBe(redirect_url);
      expect((await kit.orderRow(orderId)).status).toBe('waiting_from_payment');
      expect(await expiresAt(orderId)).toBe(deadline);
      expect(await bankWireChosenEvents(orderId)).toBe(1);
    });

    it('cancels a bank-wire order nobody paid by its deadline when its expiry job runs', async () => {
      const shopper = await kit.shopper([[PRODUCTS.part145, 1]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { place: {} });
      const orderId = redirect_url.split('/').pop() ?? '';
      // The bank-wire deadline (days away) has passed.
      await kit.db.query(`UPDATE payments.orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [orderId]);
      await kit.service.app.get(OrdersService).housekeep(orderId);
      const order = await kit.as(shopper).call(PaymentsRpc.GetOrder, { orderId });
      expect(order).toEqual(expect.objectContaining({ status: 'canceled', cancelReason: 'expired' }));
    });

    it('never puts an order paid or canceled meanwhile back to waiting for a transfer', async () => {
      const payer = await kit.shopper([[PRODUCTS.module1, 1]]);
      const paid = await kit.as(payer).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm() });
      if (!('success' in paid)) throw new Error('expected a processed payment');
      const quitter = await kit.shopper([[PRODUCTS.module1, 2]]);
      const canceled = await kit.as(quitter).call(PaymentsRpc.PlaceOrder, { method: 'bankwire' });
      await kit.as(quitter).call(PaymentsRpc.CancelOrder, { orderId: canceled.id });

      // What the bank-wire route does once it has found the order payable: here it no longer is.
      for (const [orderId, status] of [
        [paid.cart_id, 'payed'],
        [canceled.id, 'canceled'],
      ]) {
        expect(await kit.service.app.get(OrdersService).awaitTransfer(orderId)).toBe(false);
        expect((await kit.orderRow(orderId)).status).toBe(status);
        expect(await bankWireChosenEvents(orderId)).toBe(0);
      }
    });
  });

  describe('paying without a provider (wallet, free)', () => {
    async function fundedWalletOrder(): Promise<{ shopper: Shopper; order: OrderDto }> {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]]);
      await creditDemoWallet(kit.db, { userId: shopper.userId, amountCents: 50_000, description: 'Demo wallet credit' });
      const order = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'wallet' });
      return { shopper, order };
    }

    /** The wallet payment of checkout, with `meanwhile` run inside it just before the order is paid. */
    function payByWallet(order: OrderDto, meanwhile: () => Promise<unknown> = () => Promise.resolve()) {
      const wallet = kit.service.app.get(WalletService);
      return completion().payInternally(order.id, 'wallet', order.totals.finalCents, {
        beforePay: async (manager: EntityManager) => {
          await wallet.lockAccount(manager, order.buyer.userId);
          await meanwhile();
        },
        afterPay: (manager: EntityManager) => wallet.debitForOrder(manager, order.buyer.userId, order.id, order.totals.finalCents, order.reference),
      });
    }

    async function balance(userId: string): Promise<number> {
      return (await actingAs({ userId }, () => kit.rpc.call(PaymentsRpc.WalletBalance, {}))).balance_cents;
    }

    it('pays a payable order at once, with a new internal attempt that is the one that paid it', async () => {
      const { shopper, order } = await fundedWalletOrder();
      const result = await payByWallet(order);
      expect(result.paidNow).toBe(true);
      expect(await paidBy(order.id)).toBe(result.attemptId);
      expect(await attemptsOf(order.id)).toEqual([{ id: result.attemptId, method: 'wallet', status: 'succeeded', failure: null }]);
      expect(await balance(shopper.userId)).toBe(50_000 - order.totals.finalCents);
    });

    it('answers the attempt that paid an order already paid, and takes nothing more', async () => {
      const { shopper, order } = await fundedWalletOrder();
      const first = await payByWallet(order);
      const again = await payByWallet(order);
      expect(again).toEqual({ attemptId: first.attemptId, paidNow: false });
      expect(await attemptsOf(order.id)).toHaveLength(1);
      expect(await kit.outboxPaidEvents(order.id)).toHaveLength(1);
      expect(await balance(shopper.userId)).toBe(50_000 - order.totals.finalCents);
    });

    it('takes no money when a card payment pays the order while the wallet payment runs, and answers the card’s attempt', async () => {
      const { shopper, order } = await fundedWalletOrder();
      const result = await payByWallet(order, () => kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId: order.id, ...cardForm() }));
      const [card] = await attemptsOf(order.id);
      expect(card).toEqual(expect.objectContaining({ method: 'mangopay', status: 'succeeded' }));
      expect(result).toEqual({ attemptId: card.id, paidNow: false });
      expect(await kit.walletEntries(shopper.userId)).toEqual([expect.objectContaining({ kind: 'adjustment' })]);
      expect(await kit.outboxPaidEvents(order.id)).toHaveLength(1);
    });

    it('refuses with order.canceled and takes no money when the buyer cancels the order while the wallet payment runs', async () => {
      const { shopper, order } = await fundedWalletOrder();
      const refused = await payByWallet(order, () => kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: order.id })).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(DomainError);
      expect((refused as DomainError).code).toBe('order.canceled');
      expect((await kit.orderRow(order.id)).status).toBe('canceled');
      expect(await attemptsOf(order.id)).toEqual([]);
      expect(await kit.outboxPaidEvents(order.id)).toEqual([]);
      expect(await balance(shopper.userId)).toBe(50_000);
    });

    it('completes a free order once: completing it again answers the same page and writes nothing', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]], 'FREE100');
      const first = await kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { place: {} });
      const orderId = first.redirect_url.split('/').pop() ?? '';
      const again = await kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { orderId });
      expect(again).toEqual(first);
      expect(await completion().payInternally(orderId, 'free', 0)).toEqual({ attemptId: await paidBy(orderId), paidNow: false });
      expect(await attemptsOf(orderId)).toEqual([expect.objectContaining({ method: 'free', status: 'succeeded' })]);
      expect(await kit.outboxPaidEvents(orderId)).toHaveLength(1);
    });

    it('refuses a canceled free order with order.canceled', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
      const order = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'free' });
      await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: order.id });
      const refused = await completion()
        .payInternally(order.id, 'free', 0)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect((refused as DomainError).code).toBe('order.canceled');
      expect((await rejection(kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { orderId: order.id }))).code).toBe('order.canceled');
      expect(await attemptsOf(order.id)).toEqual([]);
    });
  });

  describe('settling a provider payment', () => {
    it('fails loudly, naming it, for an attempt that does not exist', async () => {
      const id = randomUUID();
      await expect(completion().settle({ id, status: 'pending' }, 'sbx_card_unknown')).rejects.toThrow(`payment attempt ${id} not found`);
    });

    it('answers already_paid for the attempt that paid the order, however the caller last saw it', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      const answer = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm() });
      if (!('success' in answer)) throw new Error('expected a processed payment');
      const id = (await paidBy(answer.cart_id)) ?? '';
      expect(await completion().settle({ id, status: 'pending' }, answer.transaction_id)).toBe('already_paid');
      expect(await completion().settle({ id, status: 'succeeded' }, answer.transaction_id)).toBe('already_paid');
      expect(await kit.outboxPaidEvents(answer.cart_id)).toHaveLength(1);
      expect((await attempt(id)).status).toBe('succeeded');
    });

    it('queues one refund, and warns the operators once, for money taken for an order paid by another payment, however often it is confirmed', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 3]]);
      const { orderId, paypalOrderId } = await payPalPayment(shopper);
      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'approve' });
      const paypalAttempt = await attemptsRepository().findByProviderRef('sandbox', paypalOrderId);
      if (!paypalAttempt) throw new Error('expected the PayPal attempt');
      const provider: PaymentProvider = kit.service.app.get(PAYMENT_PROVIDER);
      const capture = await provider.paypal.captureOrder(paypalOrderId, paypalAttempt.id);
      if (capture.status !== 'completed') throw new Error('expected a completed capture');
      await kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId, ...cardForm() });

      const schedule = jest.spyOn(kit.service.app.get(PaymentRefundQueue), 'schedule');
      const warn = jest.spyOn(kit.service.infra.logger, 'warn');
      try {
        expect(await completion().settle(paypalAttempt, capture.captureId)).toBe('paid_by_other');
        expect(await completion().settle(paypalAttempt, capture.captureId)).toBe('paid_by_other');
        expect(schedule.mock.calls).toEqual([[paypalAttempt.id]]);
        const warnings = warn.mock.calls.filter(([fields]) => (fields as { attemptId?: string }).attemptId === paypalAttempt.id);
        expect(warnings).toEqual([
          [
            { attemptId: paypalAttempt.id, transactionId: capture.captureId, outcome: 'paid_by_other' },
            'payment taken for an order that cannot use it: refund queued',
          ],
        ]);
      } finally {
        schedule.mockRestore();
        warn.mockRestore();
      }
    });
  });

  describe('what paying writes next to the order', () => {
    it('order.paid says what the stored order says: buyer, billing, lines, totals, voucher, placing and paying times, and the provider’s transaction', async () => {
      const shopper = await kit.shopper(
        [
          [PRODUCTS.module7, 2],
          [PRODUCTS.part145, 1],
        ],
        'SPRING25',
      );
      const billing = COMPANY_BILLING;
      const placed = await kit.as({ ...shopper, buyer: { ...shopper.buyer, companyId: 'company-7' } }).call(PaymentsRpc.PlaceOrder, { method: 'mangopay', billing });
      const answer = await kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId: placed.id, ...cardForm() });
      if (!('success' in answer)) throw new Error('expected a processed payment');
      const order = await kit.as(shopper).call(PaymentsRpc.GetOrder, { orderId: placed.id });

      const [event] = await kit.outboxPaidEvents(order.id);
      expect(event.data).toEqual({
        orderId: order.id,
        reference: order.reference,
        buyer: { ...shopper.buyer, companyId: 'company-7' },
        paymentKind: 'mangopay',
        lines: order.lines.map(({ productId, productType, name, quantity, programId, unitPriceCents, totalCents }) => ({
          productId,
          productType,
          name,
          quantity,
          programId,
          unitPriceCents,
          totalCents,
        })),
        totals: {
          beforeDiscountCents: order.totals.beforeDiscountCents,
          discountCents: order.totals.discountCents,
          voucherDiscountCents: order.totals.voucherDiscountCents,
          finalCents: order.totals.finalCents,
        },
        voucherCode: 'SPRING25',
        paidAt: order.paidAt,
        billing,
        placedAt: order.createdAt,
        transactionId: answer.transaction_id,
      });
      expect(order.lines.map((l) => l.productId)).toEqual([PRODUCTS.module7, PRODUCTS.part145]);
      expect(order.totals.voucherDiscountCents).toBeGreaterThan(0);
    });

    it('order.paid carries the time the order was paid, as stored, not the time the event was written', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
      const order = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'free' });
      // The order is paid at the start of the paying transaction; the event is written 50 ms later.
      await completion().payInternally(order.id, 'free', 0, { beforePay: async (manager) => manager.query('SELECT pg_sleep(0.05)') });
      const [{ paid_at }]: { paid_at: Date }[] = await kit.db.query('SELECT paid_at FROM payments.orders WHERE id = $1', [order.id]);
      const [event] = await kit.outboxPaidEvents(order.id);
      expect(event.data.paidAt).toBe(paid_at.toISOString());
      expect(event.data.transactionId).toBeNull();
    });

    it('credits each paid wallet top-up once to its buyer, named after its order, and writes nothing to the wallet for other products', async () => {
      const shopper = await kit.shopper([[PRODUCTS.walletTopUp100, 1]]);
      const first = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm() });
      // The paid product leaves the cart when catalog-cart handles order.paid; then a second one.
      await waitFor(async () => (await kit.as(shopper).call(CartRpc.Get, {})).data.length === 0, { what: 'order.paid handled' });
      await kit.setCart(shopper, [[PRODUCTS.walletTopUp100, 2]]);
      const second = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm() });
      if (!('success' in first) || !('success' in second)) throw new Error('expected processed payments');
      expect(second.cart_id).not.toBe(first.cart_id);

      const ledger = await kit.as(shopper).call(PaymentsRpc.WalletLedger, {});
      const references = await Promise.all(
        [second.cart_id, first.cart_id].map(async (orderId) => (await kit.as(shopper).call(PaymentsRpc.GetOrder, { orderId })).reference),
      );
      expect(ledger.data.map((e) => [e.kind, e.amount, e.order_id, e.description])).toEqual([
        ['top_up', 200, second.cart_id, `Wallet top-up, order ${references[0]}`],
        ['top_up', 100, first.cart_id, `Wallet top-up, order ${references[1]}`],
      ]);

      const other = await kit.shopper([[PRODUCTS.module7, 1]]);
      await kit.as(other).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm() });
      expect(await kit.walletEntries(other.userId)).toEqual([]);
    });
  });
});
