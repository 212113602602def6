import { statusMachine } from '@aero/backend-persistence';

/**
 * A payment attempt: one try to pay an order with one method (a card pay-in, a PayPal order, a
 * bank transfer, a wallet debit). An order may have several (the buyer switches method); at most
 * one of them pays it.
 *
 *   pending ──▶ succeeded | failed | canceled
 *   failed | canceled ──▶ succeeded   (a later provider answer wins: money taken while the order
 *                                      can still use it pays it, e.g. a 3-D Secure challenge the
 *                                      buyer completes after replacing it with a declined card)
 *   pending | canceled | failed ──▶ refund_due   (the provider took the money, but the order was
 *                                                  already paid by another attempt, or canceled)
 *   refund_due ──▶ refunded                      (the provider accepted to give the money back)
 *
 * An attempt succeeds only in the statement that pays its order. An internal attempt (wallet,
 * free) is written already succeeded by that statement: it is never seen pending, so it never
 * becomes refund_due. `succeeded` and `refunded` are final.
 */
export const ATTEMPT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'refund_due', 'refunded'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const ATTEMPT_TRANSITIONS = {
  succeed: { from: ['pending', 'failed', 'canceled'], to: 'succeeded' },
  fail: { from: ['pending'], to: 'failed' },
  cancel: { from: ['pending'], to: 'canceled' },
  refundDue: { from: ['pending', 'canceled', 'failed'], to: 'refund_due' },
  refund: { from: ['refund_due'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly AttemptStatus[]; to: AttemptStatus }>;

export type AttemptTransition = keyof typeof ATTEMPT_TRANSITIONS;

export const attemptSourcesOf = statusMachine<AttemptStatus, typeof ATTEMPT_TRANSITIONS>(ATTEMPT_TRANSITIONS).sourcesOf;

/** Which provider handled an attempt; `internal` for wallet, free and bank wire. */
export type AttemptProvider = 'sandbox' | 'mangopay' | 'paypal' | 'internal';
