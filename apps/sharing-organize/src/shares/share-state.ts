import type { ShareStatus } from '@aero/contracts';
import { statusMachine } from '@aero/backend-persistence';

/**
 * The share item state machine, in one place (like payments' order-state.ts). Every status
 * change of an item goes through one of these transitions; the SQL that applies it is a
 * conditional UPDATE `WHERE status = ANY(from)`, so two racing requests never both move the same
 * item, and each applied transition is one row of the audit trail and one event.
 *
 *   (new) ──create──▶ created ──send──▶ shared ──accept──▶ accepted ──start──▶ started ──complete──▶ completed
 *                       │                 │  ▲ resend         │
 *                       └──recall──┐      ├──┘                │
 *                                  ▼      ▼                   ▼
 *                               recalled ◀──recall── (shared, accepted: rules in share-rules.ts)
 *                                          shared ──cancel──▶ cancelled
 *
 * recall and cancel give the seat back to its pool.
 */
export const SHARE_TRANSITIONS = {
  /** A seat is set aside for a recipient (the pool has one seat less). */
  create: { from: [], to: 'created' },
  /** The item is sent: by e-mail, or as a ticket handed out. */
  send: { from: ['created'], to: 'shared' },
  /** The e-mail goes again; send_at becomes now. */
  resend: { from: ['shared'], to: 'shared' },
  /** The learner received it (pending shares, registration with the address, ticket activation). */
  accept: { from: ['shared'], to: 'accepted' },
  /** The learning side reports the first opening of the course. */
  start: { from: ['accepted'], to: 'started' },
  /** The learning side reports the course completed. */
  complete: { from: ['started', 'accepted'], to: 'completed' },
  /** The owner takes the seat back: always while created or not accepted; accepted only within the recall window and not started. */
  recall: { from: ['created', 'shared', 'accepted'], to: 'recalled' },
  /** The owner withdraws a sent share nobody accepted yet. */
  cancel: { from: ['shared'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly ShareStatus[]; to: ShareStatus }>;

export type ShareTransition = keyof typeof SHARE_TRANSITIONS;

export const { sourcesOf, targetOf, canApply } = statusMachine<ShareStatus, typeof SHARE_TRANSITIONS>(SHARE_TRANSITIONS);

/** The transitions that give the item's seat back to its pool. */
export function releasesSeat(transition: ShareTransition): boolean {
  return transition === 'recall' || transition === 'cancel';
}

/** The item holds a seat of its grant (it is not recalled or cancelled). */
export function holdsSeat(status: ShareStatus): boolean {
  return status !== 'recalled' && status !== 'cancelled';
}

/** Nothing can happen to the item any more. */
export function isFinal(status: ShareStatus): boolean {
  return (Object.keys(SHARE_TRANSITIONS) as ShareTransition[]).every((t) => !canApply(status, t));
}
