import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { updateReturning } from '../../common/sql.js';
import type { RefundResult } from '../payment-provider.js';

export type SandboxCardStatus = 'awaiting_3ds' | 'succeeded' | 'failed' | 'canceled';
export type SandboxPayPalStatus = 'created' | 'approved' | 'approved_declining' | 'completed' | 'voided';

export interface SandboxTransaction {
  id: string;
  kind: 'card' | 'paypal';
  idempotencyKey: string;
  orderId: string;
  amountCents: number;
  currency: string;
  status: SandboxCardStatus | SandboxPayPalStatus;
  scenario: string | null;
  cardLast4: string | null;
  returnUrl: string | null;
  cancelUrl: string | null;
  captureId: string | null;
  failure: string | null;
}

interface Row {
  id: string;
  kind: 'card' | 'paypal';
  idempotency_key: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  status: SandboxTransaction['status'];
  scenario: string | null;
  card_last4: string | null;
  return_url: string | null;
  cancel_url: string | null;
  capture_id: string | null;
  failure: string | null;
}

function toTransaction(row: Row): SandboxTransaction {
  return {
    id: row.id,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    orderId: row.order_id,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    scenario: row.scenario,
    cardLast4: row.card_last4,
    returnUrl: row.return_url,
    cancelUrl: row.cancel_url,
    captureId: row.capture_id,
    failure: row.failure,
  };
}

export type NewSandboxTransaction = Omit<SandboxTransaction, 'id' | 'currency' | 'captureId'>;


/**
 * Records refund $1 (key $2) of transaction $3 for $4 cents, unless the refunds of the
 * transaction would then exceed what it took ($5); no row when refused or already recorded.
 * (Two refunds with different keys at the same instant could both pass the check: good enough
 * for the sandbox, whose refunds come one per payment attempt.)
 */
const INSERT_REFUND = `INSERT INTO payments.sandbox_refunds (id, idempotency_key, transaction_id, amount_cents)
  SELECT $1::text, $2::text, $3::text, $4::integer
   WHERE (SELECT COALESCE(sum(amount_cents), 0) FROM payments.sandbox_refunds WHERE transaction_id = $3) + $4::integer <= $5::integer
  ON CONFLICT DO NOTHING
  RETURNING id`;

/** The sandbox provider's own records (table payments.sandbox_transactions). */
@Injectable()
export class SandboxTransactionsStore {
  constructor(private readonly dataSource: DataSource) {}

  /** Records a transaction once per idempotency key; a repeated key answers the first one. */
  async create(tx: NewSandboxTransaction): Promise<SandboxTransaction> {
    const prefix = tx.kind === 'card' ? 'sbx_card_' : 'SBXPP';
    const id = tx.kind === 'card' ? `${prefix}${randomBytes(8).toString('hex')}` : `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;
    const inserted: Row[] = await this.dataSource.query(
      `INSERT INTO payments.sandbox_transactions
         (id, kind, idempotency_key, order_id, amount_cents, status, scenario, card_last4, return_url, cancel_url, failure)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
      [id, tx.kind, tx.idempotencyKey, tx.orderId, tx.amountCents, tx.status, tx.scenario, tx.cardLast4, tx.returnUrl, tx.cancelUrl, tx.failure],
    );
    if (inserted[0]) return toTransaction(inserted[0]);
    const [existing]: Row[] = await this.dataSource.query('SELECT * FROM payments.sandbox_transactions WHERE idempotency_key = $1', [
      tx.idempotencyKey,
    ]);
    return toTransaction(existing);
  }

  async find(kind: 'card' | 'paypal', id: string): Promise<SandboxTransaction | null> {
    const rows: Row[] = await this.dataSource.query('SELECT * FROM payments.sandbox_transactions WHERE id = $1 AND kind = $2', [id, kind]);
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  /** The PayPal order that holds this capture. */
  async findByCaptureId(captureId: string): Promise<SandboxTransaction | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM payments.sandbox_transactions WHERE kind = 'paypal' AND capture_id = $1`,
      [captureId],
    );
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  /**
   * Refunds `amountCents` of a transaction that took money, once per idempotency key: the refund
   * id is derived from the key, so a repeated or concurrent request answers the same refund.
   */
  async refund(tx: SandboxTransaction, idempotencyKey: string, amountCents: number): Promise<RefundResult> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { status: 'refused', reason: 'the amount must be a positive number of cents' };
    const refundId = `SBXRF${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16).toUpperCase()}`;
    const inserted: { id: string }[] = await this.dataSource.query(INSERT_REFUND, [refundId, idempotencyKey, tx.id, amountCents, tx.amountCents]);
    if (inserted[0]) return { status: 'refunded', refundId };
    const [existing]: { transaction_id: string }[] = await this.dataSource.query(
      'SELECT transaction_id FROM payments.sandbox_refunds WHERE idempotency_key = $1',
      [idempotencyKey],
    );
    if (existing?.transaction_id === tx.id) return { status: 'refunded', refundId };
    if (existing) return { status: 'refused', reason: 'idempotency key already used for another transaction' };
    return { status: 'refused', reason: 'refund exceeds the amount left on the transaction' };
  }

  /** Moves a transaction from one of `from` to `to` (one caller wins); the row after, or null. */
  async transition(
    kind: 'card' | 'paypal',
    id: string,
    from: readonly string[],
    to: string,
    extra: { captureId?: string } = {},
  ): Promise<SandboxTransaction | null> {
    const rows = await updateReturning<Row>(
      this.dataSource,
      `UPDATE payments.sandbox_transactions SET status = $4, capture_id = COALESCE($5, capture_id), updated_at = now()
        WHERE id = $1 AND kind = $2 AND status = ANY($3) RETURNING *`,
      [id, kind, from, to, extra.captureId ?? null],
    );
    return rows[0] ? toTransaction(rows[0]) : null;
  }
}
