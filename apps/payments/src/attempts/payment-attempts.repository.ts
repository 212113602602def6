import type { PaymentKind } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@aero/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { ATTEMPT_TRANSITIONS, attemptSourcesOf, type AttemptProvider, type AttemptStatus, type AttemptTransition } from './attempt-state.js';
import { PaymentAttemptEntity } from './payment-attempt.entity.js';
import { entityFromRow, updateReturning } from '../common/sql.js';
import { sourcesOf } from '../orders/order-state.js';

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
  attempt_no: number | null;
  awaiting_buyer: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface NewAttempt {
  orderId: string;
  method: PaymentKind;
  provider: AttemptProvider;
  amountCents: number;
  providerRef?: string | null;
  details?: Record<string, unknown> | null;
}

/** How starting a provider payment went (see `begin`). */
export type AttemptStart =
  /** A new attempt, pending at the provider; its id is the idempotency key of its provider calls. */
  | { started: true; attemptId: string }
  /** The same method is already waiting for the buyer (3-D Secure, PayPal approval): continue with it. */
  | { started: false; pending: PaymentAttemptEntity };

/** Why a new attempt could not start. */
export type AttemptRefusal = 'order_paid' | 'order_canceled' | 'in_progress';

/** Thrown by `begin`; the checkout services turn it into the buyer's 409. */
export class AttemptRefused extends Error {
  constructor(readonly reason: AttemptRefusal) {
    super(`payment attempt refused: ${reason}`);
  }
}

/**
 * A pending attempt at the provider (no answer yet) older than this is taken as lost (the process
 * that called the provider died): it is marked failed, and a later provider answer can still pay
 * (failed ──▶ succeeded) or be refunded. Longer than any provider call's time-out.
 */
const IN_FLIGHT_LIMIT_SECONDS = 120;

/** A 3-D Secure or PayPal approval left this long is taken as abandoned: a new submission replaces it. */
const AWAITING_BUYER_LIMIT_SECONDS = 600;

/**
 * Inserts the next attempt of order $1 (method $2, provider $3, amount $4) when the order is
 * payable (status in $5) and no attempt of that method is pending (unique index): one statement,
 * so concurrent submissions of one order cannot both reach the provider. The id is derived from
 * the order and the attempt number.
 *
 * `FOR SHARE` on the order: a payment that is settling has already moved its attempt out of
 * pending, but until it commits the order still reads as payable; the lock waits for that commit
 * and then sees the order paid.
 */
const BEGIN_ATTEMPT = `WITH next AS (
    SELECT COALESCE(MAX(attempt_no), 0) + 1 AS no FROM payments.payment_attempts WHERE order_id = $1
  )
  INSERT INTO payments.payment_attempts (id, order_id, attempt_no, method, provider, amount_cents, status)
  SELECT md5($1::text || ':' || next.no)::uuid, $1, next.no, $2, $3, $4, 'pending'
    FROM next, payments.orders o
   WHERE o.id = $1 AND o.status = ANY($5)
     FOR SHARE OF o
  ON CONFLICT DO NOTHING
  RETURNING id`;

/**
 * Payment attempts with a provider: begun before the provider call, updated only through
 * attempt-state.ts. (An internal payment's attempt is written by PaymentCompletion, in the
 * statement that pays the order.)
 */
@Injectable()
export class PaymentAttemptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Starts a provider payment of the order: a new pending attempt, or the pending one of the same
   * method that waits for the buyer (when `continues` accepts it: e.g. the same card). Throws
   * AttemptRefused when the order is paid or canceled, or when a payment of this method is at the
   * provider right now. A pending attempt that has been at the provider too long is marked
   * failed, and one waiting for the buyer that is not continued (or left too long) canceled,
   * before a new one starts.
   */
  async begin(
    attempt: Omit<NewAttempt, 'providerRef' | 'details'>,
    options: { continues?: (pending: PaymentAttemptEntity) => boolean } = {},
  ): Promise<AttemptStart> {
    for (let run = 0; run < 3; run++) {
      const [inserted]: { id: string }[] = await this.dataSource.query(BEGIN_ATTEMPT, [
        attempt.orderId,
        attempt.method,
        attempt.provider,
        attempt.amountCents,
        sourcesOf('pay'),
      ]);
      if (inserted) return { started: true, attemptId: inserted.id };

      const [row]: (Partial<AttemptRow> & { order_status: OrderStatus; age_seconds: number | null })[] = await this.dataSource.query(
        `SELECT o.status AS order_status, a.*, EXTRACT(EPOCH FROM now() - a.updated_at)::float8 AS age_seconds
           FROM payments.orders o
           LEFT JOIN payments.payment_attempts a ON a.order_id = o.id AND a.method = $2 AND a.status = 'pending' AND a.provider <> 'internal'
          WHERE o.id = $1`,
        [attempt.orderId, attempt.method],
      );
      if (!row || row.order_status === 'canceled') throw new AttemptRefused('order_canceled');
      if (!sourcesOf('pay').includes(row.order_status)) throw new AttemptRefused('order_paid');
      // No pending attempt of this method: another method's attempt took the same number; again.
      if (!row.id) continue;
      const pending = entityFromRow(PaymentAttemptEntity, row);
      const age = row.age_seconds ?? 0;
      if (pending.awaitingBuyer) {
        const continues = options.continues?.(pending) ?? true;
        if (continues && age < AWAITING_BUYER_LIMIT_SECONDS) return { started: false, pending };
        await this.apply(pending.id, 'cancel', 'left at the buyer step; replaced by a new submission');
      } else {
        if (age < IN_FLIGHT_LIMIT_SECONDS) throw new AttemptRefused('in_progress');
        await this.apply(pending.id, 'fail', 'no answer from the provider in time');
      }
    }
    throw new AttemptRefused('in_progress');
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
    return rows[0] ? entityFromRow(PaymentAttemptEntity, rows[0]) : null;
  }

  /**
   * Records the provider's id for the attempt (and details such as the approval page). With
   * `awaitingBuyer`, the provider's part is done and the buyer's starts (3-D Secure, PayPal
   * approval): a new submission of the same method then continues with this attempt.
   */
  async setProviderRef(
    id: string,
    providerRef: string,
    details: Record<string, unknown> | null = null,
    options: { awaitingBuyer?: boolean } = {},
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE payments.payment_attempts SET provider_ref = $2, details = COALESCE($3, details), awaiting_buyer = awaiting_buyer OR $4,
         updated_at = now()
        WHERE id = $1`,
      [id, providerRef, details, options.awaitingBuyer ?? false],
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
   * over (and since when: the refund sweep leaves it alone from then on); false when the attempt
   * is not refund_due (e.g. refunded meanwhile).
   */
  async recordRefundFailure(id: string, failure: string): Promise<boolean> {
    const rows = await updateReturning<unknown>(
      this.dataSource,
      'UPDATE payments.payment_attempts SET failure = $2, refund_failed_at = now(), updated_at = now() WHERE id = $1 AND status = ANY($3) RETURNING id',
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
    return rows[0] ? entityFromRow(PaymentAttemptEntity, rows[0]) : null;
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
