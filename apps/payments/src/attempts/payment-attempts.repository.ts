import type { PaymentKind } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ATTEMPT_TRANSITIONS, attemptSourcesOf, type AttemptProvider, type AttemptStatus, type AttemptTransition } from './attempt-state.js';
import { PaymentAttemptEntity } from './payment-attempt.entity.js';
import { updateReturning } from '../common/sql.js';

/** A `payments.payment_attempts` row. */
interface AttemptRow {
  id: string;
  order_id: string;
  method: PaymentKind;
  provider: AttemptProvider;
  provider_ref: string | null;
  amount_cents: number;
  status: AttemptStatus;
  captured_ref: string | null;
  refund_ref: string | null;
  failure: string | null;
  details: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

function toAttemptEntity(row: AttemptRow): PaymentAttemptEntity {
  return Object.assign(new PaymentAttemptEntity(), {
    id: row.id,
    orderId: row.order_id,
    method: row.method,
    provider: row.provider,
    providerRef: row.provider_ref,
    amountCents: row.amount_cents,
    status: row.status,
    capturedRef: row.captured_ref,
    refundRef: row.refund_ref,
    failure: row.failure,
    details: row.details,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

export interface NewAttempt {
  orderId: string;
  method: PaymentKind;
  provider: AttemptProvider;
  amountCents: number;
  providerRef?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * Payment attempts with a provider: created before the provider call, updated only through
 * attempt-state.ts. (An internal payment's attempt is written by PaymentCompletion, in the
 * statement that pays the order.)
 */
@Injectable()
export class PaymentAttemptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(attempt: NewAttempt): Promise<string> {
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO payments.payment_attempts (id, order_id, method, provider, provider_ref, amount_cents, status, details)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)`,
      [id, attempt.orderId, attempt.method, attempt.provider, attempt.providerRef ?? null, attempt.amountCents, attempt.details ?? null],
    );
    return id;
  }

  /**
   * The attempt with this provider reference, created when missing (e.g. the one bank-wire
   * attempt of an order, keyed by its reference); concurrent callers get the same row.
   */
  async findOrCreate(attempt: NewAttempt & { providerRef: string }): Promise<PaymentAttemptEntity> {
    await this.dataSource.query(
      `INSERT INTO payments.payment_attempts (id, order_id, method, provider, provider_ref, amount_cents, status, details)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)
       ON CONFLICT (provider, provider_ref) WHERE provider_ref IS NOT NULL DO NOTHING`,
      [randomUUID(), attempt.orderId, attempt.method, attempt.provider, attempt.providerRef, attempt.amountCents, attempt.details ?? null],
    );
    const found = await this.findByProviderRef(attempt.provider, attempt.providerRef);
    if (!found) throw new Error(`payment attempt ${attempt.providerRef} missing after insert`);
    return found;
  }

  async findByProviderRef(provider: AttemptProvider, providerRef: string): Promise<PaymentAttemptEntity | null> {
    const rows: AttemptRow[] = await this.dataSource.query(
      'SELECT * FROM payments.payment_attempts WHERE provider = $1 AND provider_ref = $2',
      [provider, providerRef],
    );
    return rows[0] ? toAttemptEntity(rows[0]) : null;
  }

  /** Records the provider's id for the attempt (and details such as the approval page). */
  async setProviderRef(id: string, providerRef: string, details: Record<string, unknown> | null = null): Promise<void> {
    await this.dataSource.query(
      `UPDATE payments.payment_attempts SET provider_ref = $2, details = COALESCE($3, details), updated_at = now() WHERE id = $1`,
      [id, providerRef, details],
    );
  }

  /** Applies one attempt transition if the attempt is in one of its source states; true when it did. */
  async apply(
    id: string,
    transition: AttemptTransition,
    failure: string | null = null,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<boolean> {
    return this.transition(manager, id, transition, { failure });
  }

  /**
   * The provider took the money but the order cannot use it: refund_due, remembering the
   * provider's id of the money taken (`capturedRef`), which the refund gives back.
   */
  async markRefundDue(id: string, reason: string, capturedRef: string | null, manager: EntityManager): Promise<boolean> {
    return this.transition(manager, id, 'refundDue', { failure: reason, capturedRef });
  }

  /** The provider accepted the refund `refundRef`: refunded (final). */
  async markRefunded(id: string, refundRef: string): Promise<boolean> {
    return this.transition(this.dataSource, id, 'refund', { refundRef });
  }

  /**
   * Why the refund of an attempt still refund_due did not happen, for the operator who takes
   * over; false when the attempt is not refund_due (e.g. refunded meanwhile).
   */
  async recordRefundFailure(id: string, failure: string): Promise<boolean> {
    const rows = await updateReturning<unknown>(
      this.dataSource,
      'UPDATE payments.payment_attempts SET failure = $2, updated_at = now() WHERE id = $1 AND status = ANY($3) RETURNING id',
      [id, failure, attemptSourcesOf('refund')],
    );
    return rows.length > 0;
  }

  /**
   * The attempt as committed, for its refund. `FOR SHARE` makes the read wait for a transaction
   * still writing the row: the refund job is queued inside the transaction that marks the attempt
   * refund_due, so it may start before that transaction has committed (or rolled back).
   */
  async findForRefund(id: string): Promise<PaymentAttemptEntity | null> {
    const rows: AttemptRow[] = await this.dataSource.query('SELECT * FROM payments.payment_attempts WHERE id = $1 FOR SHARE', [id]);
    return rows[0] ? toAttemptEntity(rows[0]) : null;
  }

  private async transition(
    manager: EntityManager | DataSource,
    id: string,
    transition: AttemptTransition,
    values: { failure?: string | null; capturedRef?: string | null; refundRef?: string | null },
  ): Promise<boolean> {
    const rows = await updateReturning<unknown>(
      manager,
      `UPDATE payments.payment_attempts
          SET status = $2, failure = COALESCE($3, failure), captured_ref = COALESCE($5, captured_ref),
              refund_ref = COALESCE($6, refund_ref), updated_at = now()
        WHERE id = $1 AND status = ANY($4) RETURNING id`,
      [
        id,
        ATTEMPT_TRANSITIONS[transition].to,
        values.failure ?? null,
        attemptSourcesOf(transition),
        values.capturedRef ?? null,
        values.refundRef ?? null,
      ],
    );
    return rows.length > 0;
  }
}
