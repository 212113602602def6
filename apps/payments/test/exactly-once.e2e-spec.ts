import { testKit } from '@aero/backend-testing';
import { PaymentsRpc } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { cardForm, CARDS, PaymentsKit, PRODUCTS } from './support/payments-test-kit.js';

describe('exactly once: an order is paid once however many callbacks, captures and hooks arrive together', () => {
  const kit = testKit(() => PaymentsKit.start());

  it('50 card callbacks and 50 PayPal captures at once for one wallet top-up order: one paid order, one order.paid (outbox and JetStream), one wallet credit', async () => {
    const shopper = await kit.shopper([[PRODUCTS.walletTopUp100, 1]]);
    const place = {};

    // The buyer starts a 3-D Secure card payment, then also the PayPal buttons, for the same order.
    const card = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place, ...cardForm(CARDS.threeDs) });
    if (!('security_url' in card)) throw new Error('expected 3-D Secure');
    const transactionId = card.security_url.split('/').pop() ?? '';
    const paypal = await kit.as(shopper).call(PaymentsRpc.PayPalCreateOrder, { place });
    const orders = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    expect(orders).toHaveLength(1);
    const orderId = orders[0].id;

    // Both succeed at the providers.
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
    await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId: paypal.result.id, outcome: 'approve' });

    const calls = [
      ...Array.from({ length: 50 }, () => kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId })),
      ...Array.from({ length: 50 }, () => kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId: paypal.result.id })),
      ...Array.from({ length: 5 }, () =>
        kit.rpc.call(PaymentsRpc.ProviderWebhook, { source: 'card', payload: { EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: transactionId } }),
      ),
    ];
    const answers = await Promise.all(calls);
    const callbacks = answers.slice(0, 50) as { status: string; redirect_url: string }[];
    const captures = answers.slice(50, 100) as { result: { details: unknown[]; success_redirect_url: string | null } }[];
    expect(new Set(callbacks.map((c) => `${c.status} ${c.redirect_url}`))).toEqual(new Set([`paid /payment/success/${orderId}`]));
    expect(new Set(captures.map((c) => c.result.success_redirect_url))).toEqual(new Set([`/payment/success/${orderId}`]));

    const order = await kit.orderRow(orderId);
    expect(order.status).toBe('payed');
    const attempts: { id: string; status: string }[] = await kit.db.query(
      'SELECT id, status FROM payments.payment_attempts WHERE order_id = $1 ORDER BY created_at',
      [orderId],
    );
    expect(attempts.filter((a) => a.status === 'succeeded').map((a) => a.id)).toEqual([order.paid_by_attempt_id]);
    // The other attempt either never captured (nothing to refund) or is refunded (or about to be).
    expect(attempts.filter((a) => a.status !== 'succeeded').every((a) => ['pending', 'refund_due', 'refunded'].includes(a.status))).toBe(true);

    expect(await kit.outboxPaidEvents(orderId)).toHaveLength(1);
    await kit.waitForPublished(orderId);
    expect(await kit.jetStreamPaidEvents(orderId)).toHaveLength(1);
    expect(await kit.walletEntries(shopper.userId)).toEqual([{ kind: 'top_up', amount_cents: 10000, order_id: orderId }]);
    expect((await kit.as(shopper).call(PaymentsRpc.WalletBalance, {})).balance).toBe(100);
  });

  it('50 identical card callbacks at once for a card-only order pay it once', async () => {
    const shopper = await kit.shopper([[PRODUCTS.walletTopUp100, 2]]);
    const card = await kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm(CARDS.threeDs) });
    if (!('security_url' in card)) throw new Error('expected 3-D Secure');
    const transactionId = card.security_url.split('/').pop() ?? '';
    const [{ id: orderId }] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });

    const answers = await Promise.all(Array.from({ length: 50 }, () => kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId })));
    expect(answers.every((a) => a.status === 'paid')).toBe(true);
    expect(await kit.outboxPaidEvents(orderId)).toHaveLength(1);
    await kit.waitForPublished(orderId);
    expect(await kit.jetStreamPaidEvents(orderId)).toHaveLength(1);
    expect(await kit.walletEntries(shopper.userId)).toEqual([{ kind: 'top_up', amount_cents: 20000, order_id: orderId }]);
  });

  it('50 PayPal captures at once for one PayPal order capture once and pay once', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
    const paypal = await kit.as(shopper).call(PaymentsRpc.PayPalCreateOrder, { place: {} });
    await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId: paypal.result.id, outcome: 'approve' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId: paypal.result.id })),
    );
    const [{ id: orderId }] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    expect(answers.every((a) => a.result.success_redirect_url === `/payment/success/${orderId}`)).toBe(true);
    expect(await kit.outboxPaidEvents(orderId)).toHaveLength(1);
    const captures: { capture_id: string | null }[] = await kit.db.query('SELECT capture_id FROM payments.sandbox_transactions WHERE id = $1', [
      paypal.result.id,
    ]);
    expect(captures[0].capture_id).toMatch(/^SBXCAP/);
  });
});
