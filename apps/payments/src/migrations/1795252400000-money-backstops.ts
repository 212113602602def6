import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The database's own backstop for money: a bug in the code fails the write loudly instead of
 * leaving wrong amounts or balances behind. What each rule reads (the code already keeps all of
 * them; `npm run db:migrate` on existing data checks that it did):
 *
 * - **An order's totals add up.** `with_discount = before_discount - discount` and
 *   `final = with_discount - voucher_discount` (catalog-cart's pricing; the voucher discount never
 *   exceeds the amount it discounts, so `final >= 0` keeps it in range). An order line's total is
 *   `quantity × (unit price - unit discount)`.
 * - **An order is paid by one payment of exactly its total.** Orders have no paid-amount column:
 *   the payment is the attempt in `paid_by_attempt_id`. A paid order has one (and only a paid
 *   order has one), and a composite foreign key makes it an attempt *of this order* whose
 *   `amount_cents` *equals the order's `final_cents`*; neither amount can change afterwards while
 *   the reference holds. (Foreign keys are checked at the end of each statement, so paying and
 *   inserting the internal attempt in one statement, as PaymentCompletion does, passes.)
 * - **A wallet never goes below zero.** The balance is the sum of the append-only ledger; it is
 *   now also kept in `wallet_accounts.balance_cents`, updated by a trigger on every ledger entry
 *   (which also locks the account row, so concurrent entries of one wallet queue up) and checked
 *   `>= 0`. A debit the balance does not cover fails with the check's name. The column cannot be
 *   written except by that trigger.
 * - **No negative money at the sandbox provider** (`sandbox_transactions.amount_cents >= 0`).
 *
 * Checks are added `NOT VALID` and then validated, so existing rows are checked without holding
 * the stronger lock while they are read.
 */
export class MoneyBackstops1795252400000 implements MigrationInterface {
  name = 'MoneyBackstops1795252400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments.orders
      ADD CONSTRAINT orders_with_discount_sum_check CHECK (with_discount_cents = before_discount_cents - discount_cents) NOT VALID,
      ADD CONSTRAINT orders_final_sum_check CHECK (final_cents = with_discount_cents - voucher_discount_cents) NOT VALID,
      ADD CONSTRAINT orders_paid_by_attempt_check CHECK ((status = 'payed') = (paid_by_attempt_id IS NOT NULL)) NOT VALID`);
    await q.query(`ALTER TABLE payments.order_lines
      ADD CONSTRAINT order_lines_total_check CHECK (total_cents = quantity * (unit_price_cents - unit_discount_cents)) NOT VALID`);
    await q.query(`ALTER TABLE payments.sandbox_transactions
      ADD CONSTRAINT sandbox_transactions_amount_check CHECK (amount_cents >= 0) NOT VALID`);
    for (const [table, constraint] of [
      ['orders', 'orders_with_discount_sum_check'],
      ['orders', 'orders_final_sum_check'],
      ['orders', 'orders_paid_by_attempt_check'],
      ['order_lines', 'order_lines_total_check'],
      ['sandbox_transactions', 'sandbox_transactions_amount_check'],
    ]) {
      await q.query(`ALTER TABLE payments.${table} VALIDATE CONSTRAINT ${constraint}`);
    }

    await q.query(`ALTER TABLE payments.payment_attempts
      ADD CONSTRAINT payment_attempts_order_amount_key UNIQUE (id, order_id, amount_cents)`);
    await q.query(`ALTER TABLE payments.orders
      ADD CONSTRAINT orders_paid_by_attempt_fkey FOREIGN KEY (paid_by_attempt_id, id, final_cents)
        REFERENCES payments.payment_attempts (id, order_id, amount_cents) NOT VALID`);
    await q.query('ALTER TABLE payments.orders VALIDATE CONSTRAINT orders_paid_by_attempt_fkey');

    // Each migration runs in its own transaction: no entry lands between the sum and the trigger.
    await q.query('LOCK TABLE payments.wallet_entries IN SHARE MODE');
    await q.query('ALTER TABLE payments.wallet_accounts ADD COLUMN balance_cents bigint NOT NULL DEFAULT 0');
    await q.query(`UPDATE payments.wallet_accounts a SET balance_cents = e.balance
      FROM (SELECT user_id, sum(amount_cents) AS balance FROM payments.wallet_entries GROUP BY user_id) e
     WHERE e.user_id = a.user_id`);
    await q.query('ALTER TABLE payments.wallet_accounts ADD CONSTRAINT wallet_accounts_balance_check CHECK (balance_cents >= 0) NOT VALID');
    await q.query('ALTER TABLE payments.wallet_accounts VALIDATE CONSTRAINT wallet_accounts_balance_check');
    await q.query(`CREATE FUNCTION payments.wallet_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE payments.wallet_accounts SET balance_cents = balance_cents + NEW.amount_cents WHERE user_id = NEW.user_id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER wallet_entries_apply AFTER INSERT ON payments.wallet_entries
      FOR EACH ROW EXECUTE FUNCTION payments.wallet_entries_apply()`);
    // Only the ledger moves the balance: a direct write runs at trigger depth 1, the ledger's at 2.
    await q.query(`CREATE FUNCTION payments.wallet_accounts_balance_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() < 2 AND NEW.balance_cents IS DISTINCT FROM (CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.balance_cents END) THEN
          RAISE EXCEPTION 'a wallet balance changes only through its ledger (payments.wallet_entries)';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER wallet_accounts_balance_from_ledger BEFORE INSERT OR UPDATE OF balance_cents ON payments.wallet_accounts
      FOR EACH ROW EXECUTE FUNCTION payments.wallet_accounts_balance_from_ledger()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER wallet_accounts_balance_from_ledger ON payments.wallet_accounts');
    await q.query('DROP FUNCTION payments.wallet_accounts_balance_from_ledger()');
    await q.query('DROP TRIGGER wallet_entries_apply ON payments.wallet_entries');
    await q.query('DROP FUNCTION payments.wallet_entries_apply()');
    await q.query('ALTER TABLE payments.wallet_accounts DROP COLUMN balance_cents');
    await q.query('ALTER TABLE payments.orders DROP CONSTRAINT orders_paid_by_attempt_fkey');
    await q.query('ALTER TABLE payments.payment_attempts DROP CONSTRAINT payment_attempts_order_amount_key');
    await q.query('ALTER TABLE payments.sandbox_transactions DROP CONSTRAINT sandbox_transactions_amount_check');
    await q.query('ALTER TABLE payments.order_lines DROP CONSTRAINT order_lines_total_check');
    await q.query(`ALTER TABLE payments.orders
      DROP CONSTRAINT orders_paid_by_attempt_check,
      DROP CONSTRAINT orders_final_sum_check,
      DROP CONSTRAINT orders_with_discount_sum_check`);
  }
}
