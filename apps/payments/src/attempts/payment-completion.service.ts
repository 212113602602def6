import { OrderPaidEvent, type OrderPaid, type PaymentKind } from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { sourcesOf } from '../orders/order-state.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { toOrderLine } from '../orders/order.mapper.js';
import { WalletService } from '../wallet/wallet.service.js';
import { walletTopUpCents } from '../wallet/wallet-rules.js';
import { PaymentAttemptsRepository } from './payment-attempts.repository.js';
import { updateReturning } from '../common/sql.js';

/** What settling a successful provider payment did. */
export type SettleOutcome =
  /** This call paid the order. */
  | 'paid'
  /** The order was already paid by this same attempt (a repeated callback, capture or webhook). */
  | 'already_paid'
  /** Another attempt paid the order first; this payment is marked refund_due. */
  | 'paid_by_other'
  /** The order was canceled before the money arrived; this payment is marked refund_due. */
  | 'order_canceled';

/**
 * The one place an order becomes paid. A conditional UPDATE (`status = ANY(created,
 * waiting_from_payment)`) lets exactly one of any number of concurrent callers through; in that
 * same transaction the attempt succeeds, wallet top-ups are credited and `order.paid` is written
 * to the outbox. Provider calls happen before, outside any transaction.
 */
@Injectable()
export class PaymentCompletion {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly attempts: PaymentAttemptsRepository,
    private readonly wallet: WalletService,
    private readonly outbox: OutboxWriter,
    private readonly infra: ServiceInfra,
  ) {}

  /**
   * Inside the caller's transaction: pays the order with this attempt if it is still payable.
   * True when this call paid it; false when it was already paid or canceled (nothing written).
   */
  async payInTransaction(manager: EntityManager, orderId: string, attemptId: string, transactionId: string | null): Promise<boolean> {
    const rows = await updateReturning<unknown>(
      manager,
      `UPDATE payments.orders o
          SET status = 'payed', paid_at = now(), paid_by_attempt_id = a.id, expires_at = NULL, updated_at = now(),
              payment_kind = CASE WHEN o.final_cents = 0 THEN 'free' ELSE a.method END
         FROM payments.payment_attempts a
        WHERE o.id = $1 AND a.id = $2 AND a.order_id = o.id AND o.status = ANY($3)
        RETURNING o.id`,
      [orderId, attemptId, sourcesOf('pay')],
    );
    if (!rows.length) return false;
    await this.attempts.apply(attemptId, 'succeed', null, manager);
    const order = await this.orders.find(orderId, manager);
    if (!order) throw new Error(`order ${orderId} vanished inside its own transaction`);
    const topUpCents = walletTopUpCents(order.lines);
    if (topUpCents > 0) {
      await this.wallet.credit(
        {
          userId: order.userId,
          kind: 'top_up',
          amountCents: topUpCents,
          orderId,
          idempotencyKey: `top-up:${orderId}`,
          description: `Wallet top-up, order ${order.reference}`,
        },
        manager,
      );
    }
    await this.outbox.add(manager, OrderPaidEvent, orderPaidData(order, transactionId));
    return true;
  }

  /**
   * Pays an order without a provider (wallet, free): the attempt, the payment and whatever
   * `beforePay`/`afterPay` write (wallet lock and debit) commit together or not at all. An order
   * already paid answers the attempt that paid it (`paidNow` false); a canceled one is refused.
   */
  async payInternally(
    orderId: string,
    method: PaymentKind,
    amountCents: number,
    hooks: { beforePay?: (manager: EntityManager) => Promise<void>; afterPay?: (manager: EntityManager) => Promise<void> } = {},
  ): Promise<{ attemptId: string; paidNow: boolean }> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await hooks.beforePay?.(manager);
        const attemptId = await this.attempts.create({ orderId, method, provider: 'internal', amountCents }, manager);
        if (!(await this.payInTransaction(manager, orderId, attemptId, null))) throw new NotPayable();
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
   * order once. Safe to call any number of times, concurrently.
   */
  async settle(attemptId: string, transactionId: string | null): Promise<SettleOutcome> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const attempt = await this.attempts.find(attemptId, manager);
      if (!attempt) throw new Error(`payment attempt ${attemptId} not found`);
      if (await this.payInTransaction(manager, attempt.orderId, attemptId, transactionId)) return 'paid' as const;
      const [order]: { status: string; paid_by_attempt_id: string | null }[] = await manager.query(
        'SELECT status, paid_by_attempt_id FROM payments.orders WHERE id = $1',
        [attempt.orderId],
      );
      if (order.status === 'payed' && order.paid_by_attempt_id === attemptId) return 'already_paid' as const;
      const paidByOther = order.status === 'payed';
      await this.attempts.apply(attemptId, 'refundDue', paidByOther ? 'order already paid by another payment' : 'order canceled', manager);
      return paidByOther ? ('paid_by_other' as const) : ('order_canceled' as const);
    });
    if (outcome === 'paid_by_other' || outcome === 'order_canceled') {
      this.infra.logger.warn({ attemptId, transactionId, outcome }, 'payment taken for an order that cannot use it: refund due');
    }
    return outcome;
  }
}

/** Thrown inside the paying transaction to roll it back when the order is no longer payable. */
class NotPayable extends Error {}

/** The `order.paid` payload: what carts, seats, wallets and e-mails need. */
export function orderPaidData(order: OrderEntity, transactionId: string | null): OrderPaid {
  const lines = [...order.lines].sort((a, b) => a.position - b.position).map(toOrderLine);
  return {
    orderId: order.id,
    reference: order.reference,
    buyer: { userId: order.userId, email: order.buyerEmail, name: order.buyerName, companyId: order.companyId },
    paymentKind: order.paymentKind,
    lines: lines.map((l) => ({
      productId: l.productId,
      productType: l.productType,
      name: l.name,
      quantity: l.quantity,
      programId: l.programId,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.totalCents,
    })),
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
