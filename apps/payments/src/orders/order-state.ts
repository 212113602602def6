import type { OrderStatus } from '@aero/contracts';
import { statusMachine } from '@aero/backend-persistence';

/**
 * The order state machine, in one place. Every status change of an order goes through one of
 * these transitions; the SQL that applies it is a conditional UPDATE `WHERE status = ANY(from)`,
 * so two racing requests can never both move the same order.
 *
 *   created ──await_transfer──▶ waiting_from_payment
 *   created | waiting_from_payment ──pay──▶ payed
 *   created | waiting_from_payment ──cancel | expire──▶ canceled
 */
export const ORDER_TRANSITIONS = {
  /** The buyer chose bank wire: the order waits for the money. */
  await_transfer: { from: ['created'], to: 'waiting_from_payment' },
  /** A payment succeeded (card, PayPal, wallet, received transfer) or the order is free. */
  pay: { from: ['created', 'waiting_from_payment'], to: 'payed' },
  /** The buyer canceled, or placing it failed half-way (voucher refused). */
  cancel: { from: ['created', 'waiting_from_payment'], to: 'canceled' },
  /** Nobody paid in time. */
  expire: { from: ['created', 'waiting_from_payment'], to: 'canceled' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

export const { sourcesOf, targetOf, canApply } = statusMachine<OrderStatus, typeof ORDER_TRANSITIONS>(ORDER_TRANSITIONS);

/** A payment may still be made (or started) for the order. */
export function isPayable(status: OrderStatus): boolean {
  return canApply(status, 'pay');
}

/** The buyer may cancel it: only while it is not paid (and not already canceled). */
export function isCancelable(status: OrderStatus): boolean {
  return canApply(status, 'cancel');
}

/** Nothing can happen to the order any more. */
export function isFinal(status: OrderStatus): boolean {
  return (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).every((t) => !canApply(status, t));
}
