import { CartRpc, OrderPaidEvent, VoucherRpc, type CartSnapshot, type OrderPaid } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { waitFor } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { as, useCatalogCart, type CartOwner } from './support/catalog-cart-under-test.js';

describe('carts and vouchers over NATS', () => {
  const under = useCatalogCart();

  const visitor = (): CartOwner => ({ sessionId: randomUUID() });
  const user = (): CartOwner => ({ sessionId: randomUUID(), userId: randomUUID() });

  async function rejection(promise: Promise<unknown>) {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    return (error as RemoteError).payload;
  }

  /** One Part-145 course at €149, as an order line. */
  const PART145_LINE = { productId: 201, productType: 'course', name: 'Part-145', quantity: 1, programId: 2001, unitPriceCents: 14900, totalCents: 14900 } as const;

  /** Publishes order.paid as payments does, paid now, for the user `buyerId` (null: a guest's order). */
  async function publishOrderPaid(buyerId: string | null, order: Omit<OrderPaid, 'buyer' | 'paidAt'>): Promise<void> {
    const buyer = buyerId
      ? { userId: buyerId, email: 'buyer@example.com', name: 'Buyer', companyId: null }
      : { userId: null, email: 'guest@example.com', name: 'Guest', companyId: null };
    const { dataSource, outbox } = under.service.infra;
    await dataSource.transaction((manager) => outbox.add(manager, OrderPaidEvent, { ...order, buyer, paidAt: new Date().toISOString() }));
  }


  describe('cart', () => {
    it('adds to a line without update and sets the quantity with update', async () => {
      const owner = visitor();
      await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 1 }));
      let cart = await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 2 }));
      expect(cart.data).toEqual([expect.objectContaining({ id: 107, quantity: 3 })]);
      cart = await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 5, update: true }));
      expect(cart.data[0].quantity).toBe(5);
      expect(cart.meta).toEqual(expect.objectContaining({ before_discount: 995, final: 995, items_count: 5 }));
    });

    it('removes a line whose quantity is updated to 0 or below', async () => {
      const owner = visitor();
      await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 1 }));
      const cart = await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 0, update: true }));
      expect(cart.data).toEqual([]);
    });

    it('answers 422 field errors for non-numeric, fractional or negative quantities and unknown products', async () => {
      const owner = visitor();
      for (const quantity of ['abc', 1.5, -2, 0] as unknown[]) {
        const payload = await rejection(as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: quantity as number })));
        expect(payload.status).toBe(422);
        expect(payload.errors?.quantity?.[0]).toMatch(/whole number of at least 1/);
      }
      const unknown = await rejection(as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 999999, quantity: 1 })));
      expect(unknown).toEqual(expect.objectContaining({ status: 422, errors: { product_id: ['The selected product does not exist.'] } }));
      const tooMany = await rejection(as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 1000 })));
      expect(tooMany.errors?.quantity).toEqual(['The quantity may not be greater than 999.']);
      expect((await as(owner, () => under.rpc.call(CartRpc.Get, {}))).data).toEqual([]);
    });

    it('removes a line and empties the cart', async () => {
      const owner = visitor();
      await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 1 }));
      await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 201, quantity: 1 }));
      const afterRemove = await as(owner, () => under.rpc.call(CartRpc.Remove, { product_id: 107 }));
      expect(afterRemove.data.map((l) => l.id)).toEqual([201]);
      const missing = await rejection(as(owner, () => under.rpc.call(CartRpc.Remove, { product_id: 107 })));
      expect(missing.errors?.product_id).toEqual(['This product is not in your cart.']);
      const empty = await as(owner, () => under.rpc.call(CartRpc.Empty, {}));
      expect(empty.data).toEqual([]);
      expect(empty.meta.final).toBe(0);
    });

    it('lists package contents on package lines', async () => {
      const owner = visitor();
      const cart = await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 402, quantity: 1 }));
      expect(cart.data[0].package).toHaveLength(2);
      expect(cart.data[0].package[0]).toEqual(expect.objectContaining({ id: 201, quantity: 5 }));
    });

    it('gives checkout a snapshot in cents with the voucher applied', async () => {
      const owner = visitor();
      await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 2 }));
      await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 501, quantity: 1 }));
      await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'SPRING25' }));
      const snapshot = await as(owner, () => under.rpc.call(CartRpc.Snapshot, {}));
      expect(snapshot.lines).toEqual([
        expect.objectContaining({ productId: 107, productType: 'course', quantity: 2, programId: 1007, unitPriceCents: 19900, totalCents: 39800 }),
        expect.objectContaining({ productId: 501, productType: 'wallet', quantity: 1, totalCents: 10000 }),
      ]);
      // 25 % of the course lines only: wallet top-ups are never discounted.
      expect(snapshot.totals).toEqual({
        beforeDiscountCents: 49800,
        discountCents: 0,
        withDiscountCents: 49800,
        voucherDiscountCents: 9950,
        finalCents: 39850,
      });
      expect(snapshot.voucherCode).toBe('SPRING25');
    });

    it('merges a visitor cart into the user cart at sign-in, adding quantities', async () => {
      const sessionId = randomUUID();
      const userId = randomUUID();
      await as({ sessionId: 'earlier-device', userId }, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 1 }));
      await as({ sessionId }, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 2 }));
      await as({ sessionId }, () => under.rpc.call(CartRpc.Add, { product_id: 301, quantity: 1 }));
      const merged = await under.rpc.call(CartRpc.Merge, { sessionId, userId });
      expect(merged.data.map((l) => [l.id, l.quantity])).toEqual([
        [107, 3],
        [301, 1],
      ]);
      expect((await as({ sessionId }, () => under.rpc.call(CartRpc.Get, {}))).data).toEqual([]);
    });
  });

  describe('vouchers', () => {
    async function cartWith(owner: CartOwner, productId: number, quantity = 1) {
      return as(owner, () => under.rpc.call(CartRpc.Add, { product_id: productId, quantity }));
    }

    it('applies a percentage voucher and removes it again', async () => {
      const owner = visitor();
      await cartWith(owner, 107);
      const meta = await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'spring25' }));
      expect(meta).toEqual(expect.objectContaining({ voucher_code: 'SPRING25', with_discount: 199, voucher_discount: 49.75, final: 149.25 }));
      const removed = await as(owner, () => under.rpc.call(VoucherRpc.Remove, {}));
      expect(removed).toEqual(expect.objectContaining({ voucher_code: null, voucher_discount: 0, final: 199 }));
    });

    it('applies a fixed voucher of 10 EUR', async () => {
      const owner = visitor();
      await cartWith(owner, 201);
      expect(await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'TENOFF' }))).toEqual(expect.objectContaining({ voucher_discount: 10, final: 139 }));
    });

    it('makes the order free with FREE100', async () => {
      const owner = visitor();
      await cartWith(owner, 201, 2);
      expect((await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'FREE100' }))).final).toBe(0);
    });

    it.each([
      ['', 'exceptions.voucher.required', 'Voucher code is required.'],
      ['NOPE', 'exceptions.voucher.not_found', 'This voucher code does not exist.'],
      ['EXPIRED', 'exceptions.voucher.expired', 'This voucher has expired.'],
      ['NEXTYEAR', 'exceptions.voucher.not_available_yet', 'This voucher is not available yet.'],
      ['PART66ONLY', 'exceptions.voucher.only_for_course', 'This voucher is only available for the course Part-66 Module 7: Maintenance Practices.'],
    ])('refuses %p with its own message under the code field', async (code, errorCode, message) => {
      const owner = visitor();
      await cartWith(owner, 201);
      const payload = await rejection(as(owner, () => under.rpc.call(VoucherRpc.Apply, { code })));
      expect(payload).toEqual({ code: errorCode, message, status: 422, errors: { code: [message] } });
    });

    it('gives no discount on wallet top-ups', async () => {
      const owner = visitor();
      await cartWith(owner, 501);
      expect((await rejection(as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'SPRING25' })))).code).toBe('exceptions.voucher.wallet');
    });

    it('refuses a second voucher when one is already applied', async () => {
      const owner = visitor();
      await cartWith(owner, 201);
      await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'SPRING25' }));
      expect((await rejection(as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'TENOFF' })))).message).toBe('An additional discount is already applied.');
    });

    it('applies an automatic voucher without a code and hides nothing else', async () => {
      const owner = visitor();
      const cart = await cartWith(owner, 221);
      expect(cart.meta).toEqual(expect.objectContaining({ voucher_code: 'PART147AUTO', voucher_auto_applied: true, final: 135.15 }));
      expect((await rejection(as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'SPRING25' })))).code).toBe('exceptions.voucher.already_applied');
    });

    it('refuses a first-order voucher once the user has a paid order (learned from order.paid)', async () => {
      const owner = user();
      await cartWith(owner, 201);
      expect((await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'WELCOME10' }))).voucher_code).toBe('WELCOME10');
      await as(owner, () => under.rpc.call(VoucherRpc.Remove, {}));

      const orderId = randomUUID();
      await publishOrderPaid(owner.userId!, {
        orderId,
        reference: 'AM-TEST-1',
        paymentKind: 'free',
        lines: [PART145_LINE],
        totals: { beforeDiscountCents: 14900, discountCents: 0, voucherDiscountCents: 0, finalCents: 14900 },
        voucherCode: null,
      });
      // The purchased product leaves the cart once the event is handled.
      await waitFor(async () => (await as(owner, () => under.rpc.call(CartRpc.Get, {}))).data.length === 0, { what: 'order.paid handled' });
      await cartWith(owner, 202);
      expect((await rejection(as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'WELCOME10' })))).code).toBe('exceptions.voucher.first_order_only');
    });

    it('answers the reservation an order already holds, even for a code it would refuse, and writes nothing when refusing', async () => {
      const orderId = randomUUID();
      const reserve = (code: string, id = orderId) => under.rpc.call(VoucherRpc.Reserve, { code, orderId: id, userId: null, productIds: [201] });
      expect(await reserve('SPRING25')).toEqual({ code: 'SPRING25', orderId, status: 'reserved' });
      expect(await reserve('spring25')).toEqual({ code: 'SPRING25', orderId, status: 'reserved' });
      expect(await reserve('EXPIRED')).toEqual({ code: 'SPRING25', orderId, status: 'reserved' });
      expect(await reserve('FREE100')).toEqual({ code: 'SPRING25', orderId, status: 'reserved' });

      const refusedOrder = randomUUID();
      expect((await rejection(reserve('EXPIRED', refusedOrder))).code).toBe('exceptions.voucher.expired');
      expect((await rejection(reserve('PART66ONLY', refusedOrder))).code).toBe('exceptions.voucher.only_for_course');
      expect(await under.rpc.call(VoucherRpc.Release, { orderId: refusedOrder })).toEqual({ released: false });

      // A released reservation no longer holds the order: the next one takes its place.
      expect(await under.rpc.call(VoucherRpc.Release, { orderId })).toEqual({ released: true });
      expect(await reserve('FREE100')).toEqual({ code: 'FREE100', orderId, status: 'reserved' });
    });

    it('rolls back a refused reservation of a limited voucher', async () => {
      const userId = randomUUID();
      const [first, second] = [randomUUID(), randomUUID()];
      const reserve = (orderId: string) => under.rpc.call(VoucherRpc.Reserve, { code: 'WELCOME10', orderId, userId, productIds: [201] });
      expect((await reserve(first)).status).toBe('reserved');
      expect((await rejection(reserve(second))).code).toBe('exceptions.voucher.used_by_user');
      expect(await under.rpc.call(VoucherRpc.Release, { orderId: second })).toEqual({ released: false });
      expect(await under.rpc.call(VoucherRpc.Release, { orderId: first })).toEqual({ released: true });
      expect((await reserve(second)).status).toBe('reserved');
    });

    it('reserves a once-per-user voucher once when the same user places many orders at the same instant', async () => {
      const userId = randomUUID();
      const results = await Promise.allSettled(
        Array.from({ length: 25 }, () => under.rpc.call(VoucherRpc.Reserve, { code: 'WELCOME10', orderId: randomUUID(), userId, productIds: [201] })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((x) => x.status === 'rejected')) {
        expect((r.reason as RemoteError).payload.code).toBe('exceptions.voucher.used_by_user');
      }
    });

    it('on order.paid consumes the voucher use, clears the voucher and the purchased lines, and remembers the buyer', async () => {
      const owner = user();
      const orderId = randomUUID();
      await cartWith(owner, 201);
      await cartWith(owner, 202);
      await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'TENOFF' }));
      const snapshot = await as(owner, () => under.rpc.call(CartRpc.Snapshot, {}));
      await under.rpc.call(VoucherRpc.Reserve, { code: 'TENOFF', orderId, userId: owner.userId!, productIds: [201] });
      await publishOrderPaid(owner.userId!, {
        orderId,
        reference: 'AM-TEST-2',
        paymentKind: 'mangopay',
        lines: snapshot.lines.filter((l) => l.productId === 201),
        totals: { beforeDiscountCents: 14900, discountCents: 0, voucherDiscountCents: 1000, finalCents: 13900 },
        voucherCode: 'TENOFF',
      });
      await waitFor(async () => (await as(owner, () => under.rpc.call(CartRpc.Get, {}))).data.length === 1, { what: 'order.paid handled' });
      const cart = await as(owner, () => under.rpc.call(CartRpc.Get, {}));
      expect(cart.data.map((l) => l.id)).toEqual([202]);
      expect(cart.meta.voucher_code).toBeNull();
      // Consumed: a cancel can no longer give the use back.
      expect(await under.rpc.call(VoucherRpc.Release, { orderId })).toEqual({ released: false });
      const refused = await rejection(
        under.rpc.call(VoucherRpc.Reserve, { code: 'WELCOME10', orderId: randomUUID(), userId: owner.userId!, productIds: [202] }),
      );
      expect(refused.code).toBe('exceptions.voucher.first_order_only');
    });

    it('on order.paid of a guest order only consumes the voucher use', async () => {
      const { dataSource } = under.service.infra;
      const orderId = randomUUID();
      const paidCustomers = async () => (await dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM catalog_cart.paid_customers'))[0].n;
      const redemption = async () =>
        (await dataSource.query<{ status: string }[]>('SELECT status FROM catalog_cart.voucher_redemptions WHERE order_id = $1', [orderId]))[0];
      const customersBefore = await paidCustomers();
      await under.rpc.call(VoucherRpc.Reserve, { code: 'TENOFF', orderId, userId: null, productIds: [201] });
      await publishOrderPaid(null, {
        orderId,
        reference: 'AM-TEST-3',
        paymentKind: 'mangopay',
        lines: [PART145_LINE],
        totals: { beforeDiscountCents: 14900, discountCents: 0, voucherDiscountCents: 1000, finalCents: 13900 },
        voucherCode: 'TENOFF',
      });
      await waitFor(async () => (await redemption())?.status === 'consumed', { what: 'order.paid handled' });
      expect(await paidCustomers()).toBe(customersBefore);
    });

    describe('what order.paid takes out of the cart: only what was in it when the order was placed', () => {
      /** The database's time, as payments stores an order's placing time (the event carries it to the millisecond). */
      async function placedNow(): Promise<string> {
        const [row] = await under.service.infra.dataSource.query<{ at: Date }[]>('SELECT now() AS at');
        return row.at.toISOString();
      }

      /** Publishes order.paid for the buyer's order of `lines` placed at `placedAt`, and waits until catalog-cart handled it. */
      async function orderPaid(owner: CartOwner, order: { lines: CartSnapshot['lines']; voucherCode: string | null; placedAt: string }) {
        const { dataSource } = under.service.infra;
        await publishOrderPaid(owner.userId!, {
          orderId: randomUUID(),
          reference: 'AM-TEST-4',
          paymentKind: 'mangopay',
          lines: order.lines,
          totals: { beforeDiscountCents: 0, discountCents: 0, voucherDiscountCents: 0, finalCents: 0 },
          voucherCode: order.voucherCode,
          placedAt: order.placedAt,
        });
        // The handler records the paying buyer in the same transaction as its cart changes.
        await waitFor(
          async () =>
            (await dataSource.query<unknown[]>('SELECT 1 FROM catalog_cart.paid_customers WHERE user_id = $1', [owner.userId])).length === 1,
          { what: 'order.paid handled' },
        );
      }

      it('a course taken out and added again, or a line whose quantity changed, after the order was placed stays; an untouched line leaves', async () => {
        const owner = user();
        await cartWith(owner, 201);
        await cartWith(owner, 202);
        await cartWith(owner, 107);
        const placed = await as(owner, () => under.rpc.call(CartRpc.Snapshot, {}));
        const placedAt = await placedNow();

        await as(owner, () => under.rpc.call(CartRpc.Remove, { product_id: 201 }));
        await cartWith(owner, 201);
        await as(owner, () => under.rpc.call(CartRpc.Add, { product_id: 107, quantity: 3, update: true }));
        await orderPaid(owner, { lines: placed.lines, voucherCode: null, placedAt });

        const cart = await as(owner, () => under.rpc.call(CartRpc.Get, {}));
        expect(cart.data.map((line) => ({ id: line.id, quantity: line.quantity })).sort((a, b) => a.id - b.id)).toEqual([
          { id: 107, quantity: 3 },
          { id: 201, quantity: 1 },
        ]);
      });

      it('a cart emptied and filled again with the same course and voucher after the order was placed is left as it is, in the same version', async () => {
        const owner = user();
        await cartWith(owner, 201);
        await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'TENOFF' }));
        const placed = await as(owner, () => under.rpc.call(CartRpc.Snapshot, {}));
        const placedAt = await placedNow();

        await as(owner, () => under.rpc.call(CartRpc.Empty, {}));
        await cartWith(owner, 201);
        await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'TENOFF' }));
        const refilled = await as(owner, () => under.rpc.call(CartRpc.Snapshot, {}));
        await orderPaid(owner, { lines: placed.lines, voucherCode: 'TENOFF', placedAt });

        const after = await as(owner, () => under.rpc.call(CartRpc.Snapshot, {}));
        expect(after.lines.map((line) => line.productId)).toEqual([201]);
        expect(after.voucherCode).toBe('TENOFF');
        // Unchanged, so submitting it still finds the order placed for it (one order per cart version).
        expect(after.cartKey).toBe(refilled.cartKey);
      });
    });

    it('reserves ONEUSE exactly once when many orders try at the same instant, and releases it on cancel', async () => {
      const orders = Array.from({ length: 25 }, () => randomUUID());
      const results = await Promise.allSettled(
        orders.map((orderId) => under.rpc.call(VoucherRpc.Reserve, { code: 'ONEUSE', orderId, userId: randomUUID(), productIds: [201] })),
      );
      const reserved = results.filter((r) => r.status === 'fulfilled');
      expect(reserved).toHaveLength(1);
      for (const r of results.filter((x) => x.status === 'rejected')) {
        expect((r.reason as RemoteError).payload.code).toBe('exceptions.voucher.used_up');
      }
      const winner = (reserved[0] as PromiseFulfilledResult<{ orderId: string }>).value.orderId;
      // Idempotent for the same order.
      expect((await under.rpc.call(VoucherRpc.Reserve, { code: 'ONEUSE', orderId: winner, userId: null, productIds: [201] })).status).toBe('reserved');
      // A shopper now sees it as used.
      const owner = visitor();
      await cartWith(owner, 201);
      expect((await rejection(as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'ONEUSE' })))).code).toBe('exceptions.voucher.used_up');
      // Cancelling the order gives the use back.
      expect(await under.rpc.call(VoucherRpc.Release, { orderId: winner })).toEqual({ released: true });
      expect((await as(owner, () => under.rpc.call(VoucherRpc.Apply, { code: 'ONEUSE' }))).voucher_code).toBe('ONEUSE');
    });
  });
});
