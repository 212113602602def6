import { createServiceDataSource, runMigrations } from '@aero/backend-persistence';
import { createTestEnvironment, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { MoneyBackstops1795252400000 } from '../src/migrations/1795252400000-money-backstops.js';
import { paymentsService } from '../src/payments.service-definition.js';

/**
 * The database refuses money that does not add up, whatever code writes it: each rule is broken
 * here by a direct SQL write, as a future bug would, and Postgres must say no.
 */
describe('money backstops in the payments schema', () => {
  let env: TestEnvironment;
  let db: DataSource;

  // The schema just before the backstops, and just after (later migrations are not this file's subject).
  const allMigrations = paymentsService.migrations as unknown[];
  const migrationsBefore = allMigrations.slice(0, allMigrations.indexOf(MoneyBackstops1795252400000));
  const migrationsUpToBackstops = allMigrations.slice(0, allMigrations.indexOf(MoneyBackstops1795252400000) + 1);

  function dataSource(migrations: unknown[]): DataSource {
    return createServiceDataSource({
      url: env.databaseUrl,
      schema: 'payments',
      entities: paymentsService.entities,
      migrations: migrations as never,
      poolSize: 4,
    });
  }

  /** An order row with consistent totals unless `totals` says otherwise. */
  async function insertOrder(on: { query: DataSource['query'] }, totals: Partial<Record<'before' | 'discount' | 'with' | 'voucher' | 'final', number>> = {}) {
    const id = randomUUID();
    const before = totals.before ?? 19_900;
    const discount = totals.discount ?? 0;
    const withDiscount = totals.with ?? before - discount;
    const voucher = totals.voucher ?? 0;
    const final = totals.final ?? withDiscount - voucher;
    await on.query(
      `INSERT INTO payments.orders (id, reference, status, payment_kind, user_id, buyer_email, buyer_name,
         before_discount_cents, discount_cents, with_discount_cents, voucher_discount_cents, final_cents)
       VALUES ($1, $2, 'created', 'mangopay', $3, 'b@example.test', 'B', $4, $5, $6, $7, $8)`,
      [id, `T-${id.slice(0, 8)}`, `user-${id.slice(0, 8)}`, before, discount, withDiscount, voucher, final],
    );
    return { id, final };
  }

  async function insertAttempt(orderId: string, amountCents: number, status = 'pending'): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO payments.payment_attempts (id, order_id, attempt_no, method, provider, amount_cents, status)
       VALUES ($1, $2, 1, 'mangopay', 'sandbox', $3, $4)`,
      [id, orderId, amountCents, status],
    );
    return id;
  }

  function pay(orderId: string, attemptId: string) {
    return db.query(`UPDATE payments.orders SET status = 'payed', paid_at = now(), paid_by_attempt_id = $2 WHERE id = $1`, [orderId, attemptId]);
  }

  async function openWallet(userId: string, creditCents: number): Promise<void> {
    await db.query('INSERT INTO payments.wallet_accounts (user_id) VALUES ($1)', [userId]);
    await ledger(db, userId, creditCents);
  }

  function ledger(on: { query: (sql: string, params: unknown[]) => Promise<unknown> }, userId: string, amountCents: number) {
    return on.query(
      `INSERT INTO payments.wallet_entries (user_id, kind, amount_cents, idempotency_key, description)
       VALUES ($1, CASE WHEN $2::int < 0 THEN 'payment' ELSE 'top_up' END, $2, $3, 'test entry')`,
      [userId, amountCents, randomUUID()],
    );
  }

  async function balance(userId: string): Promise<number> {
    const [row]: { balance_cents: string }[] = await db.query('SELECT balance_cents FROM payments.wallet_accounts WHERE user_id = $1', [userId]);
    return Number(row.balance_cents);
  }

  beforeAll(async () => {
    env = await createTestEnvironment();
    // The schema as it was before the backstops, with data the code of that time could write.
    const older = dataSource(migrationsBefore);
    await older.initialize();
    await runMigrations(older, 'payments');
    const paidOrder = await insertOrder(older, { before: 20_000, discount: 1_000, voucher: 4_000 });
    await older.query(
      `INSERT INTO payments.payment_attempts (id, order_id, attempt_no, method, provider, amount_cents, status)
       VALUES ($1, $2, 1, 'mangopay', 'sandbox', $3, 'succeeded')`,
      [randomUUID(), paidOrder.id, paidOrder.final],
    );
    await older.query(
      `UPDATE payments.orders o SET status = 'payed', paid_at = now(), paid_by_attempt_id = a.id FROM payments.payment_attempts a WHERE a.order_id = o.id AND o.id = $1`,
      [paidOrder.id],
    );
    await older.query(`INSERT INTO payments.wallet_accounts (user_id) VALUES ('existing-wallet')`);
    for (const amount of [50_000, -19_900, 2_500]) await ledger(older, 'existing-wallet', amount);
    await older.destroy();

    db = dataSource(migrationsUpToBackstops);
    await db.initialize();
    expect(await runMigrations(db, 'payments')).toEqual(['MoneyBackstops1795252400000']);
  }, 30_000);

  afterAll(async () => {
    await db?.destroy();
    await env?.destroy();
  });

  describe('a wallet never goes below zero', () => {
    it('carries over the balance of an existing ledger', async () => {
      expect(await balance('existing-wallet')).toBe(50_000 - 19_900 + 2_500);
    });

    it('refuses a debit the balance does not cover, and keeps one it covers', async () => {
      await openWallet('w-1', 10_000);
      await expect(ledger(db, 'w-1', -10_001)).rejects.toThrow(/wallet_accounts_balance_check/);
      expect(await balance('w-1')).toBe(10_000);
      await ledger(db, 'w-1', -10_000);
      expect(await balance('w-1')).toBe(0);
      await expect(ledger(db, 'w-1', -1)).rejects.toThrow(/wallet_accounts_balance_check/);
      const [{ sum }]: { sum: string }[] = await db.query(`SELECT sum(amount_cents) FROM payments.wallet_entries WHERE user_id = 'w-1'`);
      expect(Number(sum)).toBe(0);
    });

    it('lets only one of two concurrent debits through when the balance covers one, even without the service lock', async () => {
      await openWallet('w-2', 1_000);
      const [a, b] = [new pg.Client({ connectionString: env.databaseUrl }), new pg.Client({ connectionString: env.databaseUrl })];
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query('BEGIN');
        await b.query('BEGIN');
        await ledger(a, 'w-2', -600);
        // b waits for a's row lock on the account, then sees a's debit.
        const second = ledger(b, 'w-2', -600).then(
          () => 'debited',
          (error: Error) => error.message,
        );
        await a.query('COMMIT');
        expect(await second).toMatch(/wallet_accounts_balance_check/);
        await b.query('ROLLBACK');
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
      expect(await balance('w-2')).toBe(400);
    });

    it('refuses a balance written directly instead of through the ledger', async () => {
      await openWallet('w-3', 500);
      await expect(db.query(`UPDATE payments.wallet_accounts SET balance_cents = 1000000 WHERE user_id = 'w-3'`)).rejects.toThrow(/only through its ledger/);
      await expect(db.query(`INSERT INTO payments.wallet_accounts (user_id, balance_cents) VALUES ('w-4', 1000000)`)).rejects.toThrow(
        /only through its ledger/,
      );
      expect(await balance('w-3')).toBe(500);
    });
  });

  describe('amounts add up and are never negative', () => {
    it('refuses an order whose totals do not add up', async () => {
      await expect(insertOrder(db, { before: 10_000, discount: 1_000, with: 10_000 })).rejects.toThrow(/orders_with_discount_sum_check/);
      await expect(insertOrder(db, { before: 10_000, voucher: 2_000, final: 9_000 })).rejects.toThrow(/orders_final_sum_check/);
      await expect(insertOrder(db, { before: 10_000, voucher: 12_000 })).rejects.toThrow(/orders_final_cents_check/);
      const order = await insertOrder(db);
      await expect(db.query('UPDATE payments.orders SET final_cents = 1 WHERE id = $1', [order.id])).rejects.toThrow(/orders_final_sum_check/);
    });

    it('refuses an order line whose total is not quantity × (price - discount)', async () => {
      const order = await insertOrder(db);
      const line = (position: number, total: number) =>
        db.query(
          `INSERT INTO payments.order_lines (order_id, position, product_id, product_type, name, quantity, unit_price_cents, unit_discount_cents, total_cents)
           VALUES ($1, $2, 101, 'course', 'Module 1', 2, 9900, 100, $3)`,
          [order.id, position, total],
        );
      await expect(line(1, 19_800)).rejects.toThrow(/order_lines_total_check/);
      await line(1, 19_600);
    });

    it('refuses a negative amount at the sandbox provider', async () => {
      await expect(
        db.query(
          `INSERT INTO payments.sandbox_transactions (id, kind, idempotency_key, order_id, amount_cents, status) VALUES ('SBX-NEG', 'card', 'k-neg', 'o', -100, 'succeeded')`,
        ),
      ).rejects.toThrow(/sandbox_transactions_amount_check/);
    });
  });

  describe('an order is paid by one payment of exactly its total', () => {
    it('accepts the payment of an order by its own attempt of the same amount', async () => {
      const order = await insertOrder(db);
      await pay(order.id, await insertAttempt(order.id, order.final, 'succeeded'));
    });

    it('accepts paying and recording the internal attempt in one statement, as a wallet or free payment does', async () => {
      const order = await insertOrder(db, { before: 0 });
      await db.query(
        `WITH paid AS (
           UPDATE payments.orders SET status = 'payed', paid_at = now(), paid_by_attempt_id = $2 WHERE id = $1 RETURNING id, paid_by_attempt_id
         )
         INSERT INTO payments.payment_attempts (id, order_id, method, provider, amount_cents, status)
         SELECT paid_by_attempt_id, id, 'free', 'internal', 0, 'succeeded' FROM paid`,
        [order.id, randomUUID()],
      );
    });

    it('refuses a paid order without the payment that paid it', async () => {
      const order = await insertOrder(db);
      await expect(db.query(`UPDATE payments.orders SET status = 'payed', paid_at = now() WHERE id = $1`, [order.id])).rejects.toThrow(
        /orders_paid_by_attempt_check/,
      );
    });

    it('refuses a payment of another amount than the order total', async () => {
      const order = await insertOrder(db);
      await expect(pay(order.id, await insertAttempt(order.id, order.final - 1))).rejects.toThrow(/orders_paid_by_attempt_fkey/);
    });

    it("refuses another order's payment", async () => {
      const order = await insertOrder(db);
      const other = await insertOrder(db);
      await expect(pay(order.id, await insertAttempt(other.id, other.final))).rejects.toThrow(/orders_paid_by_attempt_fkey/);
    });

    it('refuses changing the amount of the payment once it paid the order', async () => {
      const order = await insertOrder(db);
      const attemptId = await insertAttempt(order.id, order.final, 'succeeded');
      await pay(order.id, attemptId);
      await expect(db.query('UPDATE payments.payment_attempts SET amount_cents = 1 WHERE id = $1', [attemptId])).rejects.toThrow(
        /orders_paid_by_attempt_fkey/,
      );
    });
  });

  it('is reverted by its down migration and applies again on the data written meanwhile', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    await expect(db.query(`SELECT balance_cents FROM payments.wallet_accounts LIMIT 1`)).rejects.toThrow(/balance_cents/);
    expect(await runMigrations(db, 'payments')).toEqual(['MoneyBackstops1795252400000']);
    expect(await balance('w-2')).toBe(400);
  });
});
