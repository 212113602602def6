import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One order per cart version, one payment at a time per order and method.
 *
 * - `orders.cart_key` (`<cart id>:<version>` from catalog-cart) is unique among orders that are
 *   not canceled: concurrent submissions of one cart find the same order.
 * - `payment_attempts.attempt_no` numbers an order's provider attempts; such an attempt's id is
 *   derived from the order and that number (`md5(order_id || ':' || attempt_no)::uuid`) and is the
 *   idempotency key of its provider calls.
 * - At most one provider attempt per order and method is pending: a second submission continues
 *   with the first, or is told the cart is already being paid. `awaiting_buyer` marks a pending
 *   attempt waiting for the buyer (3-D Secure, PayPal approval) rather than for the provider.
 */
export class OneOrderPerCart1795252300000 implements MigrationInterface {
  name = 'OneOrderPerCart1795252300000';

  async up(q: QueryRunner): Promise<void> {
    // The content fingerprint that used to find the open order is no longer written (dropped in a
    // later version, once no older replica writes it).
    await q.query('DROP INDEX payments.orders_open_idx');
    await q.query('ALTER TABLE payments.orders ALTER COLUMN content_hash DROP NOT NULL, ADD COLUMN cart_key text');
    await q.query(
      `CREATE UNIQUE INDEX orders_one_per_cart_version_idx ON payments.orders (cart_key)
        WHERE cart_key IS NOT NULL AND status <> 'canceled'`,
    );

    await q.query(`ALTER TABLE payments.payment_attempts
      ADD COLUMN attempt_no integer CHECK (attempt_no > 0),
      ADD COLUMN awaiting_buyer boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE payments.payment_attempts a SET attempt_no = n.no
      FROM (SELECT id, row_number() OVER (PARTITION BY order_id ORDER BY created_at, id)::int AS no FROM payments.payment_attempts) n
     WHERE n.id = a.id`);
    // Internal attempts (wallet, free, bank wire) call no provider and need no number.
    await q.query(`ALTER TABLE payments.payment_attempts
      ADD CONSTRAINT payment_attempts_numbered_check CHECK (attempt_no IS NOT NULL OR provider = 'internal')`);
    await q.query('CREATE UNIQUE INDEX payment_attempts_order_no_idx ON payments.payment_attempts (order_id, attempt_no)');
    // Attempts pending before this version could not know the rule: all but the newest pending
    // one per order and method wait for the buyer (their provider calls are long over).
    await q.query(`UPDATE payments.payment_attempts SET awaiting_buyer = true WHERE status = 'pending' AND provider <> 'internal'`);
    await q.query(`UPDATE payments.payment_attempts a SET status = 'canceled', failure = 'superseded by a later attempt', updated_at = now()
      WHERE a.status = 'pending' AND a.provider <> 'internal'
        AND EXISTS (SELECT 1 FROM payments.payment_attempts b
                     WHERE b.order_id = a.order_id AND b.method = a.method AND b.status = 'pending' AND b.provider <> 'internal'
                       AND b.attempt_no > a.attempt_no)`);
    await q.query(
      `CREATE UNIQUE INDEX payment_attempts_one_pending_idx ON payments.payment_attempts (order_id, method)
        WHERE status = 'pending' AND provider <> 'internal'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX payments.payment_attempts_one_pending_idx');
    await q.query('DROP INDEX payments.payment_attempts_order_no_idx');
    await q.query('ALTER TABLE payments.payment_attempts DROP COLUMN awaiting_buyer, DROP COLUMN attempt_no');
    await q.query('DROP INDEX payments.orders_one_per_cart_version_idx');
    await q.query('ALTER TABLE payments.orders DROP COLUMN cart_key');
    await q.query(`UPDATE payments.orders SET content_hash = '' WHERE content_hash IS NULL`);
    await q.query('ALTER TABLE payments.orders ALTER COLUMN content_hash SET NOT NULL');
    await q.query(`CREATE INDEX orders_open_idx ON payments.orders (user_id, content_hash) WHERE status = 'created'`);
  }
}
