import { testKit } from '@aero/backend-testing';
import { CartRpc, PaymentsRpc, VoucherRpc } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { OrderEntity } from '../src/orders/order.entity.js';
import { OrderLineEntity } from '../src/orders/order-line.entity.js';
import { OrdersRepository } from '../src/orders/orders.repository.js';
import { COMPANY_BILLING, PaymentsKit, PRODUCTS, rejection, stranger } from './support/payments-test-kit.js';

describe('orders: placing, reading, cancelling', () => {
  const kit = testKit(() => PaymentsKit.start());

  /** The last number the order reference sequence gave. */
  async function lastReferenceNumber(): Promise<number> {
    const [{ last_value }]: { last_value: string }[] = await kit.db.query('SELECT last_value FROM payments.order_reference_seq');
    return Number(last_value);
  }

  it('turns the priced cart into an order: lines, totals in cents, buyer, billing, reference, status created', async () => {
    const shopper = await kit.shopper(
      [
        [PRODUCTS.module7, 2],
        [PRODUCTS.walletTopUp100, 1],
      ],
      'SPRING25',
    );
    const order = await kit.as({ ...shopper, buyer: { ...shopper.buyer, companyId: 'company-1' } }).call(PaymentsRpc.PlaceOrder, { method: 'mangopay', billing: COMPANY_BILLING });
    expect(order.status).toBe('created');
    expect(order.paymentKind).toBe('mangopay');
    expect(order.reference).toMatch(/^AM-\d{4}-\d{6}$/);
    expect(order.buyer).toEqual({ ...shopper.buyer, companyId: 'company-1' });
    expect(order.billing).toEqual(COMPANY_BILLING);
    expect(order.voucherCode).toBe('SPRING25');
    expect(order.lines).toEqual([
      expect.objectContaining({ productId: 107, productType: 'course', quantity: 2, programId: 1007, unitPriceCents: 19900, totalCents: 39800 }),
      expect.objectContaining({ productId: 501, productType: 'wallet', quantity: 1, totalCents: 10000 }),
    ]);
    // 25 % of the course lines only (wallet top-ups are never discounted).
    expect(order.totals).toEqual({ beforeDiscountCents: 49800, discountCents: 0, withDiscountCents: 49800, voucherDiscountCents: 9950, finalCents: 39850 });
    expect(new Date(order.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect((await kit.orderRow(order.id)).voucher_state).toBe('reserved');
  });

  it('gives every order its own reference', async () => {
    const references = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const shopper = await kit.shopper();
      references.add((await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'bankwire' })).reference);
    }
    expect(references.size).toBe(3);
  });

  it('refuses an empty cart with "cart is empty"', async () => {
    const shopper = await kit.shopper([]);
    const error = await rejection(kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' }));
    expect(error).toEqual(expect.objectContaining({ status: 422, code: 'order.cart_empty', message: 'Your cart is empty.' }));
  });

  it('refuses to buy wallet funds with wallet funds', async () => {
    const shopper = await kit.shopper([[PRODUCTS.walletTopUp100, 1]]);
    const error = await rejection(kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'wallet' }));
    expect(error).toEqual(expect.objectContaining({ status: 422, code: 'order.wallet_with_wallet', message: 'You cannot buy wallet funds with wallet funds.' }));
  });

  it('refuses an unknown method and an invalid buyer', async () => {
    const shopper = await kit.shopper();
    expect((await rejection(kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'cash' }))).code).toBe('order.method_unavailable');
    const noEmail = await rejection(kit.as({ ...shopper, buyer: { ...shopper.buyer, email: 'nope' } }).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' }));
    expect(noEmail.errors).toEqual({ 'buyer.email': ['The buyer is not valid.'] });
  });

  it('answers the open order again when the same cart is placed twice, and a new one when the cart changed', async () => {
    const shopper = await kit.shopper([[PRODUCTS.part145, 1]], 'ONEUSE');
    const first = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    const referencesUsed = await lastReferenceNumber();
    const again = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'paypal' });
    expect(again.id).toBe(first.id);
    // Answering the open order takes no reference number.
    expect(await lastReferenceNumber()).toBe(referencesUsed);
    expect(again.paymentKind).toBe('paypal');
    await kit.as(shopper).call(CartRpc.Add, { product_id: PRODUCTS.module1, quantity: 1 });
    await kit.as(shopper).call(VoucherRpc.Remove, {});
    const changed = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    expect(changed.id).not.toBe(first.id);
    await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: first.id });
  });

  it('cancels the new order and answers the voucher error when the voucher cannot be reserved (no half-made order)', async () => {
    // Both carts hold ONEUSE (nobody had reserved it yet); only the first order gets the use.
    const first = await kit.shopper([[PRODUCTS.module7, 1]], 'ONEUSE');
    const second = await kit.shopper([[PRODUCTS.module1, 1]], 'ONEUSE');
    const held = await kit.as(first).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });

    const error = await rejection(kit.as(second).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' }));
    expect(error).toEqual(expect.objectContaining({ status: 422, code: 'exceptions.voucher.used_up', message: 'This voucher has already been used.' }));
    const { data } = await kit.as(second).call(PaymentsRpc.ListOrders, {});
    expect(data).toEqual([expect.objectContaining({ status: 'canceled', can_cancel: false, voucher_code: 'ONEUSE' })]);
    const [row] = await kit.db.query('SELECT cancel_reason FROM payments.orders WHERE id = $1', [data[0].id]);
    expect(row.cancel_reason).toBe('voucher_refused');
    await kit.as(first).call(PaymentsRpc.CancelOrder, { orderId: held.id });
  });

  it('cancelling releases the voucher reservation: ONEUSE can be used again', async () => {
    const first = await kit.shopper([[PRODUCTS.module7, 1]], 'ONEUSE');
    const order = await kit.as(first).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    const second = await kit.shopper([[PRODUCTS.part145, 1]]);
    expect((await rejection(kit.as(second).call(VoucherRpc.Apply, { code: 'ONEUSE' }))).code).toBe('exceptions.voucher.used_up');

    expect(await kit.as(first).call(PaymentsRpc.CancelOrder, { orderId: order.id })).toEqual({ success: true, status: 'canceled' });
    expect(await kit.orderRow(order.id)).toEqual(expect.objectContaining({ status: 'canceled', voucher_state: 'released' }));
    expect((await kit.as(second).call(VoucherRpc.Apply, { code: 'ONEUSE' })).voucher_code).toBe('ONEUSE');
    const placed = await kit.as(second).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    expect(placed.voucherCode).toBe('ONEUSE');
    await kit.as(second).call(PaymentsRpc.CancelOrder, { orderId: placed.id });
  });

  it('lets only the buyer cancel, only while not paid; cancelling twice is harmless', async () => {
    const shopper = await kit.shopper();
    const order = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'bankwire' });
    const byStranger = await rejection(kit.as(stranger()).call(PaymentsRpc.CancelOrder, { orderId: order.id }));
    expect(byStranger).toEqual(expect.objectContaining({ status: 404, code: 'order.not_found' }));
    await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: order.id });
    expect(await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: order.id })).toEqual({ success: true, status: 'canceled' });

    const free = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
    const paid = await kit.as(free).call(PaymentsRpc.PlaceOrder, { method: 'free' });
    await kit.as(free).call(PaymentsRpc.CompleteFreeOrder, { orderId: paid.id });
    const refused = await rejection(kit.as(free).call(PaymentsRpc.CancelOrder, { orderId: paid.id }));
    expect(refused).toEqual(expect.objectContaining({ status: 409, code: 'order.not_cancelable' }));
    expect((await rejection(kit.as(free).call(PaymentsRpc.CancelOrder, { orderId: 'not-a-uuid' }))).status).toBe(404);
  });

  it('lists the buyer orders newest first with status, payment kind, totals in euros, reference and lines', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
    const first = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'bankwire' });
    await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { orderId: first.id });
    await kit.setCart(shopper, [[PRODUCTS.module1, 1]]);
    const free = await kit.as(shopper).call(VoucherRpc.Apply, { code: 'FREE100' });
    expect(free.final).toBe(0);
    const second = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'free' });
    await kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { orderId: second.id });

    const list = await kit.as(shopper).call(PaymentsRpc.ListOrders, {});
    expect(list.meta.pagination).toEqual({ total: 2, count: 2, per_page: 10, current_page: 1, total_pages: 1 });
    expect(list.data.map((o) => [o.reference, o.status, o.payment_kind, o.total, o.can_cancel, o.invoice_available])).toEqual([
      [second.reference, 'payed', 'free', 0, false, true],
      [first.reference, 'waiting_from_payment', 'bankwire', 199, true, false],
    ]);
    expect(list.data[1].lines).toEqual([
      expect.objectContaining({ product_id: 107, quantity: 1, unit_price: 199, total: 199, formatted_total: '€199.00', type: 'course' }),
    ]);
    expect(list.data[0].paid_at).not.toBeNull();
    const pastTheEnd = await kit.as(shopper).call(PaymentsRpc.ListOrders, { page: 2 });
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.meta.pagination).toEqual({ total: 2, count: 0, per_page: 10, current_page: 2, total_pages: 1 });
    const secondOfOne = await new OrdersRepository(kit.db).listForUser(shopper.userId, 1, 1);
    expect(secondOfOne.orders.map((o) => o.reference)).toEqual([first.reference]);
    expect(secondOfOne.total).toBe(2);
    expect((await kit.as(stranger()).call(PaymentsRpc.ListOrders, {})).data).toEqual([]);
  });

  it('shows an order only to its buyer', async () => {
    const shopper = await kit.shopper();
    const order = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    expect((await kit.as(shopper).call(PaymentsRpc.GetOrder, { orderId: order.id })).reference).toBe(order.reference);
    expect((await rejection(kit.as(stranger()).call(PaymentsRpc.GetOrder, { orderId: order.id }))).status).toBe(404);
  });

  it('numbers references with at least six digits, and more once the sequence needs them', async () => {
    const year = new Date().getUTCFullYear();
    const referencesUsed = await lastReferenceNumber();
    await kit.db.query(`SELECT setval('payments.order_reference_seq', 999998)`);
    try {
      const sixDigits = await kit.as(await kit.shopper()).call(PaymentsRpc.PlaceOrder, { method: 'bankwire' });
      const sevenDigits = await kit.as(await kit.shopper()).call(PaymentsRpc.PlaceOrder, { method: 'bankwire' });
      expect([sixDigits.reference, sevenDigits.reference]).toEqual([`AM-${year}-999999`, `AM-${year}-1000000`]);
    } finally {
      await kit.db.query(`SELECT setval('payments.order_reference_seq', $1)`, [referencesUsed]);
    }
  });

  it('reads an order with its lines as TypeORM loads the two entities', async () => {
    const shopper = await kit.shopper(
      [
        [PRODUCTS.module7, 2],
        [PRODUCTS.walletTopUp100, 1],
        [PRODUCTS.module1, 1],
      ],
      'SPRING25',
    );
    const placed = await kit.as({ ...shopper, buyer: { ...shopper.buyer, companyId: 'company-1' } }).call(PaymentsRpc.PlaceOrder, { method: 'mangopay', billing: COMPANY_BILLING });
    const order = await kit.db.getRepository(OrderEntity).findOne({ where: { id: placed.id } });
    if (!order) throw new Error('order not found');
    const lines = await kit.db.getRepository(OrderLineEntity).find({ where: { orderId: placed.id }, order: { position: 'ASC' } });
    const typeorm = Object.assign(order, { lines });
    expect(typeorm.lines).toHaveLength(3);
    expect(typeorm.billing).toEqual(COMPANY_BILLING);

    const repository = new OrdersRepository(kit.db);
    expect(await repository.find(placed.id)).toStrictEqual(typeorm);
    expect(await repository.findByReference(placed.reference)).toStrictEqual(typeorm);
    expect((await repository.listForUser(shopper.userId, 0, 10)).orders).toStrictEqual([typeorm]);
    expect(await repository.find('00000000-0000-4000-8000-000000000000')).toBeNull();
    await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: placed.id });
  });

  describe('payment page props', () => {
    it('gives the price, every method with mangopay as default, the wallet balance and a route per method', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      const props = await kit.as(shopper).call(PaymentsRpc.CheckoutOptions, {});
      expect(props).toEqual(
        expect.objectContaining({
          price: 199,
          formatted_price: '€199.00',
          available_methods: ['mangopay', 'paypal_credit', 'paypal', 'bankwire'],
          default_method: 'mangopay',
          wallet_balance: 0,
          paypal_client_id: 'sandbox',
          provider_mode: 'sandbox',
        }),
      );
      expect(props.routes).toEqual({
        mangopay: '/payment-gateway/mango-pay/pay',
        paypal: '/pay-pal-payment-gateway/pay',
        paypal_credit: '/pay-pal-payment-gateway/create-order',
        paypal_credit_capture: '/pay-pal-payment-gateway/capture-payment/{orderID}',
        bankwire: '/payment-gateway/bank-wire/pay',
        wallet: '/payment-gateway/wallet/pay',
        free: '/payment-gateway/free/complete',
      });
    });

    it('offers only the free completion for a cart that costs nothing', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
      const props = await kit.as(shopper).call(PaymentsRpc.CheckoutOptions, {});
      expect(props).toEqual(expect.objectContaining({ price: 0, available_methods: ['free'], default_method: 'free' }));
    });

    it('refuses the payment page of an empty cart', async () => {
      const shopper = await kit.shopper([]);
      expect((await rejection(kit.as(shopper).call(PaymentsRpc.CheckoutOptions, {}))).code).toBe('order.cart_empty');
    });
  });
});
