import { PaymentsRpc } from '@aero/contracts';
import { testKit, waitFor } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { creditDemoWallet } from '../src/seed/demo-wallets.seed.js';
import { operating, PaymentsKit, PRODUCTS, rejection, stranger } from './support/payments-test-kit.js';

describe('bank wire, wallet and free orders', () => {
  const kit = testKit(() => PaymentsKit.start());

  describe('bank wire', () => {
    it('sends the browser to the instructions page; the order waits for the money under its unique reference', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { place: {} });
      expect(redirect_url).toMatch(/^\/payment\/bank-wire\/[0-9a-f-]{36}$/);
      const orderId = redirect_url.split('/').pop() ?? '';
      const instructions = await kit.as(shopper).call(PaymentsRpc.BankWireInstructions, { orderId });
      expect(instructions).toEqual({
        order_id: orderId,
        reference: expect.stringMatching(/^AM-\d{4}-\d{6}$/),
        status: 'waiting_from_payment',
        amount: 199,
        formatted_amount: '€199.00',
        currency: 'EUR',
        beneficiary: 'AeroMaint Academy SAS',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
        bank_name: 'Demo Bank (sandbox account)',
        pay_before: expect.any(String),
      });
      // The bank-wire deadline is days, not the hour an unpaid order gets.
      expect(new Date(instructions.pay_before ?? 0).getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600_000);
      expect((await rejection(kit.as(stranger()).call(PaymentsRpc.BankWireInstructions, { orderId }))).status).toBe(404);
    });

    it('becomes paid when the operator records the transfer; a short amount is refused; recording twice is harmless', async () => {
      const shopper = await kit.shopper([[PRODUCTS.part145, 1]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { place: {} });
      const orderId = redirect_url.split('/').pop() ?? '';
      const { reference } = await kit.as(shopper).call(PaymentsRpc.BankWireInstructions, { orderId });

      const short = await rejection(operating('ops@aeromaint', () => kit.rpc.call(PaymentsRpc.ConfirmBankWire, { reference, amountCents: 14899 })));
      expect(short).toEqual(expect.objectContaining({ status: 422, code: 'payment.amount_short' }));
      const paid = await operating('ops@aeromaint', () => kit.rpc.call(PaymentsRpc.ConfirmBankWire, { reference: reference.toLowerCase(), amountCents: 14900 }));
      expect(paid).toEqual(expect.objectContaining({ id: orderId, status: 'payed', paymentKind: 'bankwire' }));
      const again = await operating('ops@aeromaint', () => kit.rpc.call(PaymentsRpc.ConfirmBankWire, { reference, amountCents: 14900 }));
      expect(again.status).toBe('payed');
      expect(await kit.outboxPaidEvents(orderId)).toHaveLength(1);
      const [attempt] = await kit.db.query(`SELECT status, details FROM payments.payment_attempts WHERE order_id = $1`, [orderId]);
      expect(attempt).toEqual({ status: 'succeeded', details: expect.objectContaining({ receivedCents: 14900, operator: 'ops@aeromaint' }) });
      expect((await rejection(operating('ops', () => kit.rpc.call(PaymentsRpc.ConfirmBankWire, { reference: 'AM-1999-000001', amountCents: 1 })))).status).toBe(404);
    });

    it('lets the sandbox deliver the transfer', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { place: {} });
      const orderId = redirect_url.split('/').pop() ?? '';
      expect((await kit.rpc.call(PaymentsRpc.SandboxBankWireReceive, { orderId })).status).toBe('payed');
    });
  });

  describe('wallet', () => {
    it('credits a paid wallet top-up to the ledger once, and the balance follows the ledger', async () => {
      const shopper = await kit.shopper([[PRODUCTS.walletTopUp100, 2]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { place: {} });
      const orderId = redirect_url.split('/').pop() ?? '';
      expect((await kit.as(shopper).call(PaymentsRpc.WalletBalance, {})).balance).toBe(0);
      await kit.rpc.call(PaymentsRpc.SandboxBankWireReceive, { orderId });
      await kit.rpc.call(PaymentsRpc.SandboxBankWireReceive, { orderId });
      expect(await kit.as(shopper).call(PaymentsRpc.WalletBalance, {})).toEqual({
        user_id: shopper.userId,
        balance_cents: 20000,
        balance: 200,
        formatted_balance: '€200.00',
        currency: 'EUR',
      });
      expect(await kit.walletEntries(shopper.userId)).toEqual([{ kind: 'top_up', amount_cents: 20000, order_id: orderId }]);
    });

    it('pays from the balance, answers redirect_url to the success page, and shows both lines in the wallet report', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      await creditDemoWallet(kit.db, { userId: shopper.userId, amountCents: 25000, description: 'Demo wallet credit' });
      const props = await kit.as(shopper).call(PaymentsRpc.CheckoutOptions, {});
      expect(props.available_methods).toContain('wallet');
      expect(props.wallet_balance).toBe(250);

      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayWithWallet, { place: {} });
      expect(redirect_url).toMatch(/^\/payment\/success\/[0-9a-f-]{36}$/);
      const orderId = redirect_url.split('/').pop() ?? '';
      const order = await kit.orderRow(orderId);
      expect(order).toEqual(expect.objectContaining({ status: 'payed', payment_kind: 'wallet' }));
      expect(await kit.db.query('SELECT id, method, provider, amount_cents, status FROM payments.payment_attempts WHERE order_id = $1', [orderId])).toEqual([
        { id: order.paid_by_attempt_id, method: 'wallet', provider: 'internal', amount_cents: 19900, status: 'succeeded' },
      ]);
      const ledger = await kit.as(shopper).call(PaymentsRpc.WalletLedger, {});
      expect(ledger.meta).toEqual(expect.objectContaining({ balance: 51, formatted_balance: '€51.00' }));
      expect(ledger.data.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
        ['payment', -199, 51],
        ['adjustment', 250, 250],
      ]);
      expect(ledger.data[0].order_reference).toMatch(/^AM-/);
      // Paying again (double click) takes nothing more.
      expect((await kit.as(shopper).call(PaymentsRpc.PayWithWallet, { orderId })).redirect_url).toBe(redirect_url);
      expect((await kit.as(shopper).call(PaymentsRpc.WalletBalance, {})).balance_cents).toBe(5100);
    });

    it('refuses cleanly when the balance is short, and leaves the order unpaid', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      await creditDemoWallet(kit.db, { userId: shopper.userId, amountCents: 19899, description: 'Demo wallet credit' });
      expect((await kit.as(shopper).call(PaymentsRpc.CheckoutOptions, {})).available_methods).not.toContain('wallet');
      const error = await rejection(kit.as(shopper).call(PaymentsRpc.PayWithWallet, { place: {} }));
      expect(error).toEqual(expect.objectContaining({ status: 422, code: 'wallet.insufficient_funds', message: 'Your wallet balance is not enough to pay this order.' }));
      const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
      expect(order.status).toBe('created');
      expect(await kit.outboxPaidEvents(order.id)).toEqual([]);
      expect(await kit.db.query('SELECT id FROM payments.payment_attempts WHERE order_id = $1', [order.id])).toEqual([]);
      expect(await kit.walletEntries(shopper.userId)).toHaveLength(1);
    });

    it('refuses to buy wallet funds with wallet funds', async () => {
      const shopper = await kit.shopper([[PRODUCTS.walletTopUp100, 1]]);
      await creditDemoWallet(kit.db, { userId: shopper.userId, amountCents: 50000, description: 'Demo wallet credit' });
      const order = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'bankwire' });
      const error = await rejection(kit.as(shopper).call(PaymentsRpc.PayWithWallet, { orderId: order.id }));
      expect(error.message).toBe('You cannot buy wallet funds with wallet funds.');
    });

    it('spends one balance from two orders at once: one succeeds, the other is refused, and the balance never goes below zero', async () => {
      const shopper = await kit.shopper([[PRODUCTS.part145, 1]]);
      await creditDemoWallet(kit.db, { userId: shopper.userId, amountCents: 20000, description: 'Demo wallet credit' });
      const first = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'wallet' });
      await kit.setCart(shopper, [[PRODUCTS.partM, 1]]);
      const second = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'wallet' });
      expect(second.id).not.toBe(first.id);

      const results = await Promise.allSettled([
        kit.as(shopper).call(PaymentsRpc.PayWithWallet, { orderId: first.id }),
        kit.as(shopper).call(PaymentsRpc.PayWithWallet, { orderId: second.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason.payload.code).toBe('wallet.insufficient_funds');
      const statuses = [(await kit.orderRow(first.id)).status, (await kit.orderRow(second.id)).status].sort();
      expect(statuses).toEqual(['created', 'payed']);
      const balance = (await kit.as(shopper).call(PaymentsRpc.WalletBalance, {})).balance_cents;
      expect([20000 - 14900, 20000 - 17900]).toContain(balance);
      expect((await kit.walletEntries(shopper.userId)).filter((e) => e.kind === 'payment')).toHaveLength(1);
    });

    it('never lets many concurrent payments overdraw the wallet', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]]);
      await creditDemoWallet(kit.db, { userId: shopper.userId, amountCents: 30000, description: 'Demo wallet credit' });
      const orders = [];
      for (const [productId, quantity] of [
        [PRODUCTS.module1, 1],
        [PRODUCTS.module1, 2],
        [PRODUCTS.module7, 1],
        [PRODUCTS.part145, 1],
        [PRODUCTS.partM, 1],
      ] as [number, number][]) {
        await kit.setCart(shopper, [[productId, quantity]]);
        orders.push(await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'wallet' }));
      }
      await Promise.allSettled(orders.map((o) => kit.as(shopper).call(PaymentsRpc.PayWithWallet, { orderId: o.id })));
      const balance = (await kit.as(shopper).call(PaymentsRpc.WalletBalance, {})).balance_cents;
      const paid = [];
      for (const o of orders) if ((await kit.orderRow(o.id)).status === 'payed') paid.push(o.totals.finalCents);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBe(30000 - paid.reduce((a, b) => a + b, 0));
      expect(paid.length).toBeGreaterThan(0);
    });

    it('keeps the ledger append-only', async () => {
      const shopper = await kit.shopper();
      await creditDemoWallet(kit.db, { userId: shopper.userId, amountCents: 100, description: 'Demo wallet credit' });
      await expect(kit.db.query('UPDATE payments.wallet_entries SET amount_cents = 1000000 WHERE user_id = $1', [shopper.userId])).rejects.toThrow(
        /append-only/,
      );
      await expect(kit.db.query('DELETE FROM payments.wallet_entries WHERE user_id = $1', [shopper.userId])).rejects.toThrow(/append-only/);
    });

    it('credits a demo wallet once however often the seed runs', async () => {
      const shopper = await kit.shopper();
      const credit = { userId: shopper.userId, amountCents: 50000, description: 'Demo wallet credit' };
      expect(await creditDemoWallet(kit.db, credit)).toBe(true);
      expect(await creditDemoWallet(kit.db, credit)).toBe(false);
      expect((await kit.as(shopper).call(PaymentsRpc.WalletBalance, {})).balance).toBe(500);
    });
  });

  describe('free orders', () => {
    it('completes an order made free by FREE100 without any provider, and publishes order.paid', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]], 'FREE100');
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { place: {} });
      const orderId = redirect_url.split('/').pop() ?? '';
      const order = await kit.orderRow(orderId);
      expect(order).toEqual(expect.objectContaining({ status: 'payed', payment_kind: 'free' }));
      expect(await kit.db.query('SELECT id, method, provider, amount_cents, status FROM payments.payment_attempts WHERE order_id = $1', [orderId])).toEqual([
        { id: order.paid_by_attempt_id, method: 'free', provider: 'internal', amount_cents: 0, status: 'succeeded' },
      ]);
      await kit.waitForPublished(orderId);
      const [event] = await kit.jetStreamPaidEvents(orderId);
      expect(event.data).toEqual(expect.objectContaining({ paymentKind: 'free', voucherCode: 'FREE100', totals: expect.objectContaining({ finalCents: 0 }) }));
    });

    it('refuses the free completion for an order that costs something', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      const error = await rejection(kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { place: {} }));
      expect(error).toEqual(expect.objectContaining({ status: 422, code: 'order.not_free' }));
    });

    it('empties the paid products from the cart (catalog-cart reacts to order.paid)', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
      await kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { place: {} });
      await waitFor(
        async () => {
          const props = await kit.as(shopper).call(PaymentsRpc.CheckoutOptions, {}).catch((e: { payload?: { code: string } }) => e.payload);
          return (props as { code?: string }).code === 'order.cart_empty';
        },
        { what: 'cart emptied' },
      );
    });
  });
});
