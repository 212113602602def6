import { OrderPaidEvent, type OrderPaid, type PaymentKind } from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrderEntity } from '../orders/order.entity.js';
import { ORDER_LINES_JSON, toOrderEntity, type OrderRow } from '../orders/order-row.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { sourcesOf, targetOf } from '../orders/order-state.js';
import { toOrderEventLines } from '../orders/order.mapper.js';
import { PaymentRefundQueue } from '../refunds/payment-refund.queue.js';
import { WalletService } from '../wallet/wallet.service.js';
import { walletTopUpCents } from '../wallet/wallet-rules.js';
import { ATTEMPT_TRANSITIONS, attemptSourcesOf } from './attempt-state.js';
import type { PaymentAttemptEntity } from './payment-attempt.entity.js';
import { PaymentAttemptsRepository } from './payment-attempts.repository.js';

/** What settling a successful provider payment did. */
export type SettleOutcome =
  /** This call paid the order. */
  | 'paid'
  /** The order was already paid by this same attempt (a repeated callback, capture or webhook). */
  | 'already_paid'
  /** Another attempt paid the order first; this payment is marked refund_due and its refund queued. */
  | 'paid_by_other'
  /** The order was canceled before the money arrived; this payment is marked refund_due and its refund queued. */
  | 'order_canceled';

/**
 * The pay transition of an order by the attempt `a` (a subquery with `id`, `order_id`, `method`),
 * answering the paid order row: a conditional UPDATE (`status = ANY($1)`, the `pay` sources, to
 * the `pay` target in parameter `paidStatus`) that lets exactly one of any number of concurrent
 * callers through. A free order is paid as `free`.
 */
function payOrderBy(attempt: string, paidStatus: string): string {
  return `UPDATE payments.orders o
     SET status = ${paidStatus}, paid_at = now(), paid_by_attempt_id = a.id, expires_at = NULL, updated_at = now(),
         payment_kind = CASE WHEN o.final_cents = 0 THEN 'free' ELSE a.method END
    FROM ${attempt} a
   WHERE o.id = a.order_id AND o.status = ANY($1)
  RETURNING o.*`;
}

/**
 * Pays the order of an existing attempt ($2) into $5; only when this statement paid it, the
 * attempt succeeds (from one of $4 to $3) in the same statement. Answers the paid order with its
 * lines, or no row when it was not payable.
 */
const PAY_WITH_ATTEMPT = `WITH paid AS (
    ${payOrderBy('(SELECT id, order_id, method FROM payments.payment_attempts WHERE id = $2)', '$5')}
  ), succeeded AS (
    UPDATE payments.payment_attempts SET status = $3, updated_at = now()
     WHERE id IN (SELECT paid_by_attempt_id FROM paid) AND status = ANY($4)
  )
  SELECT o.*, ${ORDER_LINES_JSON} AS lines FROM paid o`;

/**
 * Pays order $3 (into $7) with a new internal attempt ($2, method $4, amount $5), inserted already
 * succeeded ($6) in the same statement and only when this statement paid the order: no provider
 * is waited for, so the attempt has no pending state anyone could see. Answers the paid order
 * with its lines, or no row when it was not payable.
 */
const PAY_INTERNALLY = `WITH paid AS (
    ${payOrderBy('(SELECT $2::uuid AS id, $3::uuid AS order_id, $4::text AS method)', '$7')}
  ), recorded AS (
    INSERT INTO payments.payment_attempts (id, order_id, method, provider, amount_cents, status)
    SELECT paid_by_attempt_id, id, $4, 'internal', $5, $6 FROM paid
  )
  SELECT o.*, ${ORDER_LINES_JSON} AS lines FROM paid o`;

/**
 * The one place an order becomes paid. One statement moves the order to paid (a conditional
 * UPDATE, see payOrderBy) and makes its attempt succeed; in that same transaction wallet top-ups
 * are credited and `order.paid` is written to the outbox. Provider calls happen before, outside
 * any transaction.
 */
@Injectable()
export class PaymentCompletion {
  constructor(
    private readonly dataSource: DataSource,
    private readonly attempts: PaymentAttemptsRepository,
    private readonly wallet: WalletService,
    private readonly outbox: OutboxWriter,
    private readonly refunds: PaymentRefundQueue,
    private readonly infra: ServiceInfra,
  ) {}

  /**
   * Pays an order without a provider (wallet, free): the attempt, the payment and whatever
   * `beforePay`/`afterPay` write (wallet lock and debit) commit together or not at all. An order
   * already paid answers the attempt that paid it (`paidNow` false); a canceled one is refused.
   * No money moves unless the order is paid, so such an attempt never becomes refund_due.
   */
  async payInternally(
    orderId: string,
    method: PaymentKind,
    amountCents: number,
    hooks: { beforePay?: (manager: EntityManager) => Promise<void>; afterPay?: (manager: EntityManager) => Promise<void> } = {},
  ): Promise<{ attemptId: string; paidNow: boolean }> {
    const attemptId = randomUUID();
    try {
      return await this.dataSource.transaction(async (manager) => {
        await hooks.beforePay?.(manager);
        const [row]: OrderRow[] = await manager.query(PAY_INTERNALLY, [
          sourcesOf('pay'),
          attemptId,
          orderId,
          method,
          amountCents,
          ATTEMPT_TRANSITIONS.succeed.to,
          targetOf('pay'),
        ]);
        if (!row) throw new NotPayable();
        await this.recordPaid(manager, toOrderEntity(row), null);
        await hooks.afterPay?.(manager);
        return { attemptId, paidNow: true };
      });
    } catch (error) {
      if (!(error instanceof NotPayable)) throw error;
      const [order]: { status: string; paid_by_attempt_id: string | null }[] = await this.dataSource.query(
        'SELECT status, paid_by_attempt_id FROM payments.orders WHERE id = $1',
        [orderId],
      );
      if (order?.status === 'payed' && order.paid_by_attempt_id) return { attemptId: order.paid_by_attempt_id, paidNow: false };
      throw OrderErrors.alreadyCanceled();
    }
  }

  /**
   * A provider confirmed that the attempt's money was taken (verified by the caller): pays the
   * order once. Safe to call any number of times, concurrently. `attempt` is the attempt as the
   * caller read it: an attempt succeeds only in the statement that pays its order, so one seen
   * succeeded is the one that paid it, and nothing is left to do. `transactionId` is the
   * provider's id of the money taken (a pay-in, a PayPal capture): what a refund gives back when
   * the order cannot use it.
   */
  async settle(attempt: Pick<PaymentAttemptEntity, 'id' | 'status'>, transactionId: string | null): Promise<SettleOutcome> {
    if (attempt.status === 'succeeded') return 'already_paid';
    let markedRefundDue = false;
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [paid]: OrderRow[] = await manager.query(PAY_WITH_ATTEMPT, [
        sourcesOf('pay'),
        attempt.id,
        ATTEMPT_TRANSITIONS.succeed.to,
        attemptSourcesOf('succeed'),
        targetOf('pay'),
      ]);
      if (paid) {
        await this.recordPaid(manager, toOrderEntity(paid), transactionId);
        return 'paid' as const;
      }
      const [order]: { status: string; paid_by_attempt_id: string | null }[] = await manager.query(
        `SELECT o.status, o.paid_by_attempt_id FROM payments.payment_attempts a JOIN payments.orders o ON o.id = a.order_id
          WHERE a.id = $1`,
        [attempt.id],
      );
      if (!order) throw new Error(`payment attempt ${attempt.id} not found`);
      if (order.status === 'payed' && order.paid_by_attempt_id === attempt.id) return 'already_paid' as const;
      const paidByOther = order.status === 'payed';
      const reason = paidByOther ? 'order already paid by another payment' : 'order canceled';
      // Queued before the commit: a failed queue rolls the mark back (whoever settles again
      // retries both), and the job waits for this transaction before reading the attempt.
      markedRefundDue = await this.attempts.markRefundDue(attempt.id, reason, transactionId, manager);
      if (markedRefundDue) await this.refunds.schedule(attempt.id);
      return paidByOther ? ('paid_by_other' as const) : ('order_canceled' as const);
    });
    if (markedRefundDue) {
      this.infra.logger.warn({ attemptId: attempt.id, transactionId, outcome }, 'payment taken for an order that cannot use it: refund queued');
    }
    return outcome;
  }

  /** What the payment of `order` writes next to it, in the paying transaction: the wallet top-up and `order.paid`. */
  private async recordPaid(manager: EntityManager, order: OrderEntity, transactionId: string | null): Promise<void> {
    const topUpCents = walletTopUpCents(order.lines);
    if (topUpCents > 0) {
      await this.wallet.credit(
        {
          userId: order.userId,
          kind: 'top_up',
          amountCents: topUpCents,
          orderId: order.id,
          idempotencyKey: `top-up:${order.id}`,
          description: `Wallet top-up, order ${order.reference}`,
        },
        manager,
      );
    }
    await this.outbox.add(manager, OrderPaidEvent, orderPaidData(order, transactionId));
  }
}

/** Thrown inside the paying transaction to roll it back when the order is no longer payable. */
class NotPayable extends Error {}

/** The `order.paid` payload: what carts, seats, wallets and e-mails need. */
export function orderPaidData(order: OrderEntity, transactionId: string | null): OrderPaid {
  return {
    orderId: order.id,
    reference: order.reference,
    buyer: { userId: order.userId, email: order.buyerEmail, name: order.buyerName, companyId: order.companyId },
    paymentKind: order.paymentKind,
    lines: toOrderEventLines(order),
    totals: {
      beforeDiscountCents: order.beforeDiscountCents,
      discountCents: order.discountCents,
      voucherDiscountCents: order.voucherDiscountCents,
      finalCents: order.finalCents,
    },
    voucherCode: order.voucherCode,
    paidAt: (order.paidAt ?? new Date()).toISOString(),
    billing: order.billing,
    placedAt: order.createdAt.toISOString(),
    transactionId,
  };
}
