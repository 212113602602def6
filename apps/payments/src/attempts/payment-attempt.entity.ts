import type { PaymentKind } from '@aero/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AttemptProvider, AttemptStatus } from './attempt-state.js';

/**
 * One try to pay an order (see attempt-state.ts). `providerRef` is the provider's transaction id
 * (a Mangopay pay-in, a PayPal order); `capturedRef` the provider's id of the money taken when it
 * could not be used (a pay-in, a PayPal capture), which a refund gives back; `refundRef` the
 * provider's id of that refund.
 */
@Entity({ schema: 'payments', name: 'payment_attempts' })
export class PaymentAttemptEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'order_id' })
  orderId: string;

  @Column('text')
  method: PaymentKind;

  @Column('text')
  provider: AttemptProvider;

  @Column('text', { name: 'provider_ref', nullable: true })
  providerRef: string | null;

  @Column('integer', { name: 'amount_cents' })
  amountCents: number;

  @Column('text')
  status: AttemptStatus;

  @Column('text', { name: 'captured_ref', nullable: true })
  capturedRef: string | null;

  @Column('text', { name: 'refund_ref', nullable: true })
  refundRef: string | null;

  @Column('text', { nullable: true })
  failure: string | null;

  @Column('jsonb', { nullable: true })
  details: Record<string, unknown> | null;

  /** The attempt's number among the order's provider attempts (null for internal ones). */
  @Column('integer', { name: 'attempt_no', nullable: true })
  attemptNo: number | null;

  /** The provider's part is done and the buyer's step (3-D Secure, PayPal approval) is awaited. */
  @Column('boolean', { name: 'awaiting_buyer', default: false })
  awaitingBuyer: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
