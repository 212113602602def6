import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds of payments that cannot be used: the attempt state `refunded`, the provider's id of the
 * money taken (`captured_ref`, what a refund gives back: a Mangopay pay-in, a PayPal capture) and
 * of the refund (`refund_ref`), and the sandbox provider's own refund records.
 */
export class AttemptRefunds1795252200000 implements MigrationInterface {
  name = 'AttemptRefunds1795252200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments.payment_attempts
      DROP CONSTRAINT payment_attempts_status_check,
      ADD CONSTRAINT payment_attempts_status_check
        CHECK (status IN ('pending','succeeded','failed','canceled','refund_due','refunded')),
      ADD COLUMN captured_ref text,
      ADD COLUMN refund_ref text,
      ADD CONSTRAINT payment_attempts_refunded_check CHECK (status <> 'refunded' OR refund_ref IS NOT NULL)`);
    await q.query(`CREATE TABLE payments.sandbox_refunds (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      transaction_id text NOT NULL REFERENCES payments.sandbox_transactions(id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL DEFAULT 'EUR',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX sandbox_refunds_transaction_idx ON payments.sandbox_refunds (transaction_id)');
  }

  /** Refuses to run while refunded attempts exist: their state has no place in the older schema. */
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payments.sandbox_refunds');
    await q.query(`ALTER TABLE payments.payment_attempts
      DROP CONSTRAINT payment_attempts_refunded_check,
      DROP COLUMN refund_ref,
      DROP COLUMN captured_ref,
      DROP CONSTRAINT payment_attempts_status_check,
      ADD CONSTRAINT payment_attempts_status_check CHECK (status IN ('pending','succeeded','failed','canceled','refund_due'))`);
  }
}
