import type { PaymentKind } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ATTEMPT_TRANSITIONS, attemptSourcesOf, type AttemptProvider, type AttemptTransition } from './attempt-state.js';
import { PaymentAttemptEntity } from './payment-attempt.entity.js';
import { updateReturning } from '../common/sql.js';

export interface NewAttempt {
  orderId: string;
  method: PaymentKind;
  provider: AttemptProvider;
  amountCents: number;
  providerRef?: string | null;
  details?: Record<string, unknown> | null;
}

/** Payment attempts: created before a provider call, updated only through attempt-state.ts. */
@Injectable()
export class PaymentAttemptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(attempt: NewAttempt, manager: EntityManager | DataSource = this.dataSource): Promise<string> {
    const id = randomUUID();
    await manager.query(
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

  find(id: string, manager: EntityManager | DataSource = this.dataSource): Promise<PaymentAttemptEntity | null> {
    return manager.getRepository(PaymentAttemptEntity).findOneBy({ id });
  }

  findByProviderRef(provider: AttemptProvider, providerRef: string): Promise<PaymentAttemptEntity | null> {
    return this.dataSource.getRepository(PaymentAttemptEntity).findOneBy({ provider, providerRef });
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
    const target = ATTEMPT_TRANSITIONS[transition].to;
    const rows = await updateReturning<unknown>(
      manager,
      `UPDATE payments.payment_attempts SET status = $2, failure = COALESCE($3, failure), updated_at = now()
        WHERE id = $1 AND status = ANY($4) RETURNING id`,
      [id, target, failure, attemptSourcesOf(transition)],
    );
    return rows.length > 0;
  }

  /** Cancels every pending attempt of an order (the order itself was canceled). */
  async cancelPending(orderId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE payments.payment_attempts SET status = 'canceled', updated_at = now() WHERE order_id = $1 AND status = 'pending'`,
      [orderId],
    );
  }
}
