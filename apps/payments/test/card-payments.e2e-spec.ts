import { PaymentMessages, PaymentsRpc } from '@aero/contracts';
import { testKit, waitFor } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { PaymentAttemptEntity } from '../src/attempts/payment-attempt.entity.js';
import { PaymentAttemptsRepository } from '../src/attempts/payment-attempts.repository.js';
import { cardForm, CARDS, PaymentsKit, PRODUCTS, rejection, type Shopper } from './support/payments-test-kit.js';

describe('card payments (mangopay method, sandbox provider)', () => {
  const kit = testKit(() => PaymentsKit.start());

  function payByCard(shopper: Shopper, number: string = CARDS.success, card = cardForm(number)) {
    return kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...card });
  }

  it('pays with the success card: success + processed with cart_id and transaction_id, then the callback verifies and sends the browser to the success page', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
    const answer = await payByCard(shopper);
    if (!('success' in answer)) throw new Error('expected a processed payment');
    expect(answer).toEqual({ success: true, processed: true, cart_id: expect.any(String), transaction_id: expect.stringMatching(/^sbx_card_/) });

    const order = await kit.as(shopper).call(PaymentsRpc.GetOrder, { orderId: answer.cart_id });
    expect(order).toEqual(expect.objectContaining({ status: 'payed', paymentKind: 'mangopay' }));
    const redirect = await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: answer.cart_id, transactionId: answer.transaction_id });
    expect(redirect).toEqual({ status: 'paid', redirect_url: `/payment/success/${answer.cart_id}`, order_id: answer.cart_id });

    const events = await kit.outboxPaidEvents(order.id);
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual(
      expect.objectContaining({
        orderId: order.id,
        reference: order.reference,
        paymentKind: 'mangopay',
        buyer: shopper.buyer,
        transactionId: answer.transaction_id,
        lines: [expect.objectContaining({ productId: 107, productType: 'course', quantity: 1, programId: 1007 })],
        totals: { beforeDiscountCents: 19900, discountCents: 0, voucherDiscountCents: 0, finalCents: 19900 },
      }),
    );
  });

  it('answers a security_url for the 3-D Secure card; approving there returns to the callback, which pays the order', async () => {
    const shopper = await kit.shopper([[PRODUCTS.part145, 1]]);
    const answer = await payByCard(shopper, CARDS.threeDs);
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    expect(answer.security_url).toMatch(/^http:\/\/localhost:3000\/sandbox\/3ds\/sbx_card_[0-9a-f]+$/);
    const transactionId = answer.security_url.split('/').pop() ?? '';

    const page = await kit.rpc.call(PaymentsRpc.SandboxThreeDsGet, { transactionId });
    expect(page).toEqual(expect.objectContaining({ amount: 149, formatted_amount: '€149.00', card_last4: '3220', status: 'awaiting_3ds' }));
    const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    expect(order.status).toBe('created');
    // The attempt reads back as TypeORM loads the entity.
    const attempt = await new PaymentAttemptsRepository(kit.db).findByProviderRef('sandbox', transactionId);
    expect(attempt).toStrictEqual(await kit.db.getRepository(PaymentAttemptEntity).findOneBy({ provider: 'sandbox', providerRef: transactionId }));
    expect(attempt).toEqual(expect.objectContaining({ orderId: order.id, method: 'mangopay', amountCents: 14900, status: 'pending' }));

    const approved = await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
    expect(approved.redirect_url).toBe(`http://localhost:3000/payment-gateway/mango-pay-callback/${order.id}?transactionId=${transactionId}`);
    const redirect = await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: order.id, transactionId });
    expect(redirect).toEqual({ status: 'paid', redirect_url: `/payment/success/${order.id}`, order_id: order.id });
    expect((await kit.orderRow(order.id)).status).toBe('payed');
  });

  it('sends the browser back to the payment page, the card chosen again, with "3-D Secure verification failed" when 3-D Secure fails', async () => {
    const shopper = await kit.shopper([[PRODUCTS.partM, 1]]);
    const answer = await payByCard(shopper, CARDS.threeDs);
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    const transactionId = answer.security_url.split('/').pop() ?? '';
    const { redirect_url } = await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'fail' });
    const orderId = new URL(redirect_url ?? '').pathname.split('/').pop() ?? '';
    const redirect = await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId });
    expect(redirect).toEqual({
      status: 'failed',
      redirect_url: '/cart/credentials?payment_error=payment.three_ds_failed&payment_method=mangopay',
      order_id: orderId,
      error: { code: 'payment.three_ds_failed', message: '3-D Secure verification failed. Try again or use another card.' },
    });
    expect((await kit.orderRow(orderId)).status).toBe('created');
    // The buyer tries again at once: a new challenge for the same order, which approving pays.
    const again = await payByCard(shopper, CARDS.threeDs);
    if (!('security_url' in again)) throw new Error('expected 3-D Secure');
    const retried = again.security_url.split('/').pop() ?? '';
    expect(retried).not.toBe(transactionId);
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId: retried, outcome: 'approve' });
    expect((await kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId: retried })).status).toBe('paid');
    expect((await kit.orderRow(orderId)).status).toBe('payed');
  });

  it('says "canceled" when the buyer cancels the 3-D Secure step', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module1, 1]]);
    const answer = await payByCard(shopper, CARDS.threeDs);
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    const transactionId = answer.security_url.split('/').pop() ?? '';
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'cancel' });
    const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    const redirect = await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: order.id, transactionId });
    expect(redirect.error).toEqual({ code: 'payment.canceled', message: PaymentMessages.canceled });
  });

  it('never trusts the callback: an unknown transaction, another order or an unfinished 3-D Secure give "error checking payment details"', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 3]]);
    const answer = await payByCard(shopper, CARDS.threeDs);
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    const transactionId = answer.security_url.split('/').pop() ?? '';
    const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    const checking = { code: 'payment.checking_failed', message: PaymentMessages.checkingFailed };

    expect((await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: order.id, transactionId })).error).toEqual(checking);
    expect((await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: order.id, transactionId: 'sbx_card_forged' })).error).toEqual(checking);
    const other = await kit.shopper([[PRODUCTS.module1, 1]]);
    const otherOrder = await kit.as(other).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    expect((await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: otherOrder.id, transactionId })).error).toEqual(checking);
    expect((await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: 'garbage', transactionId })).error).toEqual(checking);
    expect((await kit.orderRow(order.id)).status).toBe('created');
    expect((await kit.orderRow(otherOrder.id)).status).toBe('created');
  });

  it('refuses a declined card with "Your card was declined" and what to do, and leaves the order payable', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
    const error = await rejection(payByCard(shopper, CARDS.declined));
    expect(error).toEqual(
      expect.objectContaining({ status: 422, code: 'payment.card_declined', message: 'Your card was declined. Try another card or another payment method.' }),
    );
    const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    expect(order.status).toBe('created');
    // A second try with another card pays the same order (no second order, no second voucher use).
    const retry = await payByCard(shopper, CARDS.success);
    expect('success' in retry && retry.cart_id).toBe(order.id);
  });

  it('answers 502 "try later" when the provider fails', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
    const error = await rejection(payByCard(shopper, CARDS.processingError));
    expect(error).toEqual(expect.objectContaining({ status: 502, message: PaymentMessages.processingFailed }));
  });

  it('validates the card form (checksum, expiry, CVC) with the spec form-invalid message, before any order is placed', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
    const error = await rejection(
      payByCard(shopper, CARDS.success, { number: '4242 4242 4242 4241', expiration_month: '13', expiration_year: '2020', cvc: '1' }),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe('The form is not valid. Please fix corresponding errors to complete your payment.');
    expect(error.errors).toEqual({
      number: ['The card number is not valid.'],
      expiration_month: ['The expiration month must be between 1 and 12.'],
      expiration_year: ['The card has expired.'],
      cvc: ['The CVC must be 3 or 4 digits.'],
    });
    expect((await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data).toEqual([]);
  });

  it('refuses to pay an order twice, or a canceled one', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module1, 2]]);
    const answer = await payByCard(shopper);
    if (!('success' in answer)) throw new Error('expected a processed payment');
    const again = await rejection(kit.as(shopper).call(PaymentsRpc.PayByCard, { orderId: answer.cart_id, ...cardForm() }));
    expect(again).toEqual(expect.objectContaining({ status: 409, code: 'order.already_paid' }));

    const other = await kit.shopper([[PRODUCTS.module1, 1]]);
    const order = await kit.as(other).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    await kit.as(other).call(PaymentsRpc.CancelOrder, { orderId: order.id });
    const canceled = await rejection(kit.as(other).call(PaymentsRpc.PayByCard, { orderId: order.id, ...cardForm() }));
    expect(canceled).toEqual(expect.objectContaining({ status: 409, code: 'order.canceled' }));
  });

  it('marks a payment taken after the order was canceled as refund due (refunds.e2e-spec.ts follows the refund), and tells the browser "canceled"', async () => {
    const shopper = await kit.shopper([[PRODUCTS.part145, 2]]);
    const answer = await payByCard(shopper, CARDS.threeDs);
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    const transactionId = answer.security_url.split('/').pop() ?? '';
    const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
    await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: order.id });
    // Cancelling the order cancels its pending attempt with it.
    const [pending] = await kit.db.query('SELECT status FROM payments.payment_attempts WHERE provider_ref = $1', [transactionId]);
    expect(pending.status).toBe('canceled');
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
    const redirect = await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: order.id, transactionId });
    expect(redirect.error?.code).toBe('payment.canceled');
    const [attempt] = await kit.db.query('SELECT status FROM payments.payment_attempts WHERE provider_ref = $1', [transactionId]);
    // Its refund job may already have run.
    expect(['refund_due', 'refunded']).toContain(attempt.status);
    expect(await kit.outboxPaidEvents(order.id)).toEqual([]);
  });

  it('applies a provider webhook after verifying it, once, even when the browser never comes back', async () => {
    const shopper = await kit.shopper([[PRODUCTS.partM, 2]]);
    const answer = await payByCard(shopper, CARDS.threeDs);
    if (!('security_url' in answer)) throw new Error('expected 3-D Secure');
    const transactionId = answer.security_url.split('/').pop() ?? '';
    const forged = await kit.rpc.call(PaymentsRpc.ProviderWebhook, { source: 'card', payload: { EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: transactionId } });
    expect(forged.order_status).toBe('created');
    await kit.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: 'approve' });
    const hooks = await Promise.all(
      [1, 2, 3].map(() =>
        kit.rpc.call(PaymentsRpc.ProviderWebhook, { source: 'card', payload: { EventType: 'PAYIN_NORMAL_SUCCEEDED', RessourceId: transactionId } }),
      ),
    );
    expect(hooks.map((h) => h.order_status)).toEqual(['payed', 'payed', 'payed']);
    const orderId = hooks[0].order_id ?? '';
    expect(await kit.outboxPaidEvents(orderId)).toHaveLength(1);
    expect((await kit.rpc.call(PaymentsRpc.ProviderWebhook, { source: 'card', payload: { RessourceId: 'unknown' } })).handled).toBe(false);
  });

  it('pays a free order through the card route without calling the provider', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
    const answer = await payByCard(shopper);
    if (!('success' in answer)) throw new Error('expected a processed payment');
    const redirect = await kit.rpc.call(PaymentsRpc.CardCallback, { orderId: answer.cart_id, transactionId: answer.transaction_id });
    expect(redirect.status).toBe('paid');
    expect(await kit.orderRow(answer.cart_id)).toEqual(expect.objectContaining({ status: 'payed', payment_kind: 'free' }));
    await waitFor(async () => (await kit.outboxPaidEvents(answer.cart_id)).length === 1, { what: 'order.paid' });
  });
});
