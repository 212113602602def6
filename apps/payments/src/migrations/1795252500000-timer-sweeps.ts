import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the periodic sweeps read (order-sweeps.ts, refund-sweep.ts): each timer's deadline lives
 * in its row, and a partial index holds only the rows that may still be due, so a sweep reads a
 * handful of index entries rather than the tables.
 *
 * `refund_failed_at`: when the refund of an attempt still refund_due was given up (refused, or
 * no try left) and an operator took over; the sweep leaves those alone. Attempts that were
 * already left to an operator before this column existed read as not given up: the sweep runs
 * their refund once more, which the provider's idempotency key (the attempt id) keeps from
 * paying anything twice, and records the failure again with its time.
 */
export class TimerSweeps1795252500000 implements MigrationInterface {
  name = 'TimerSweeps1795252500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE payments.payment_attempts ADD COLUMN refund_failed_at timestamptz');
    await q.query(`CREATE INDEX orders_open_expiry_idx ON payments.orders (expires_at) WHERE status IN ('created','waiting_from_payment')`);
    await q.query(
      `CREATE INDEX orders_voucher_held_idx ON payments.orders (canceled_at) WHERE status = 'canceled' AND voucher_state IN ('reserving','reserved')`,
    );
    await q.query(`CREATE INDEX payment_attempts_refund_due_idx ON payments.payment_attempts (updated_at)
      WHERE status = 'refund_due' AND refund_failed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX payments.payment_attempts_refund_due_idx');
    await q.query('DROP INDEX payments.orders_voucher_held_idx');
    await q.query('DROP INDEX payments.orders_open_expiry_idx');
    await q.query('ALTER TABLE payments.payment_attempts DROP COLUMN refund_failed_at');
  }
}
