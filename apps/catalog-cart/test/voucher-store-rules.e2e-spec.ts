import { CartRpc, OrderPaidEvent, VoucherRpc } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { waitFor } from '@aero/backend-testing';
import { describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { as, useCatalogCart, type CartOwner } from './support/catalog-cart-under-test.js';

/**
 * The rules the voucher store keeps for cart pricing and reservations: who counts as a first-time
 * buyer, how long the active vouchers are cached, what is read from the database and when, and
 * that reservations of a limited voucher are decided one after the other.
 */
describe('voucher store rules', () => {
  const under = useCatalogCart();

  const visitor = (): CartOwner => ({ sessionId: randomUUID() });
  const user = (): CartOwner => ({ sessionId: randomUUID(), userId: randomUUID() });
  const cartWith = (owner: CartOwner, productId: number) => as(owner, () => under.rpc.call(CartRpc.Add, { product_id: productId, quantity: 1 }));
  const reserve = (code: string, userId: string | null, orderId = randomUUID()) =>
    under.rpc.call(VoucherRpc.Reserve, { code, orderId, userId, productIds: [201] });

  async function rejection(promise: Promise<unknown>): Promise<RemoteError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RemoteError);
    return error as RemoteError;
  }

  /** The SQL statements catalog-cart sends while `action` runs that match `pattern`. */
  async function statementsDuring<T>(pattern: RegExp, action: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const spy = jest.spyOn(under.service.infra.dataSource.logger, 'logQuery');
    try {
      const result = await action();
      const statements = spy.mock.calls.map(([sql]) => sql.replace(/\s+/g, ' ').trim()).filter((sql) => pattern.test(sql));
      return { result, statements };
    } finally {
      spy.mockRestore();
    }
  }

  /** The read of every active voucher (the list carts are priced with). */
  const VOUCHER_LIST = /FROM catalog_cart\.vouchers WHERE active$/;
  /** Any read of a voucher's usage or of the buyers who have paid. */
  const USAGE = /voucher_redemptions|paid_customers/;

  /**
   * Runs `action` with `Date.now()` answering `at()` (catalog-cart runs in this process), so the
   * age of the cached voucher list is exact.
   */
  async function atClock<T>(at: () => number, action: () => Promise<T>): Promise<T> {
    const clock = jest.spyOn(Date, 'now').mockImplementation(at);
    try {
      return await action();
    } finally {
      clock.mockRestore();
    }
  }

  /** Publishes `order.paid` for a signed-in buyer's order of product 201, bought without a voucher. */
  async function paidWithoutVoucher(userId: string): Promise<void> {
    const { dataSource, outbox } = under.service.infra;
    await dataSource.transaction((manager) =>
      outbox.add(manager, OrderPaidEvent, {
        orderId: randomUUID(),
        reference: 'AM-TEST-RULES',
        buyer: { userId, email: 'buyer@example.com', name: 'Buyer', companyId: null },
        paymentKind: 'bankwire',
        lines: [{ productId: 201, productType: 'course', name: 'Part-145', quantity: 1, programId: 2001, unitPriceCents: 14900, totalCents: 14900 }],
        totals: { beforeDiscountCents: 14900, discountCents: 0, voucherDiscountCents: 0, finalCents: 14900 },
        voucherCode: null,
        paidAt: new Date().toISOString(),
      }),
    );
  }

  describe('first-order vouchers', () => {
    it('stop discounting a signed-in buyer’s cart once the buyer has a paid order, even with the code still on the cart', async () => {
      const owner = user();
      await cartWith(owner, 201);
      await cartWith(owner, 202);
      const applied = await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'WELCOME10' }));
      expect(applied.voucher_code).toBe('WELCOME10');
      expect(applied.voucher_discount).toBeGreaterThan(0);

      // An order placed earlier without the voucher (a bank transfer arriving now) is paid: its
      // product leaves the cart, the cart keeps its own voucher code.
      await paidWithoutVoucher(owner.userId!);
      await waitFor(async () => (await as(owner, () => under.rpc.call(CartRpc.Get, {}))).data.length === 1, { what: 'order.paid handled' });

      const { meta } = await as(owner, () => under.rpc.call(CartRpc.Get, {}));
      expect(meta).toEqual(expect.objectContaining({ voucher_code: null, voucher_discount: 0, final: meta.with_discount }));
      expect(meta.final).toBeGreaterThan(0);
    });

    it('may be applied by a visitor, keep discounting the visitor’s cart, and be reserved by a guest order (decisions §8)', async () => {
      const owner = visitor();
      await cartWith(owner, 201);
      const applied = await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'WELCOME10' }));
      expect(applied).toEqual(expect.objectContaining({ voucher_code: 'WELCOME10', with_discount: 149, voucher_discount: 14.9, final: 134.1 }));
      // Every later read of the cart prices it the same way.
      expect((await as(owner, () => under.rpc.call(CartRpc.Get, {}))).meta).toEqual(applied);
      const orderId = randomUUID();
      expect(await reserve('WELCOME10', null, orderId)).toEqual({ code: 'WELCOME10', orderId, status: 'reserved' });
    });

    it('are checked against the buyer’s account when an order reserves them: refused once the buyer has a paid order', async () => {
      const owner = user();
      await paidWithoutVoucher(owner.userId!);
      await waitFor(async () => (await under.service.infra.dataSource.query('SELECT 1 FROM catalog_cart.paid_customers WHERE user_id = $1', [owner.userId])).length, {
        what: 'order.paid handled',
      });
      const refused = await rejection(reserve('WELCOME10', owner.userId!));
      expect(refused.payload.code).toBe('exceptions.voucher.first_order_only');
      // Another buyer's first order still gets it.
      expect((await reserve('WELCOME10', randomUUID())).status).toBe('reserved');
    });
  });

  it('ignores spaces around a code, as well as its case', async () => {
    const owner = visitor();
    await cartWith(owner, 201);
    expect((await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: '  spring25 ' }))).voucher_code).toBe('SPRING25');
    expect((await reserve(' tenoff ', null)).code).toBe('TENOFF');
  });

  describe('what is read from the database', () => {
    it('decides a voucher without usage limits or first-order rule without reading any usage', async () => {
      const owner = user();
      await cartWith(owner, 201);
      const { result, statements } = await statementsDuring(USAGE, () => as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'SPRING25' })));
      expect(result.voucher_code).toBe('SPRING25');
      expect(statements).toEqual([]);
    });

    it('prices a visitor’s cart with a first-order voucher without looking for paid orders (a visitor has none)', async () => {
      const owner = visitor();
      await cartWith(owner, 201);
      await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'WELCOME10' }));
      const { result, statements } = await statementsDuring(USAGE, () => as(owner, () => under.rpc.call(CartRpc.Get, {})));
      expect(result.meta.voucher_code).toBe('WELCOME10');
      expect(statements).toEqual([]);
    });

    it('reads the active vouchers at most once per 2 s for pricing, and a voucher created since can be applied 2 s after the last read', async () => {
      const owner = visitor();
      await cartWith(owner, 201);
      // Well after any read so far: the first cart read below reads the list again.
      const start = Date.now() + 60_000;
      let now = start;
      await atClock(
        () => now,
        async () => {
          const first = await statementsDuring(VOUCHER_LIST, () => as(owner, () => under.rpc.call(CartRpc.Get, {})));
          expect(first.statements).toHaveLength(1);

          await under.service.infra.dataSource.query(
            `INSERT INTO catalog_cart.vouchers (code, kind, value) VALUES ('LATE5', 'percent', 5)`,
          );
          now = start + 1999;
          const cached = await statementsDuring(VOUCHER_LIST, async () => {
            for (let i = 0; i < 3; i++) await as(owner, () => under.rpc.call(CartRpc.Get, {}));
          });
          expect(cached.statements).toEqual([]);

          now = start + 2000;
          const fresh = await statementsDuring(VOUCHER_LIST, () => as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'late5' })));
          expect(fresh.statements).toHaveLength(1);
          expect(fresh.result.voucher_code).toBe('LATE5');
        },
      );
    });

    it('does not keep a failed read of the vouchers: the next request reads them again', async () => {
      const owner = visitor();
      await cartWith(owner, 201);
      const { dataSource } = under.service.infra;
      // One instant for both requests: only a cached failure could make the second one fail.
      const instant = Date.now() + 120_000;
      await atClock(
        () => instant,
        async () => {
          await dataSource.query('ALTER TABLE catalog_cart.vouchers RENAME TO vouchers_unreachable');
          try {
            await rejection(as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'SPRING25' })));
          } finally {
            await dataSource.query('ALTER TABLE catalog_cart.vouchers_unreachable RENAME TO vouchers');
          }
          expect((await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'SPRING25' }))).voucher_code).toBe('SPRING25');
        },
      );
    });
  });

  describe('reservations of a limited voucher, decided one after the other', () => {
    /**
     * Makes every reservation's insert take 0.4 s inside its statement, so reservations sent
     * together overlap in time for sure: each one counts the uses before any of the others has
     * committed, unless the voucher row lock makes them wait for each other.
     */
    async function withSlowReservations(action: () => Promise<void>): Promise<void> {
      const { dataSource } = under.service.infra;
      await dataSource.query(`CREATE FUNCTION catalog_cart.slow_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_sleep(0.4); RETURN NEW; END $$`);
      await dataSource.query(`CREATE TRIGGER slow_reservation BEFORE INSERT ON catalog_cart.voucher_redemptions
        FOR EACH ROW EXECUTE FUNCTION catalog_cart.slow_reservation()`);
      try {
        await action();
      } finally {
        await dataSource.query('DROP TRIGGER slow_reservation ON catalog_cart.voucher_redemptions');
        await dataSource.query('DROP FUNCTION catalog_cart.slow_reservation()');
      }
    }

    async function heldUses(code: string, userId?: string): Promise<number> {
      const [{ n }]: { n: number }[] = await under.service.infra.dataSource.query(
        `SELECT count(*)::int AS n FROM catalog_cart.voucher_redemptions
          WHERE voucher_code = $1 AND status <> 'released' AND ($2::text IS NULL OR user_id = $2)`,
        [code, userId ?? null],
      );
      return n;
    }

    it('gives a once-per-user voucher to exactly one of 4 overlapping orders of the same buyer', async () => {
      const userId = randomUUID();
      await withSlowReservations(async () => {
        const results = await Promise.allSettled(Array.from({ length: 4 }, () => reserve('WELCOME10', userId)));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect((r.reason as RemoteError).payload.code).toBe('exceptions.voucher.used_by_user');
      });
      expect(await heldUses('WELCOME10', userId)).toBe(1);
    });

    it('gives a single-use voucher to exactly one of 4 overlapping orders of different buyers', async () => {
      expect(await heldUses('ONEUSE')).toBe(0);
      await withSlowReservations(async () => {
        const results = await Promise.allSettled(Array.from({ length: 4 }, () => reserve('ONEUSE', randomUUID())));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect((r.reason as RemoteError).payload.code).toBe('exceptions.voucher.used_up');
      });
      expect(await heldUses('ONEUSE')).toBe(1);
    });
  });
});
