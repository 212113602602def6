import { declareSweep, SweepsProvider } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrderExpiryQueue } from './order-expiry.queue.js';
import { sourcesOf } from './order-state.js';

/** How often the order timers are checked for a lost job. */
export const ORDER_SWEEP_EVERY_MS = 60_000;

/**
 * How late a timer may be before the sweep takes it for lost. Its job fires at the deadline and
 * takes milliseconds, so a minute late means the job is gone (or the workers are far behind, in
 * which case adding its id again adds nothing).
 */
export const ORDER_SWEEP_GRACE_SECONDS = 60;

export type OrderSweepName = 'order-expiry' | 'voucher-release';

/**
 * Unpaid orders past their deadline, oldest deadline first. A bank-wire order waiting for its
 * money has the bank-wire job; its first (short) expiry job has run already and found it waiting.
 */
const DUE_EXPIRIES = `SELECT id, status FROM payments.orders
  WHERE status = ANY($1) AND expires_at < now() - make_interval(secs => $2)
  ORDER BY expires_at LIMIT $3`;

/** Canceled orders still holding a use of their voucher at catalog-cart. */
const HELD_VOUCHERS = `SELECT id FROM payments.orders
  WHERE status = 'canceled' AND voucher_state IN ('reserving', 'reserved') AND canceled_at < now() - make_interval(secs => $1)
  ORDER BY canceled_at LIMIT $2`;

/**
 * The catch-all of the order timers (see JobSweeper): an unpaid order past its deadline gets its
 * expiry job again, and a canceled order whose voucher use was never given back (the release
 * failed and its retry job was lost, or the process died between the cancel and the release)
 * gets its voucher-release job again, each under the id its producer used.
 */
@Injectable()
export class OrderSweeps extends SweepsProvider<OrderSweepName> {
  constructor(dataSource: DataSource, expiry: OrderExpiryQueue, infra: ServiceInfra) {
    super(infra, [
      declareSweep<{ id: string; status: string }>({
        name: 'order-expiry',
        everyMs: ORDER_SWEEP_EVERY_MS,
        find: (limit) => dataSource.query(DUE_EXPIRIES, [sourcesOf('expire'), ORDER_SWEEP_GRACE_SECONDS, limit]),
        enqueue: (order) => (order.status === 'waiting_from_payment' ? expiry.scheduleBankWireExpiry(order.id, 0) : expiry.scheduleExpiry(order.id, 0)),
        keyOf: (order) => order.id,
      }),
      declareSweep<{ id: string }>({
        name: 'voucher-release',
        everyMs: ORDER_SWEEP_EVERY_MS,
        find: (limit) => dataSource.query(HELD_VOUCHERS, [ORDER_SWEEP_GRACE_SECONDS, limit]),
        enqueue: (order) => expiry.scheduleVoucherRelease(order.id),
        keyOf: (order) => order.id,
      }),
    ]);
  }
}
