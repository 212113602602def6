import { testKit } from '@aero/backend-testing';
import { PaymentMessages, PaymentsRpc } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { PaymentsKit, PRODUCTS, rejection, stranger, type Shopper } from './support/payments-test-kit.js';

describe('PayPal and PayPal credit (sandbox provider)', () => {
  const kit = testKit(() => PaymentsKit.start());

  function createOrder(shopper: Shopper) {
    return kit.as(shopper).call(PaymentsRpc.PayPalCreateOrder, { place: {} });
  }

  describe('PayPal buttons (paypal_credit): create-order, approval, capture', () => {
    it('creates the PayPal order ({ result: { id } }) and, once approved, the capture pays the order', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
      const created = await createOrder(shopper);
      expect(created.result.id).toMatch(/^SBXPP[0-9A-F]{12}$/);
      expect(created.result.approve_url).toBe(`http://localhost:3000/sandbox/paypal/${created.result.id}`);
      expect(await kit.rpc.call(PaymentsRpc.SandboxPayPalGet, { paypalOrderId: created.result.id })).toEqual({
        id: created.result.id,
        amount: 199,
        formatted_amount: '€199.00',
        status: 'created',
        redirects: false,
      });

      expect(await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId: created.result.id, outcome: 'approve' })).toEqual({
        redirect_url: null,
      });
      const captured = await kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId: created.result.id });
      const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
      expect(captured).toEqual({ result: { details: [], success_redirect_url: `/payment/success/${order.id}` } });
      expect(order).toEqual(expect.objectContaining({ status: 'payed', payment_kind: 'paypal_credit' }));
      const [event] = await kit.outboxPaidEvents(order.id);
      expect(event.data.transactionId).toMatch(/^SBXCAP/);
    });

    it('answers INSTRUMENT_DECLINED in details so the buttons restart; approving again then pays', async () => {
      const shopper = await kit.shopper([[PRODUCTS.part145, 1]]);
      const { result } = await createOrder(shopper);
      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId: result.id, outcome: 'instrument_declined' });
      const declined = await kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId: result.id });
      expect(declined.result.success_redirect_url).toBeNull();
      expect(declined.result.details).toEqual([{ issue: 'INSTRUMENT_DECLINED', description: expect.stringContaining('declined') }]);
      const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
      expect(order.status).toBe('created');

      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId: result.id, outcome: 'approve' });
      const paid = await kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId: result.id });
      expect(paid.result.success_redirect_url).toBe(`/payment/success/${order.id}`);
    });

    it('refuses a capture before approval with "error processing payment, try later"', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]]);
      const { result } = await createOrder(shopper);
      const error = await rejection(kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId: result.id }));
      expect(error).toEqual(expect.objectContaining({ status: 422, code: 'payment.processing_failed', message: PaymentMessages.processingFailed }));
    });

    it('does not capture for a canceled order ("canceled"), nor an unknown or foreign PayPal order', async () => {
      const shopper = await kit.shopper([[PRODUCTS.partM, 1]]);
      const { result } = await createOrder(shopper);
      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId: result.id, outcome: 'approve' });
      const [order] = (await kit.as(shopper).call(PaymentsRpc.ListOrders, {})).data;
      expect((await rejection(kit.as(stranger()).call(PaymentsRpc.PayPalCapture, { paypalOrderId: result.id }))).status).toBe(404);
      await kit.as(shopper).call(PaymentsRpc.CancelOrder, { orderId: order.id });
      const canceled = await rejection(kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId: result.id }));
      expect(canceled).toEqual(expect.objectContaining({ status: 409, code: 'payment.canceled', message: PaymentMessages.canceled }));
      expect((await kit.rpc.call(PaymentsRpc.SandboxPayPalGet, { paypalOrderId: result.id })).status).toBe('approved');
      expect((await rejection(kit.rpc.call(PaymentsRpc.PayPalCapture, { paypalOrderId: 'SBXPPNOPE' }))).status).toBe(404);
    });

    it('refuses to create a PayPal order for a free order', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
      expect((await rejection(createOrder(shopper))).code).toBe('payment.free_order');
    });
  });

  describe('plain PayPal: redirect to the approval page and back', () => {
    it('answers redirect_url to the approval page, which returns to the return route where the capture pays the order', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module7, 2]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByPayPal, { place: {} });
      expect(redirect_url).toMatch(/^http:\/\/localhost:3000\/sandbox\/paypal\/SBXPP/);
      const paypalOrderId = redirect_url.split('/').pop() ?? '';

      const approved = await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'approve' });
      expect(approved.redirect_url).toBe(`http://localhost:3000/pay-pal-payment-gateway/return?token=${paypalOrderId}&PayerID=SANDBOXPAYER`);
      const back = await kit.rpc.call(PaymentsRpc.PayPalReturn, { paypalOrderId });
      expect(back.status).toBe('paid');
      expect(back.redirect_url).toBe(`/payment/success/${back.order_id}`);
      expect(await kit.orderRow(back.order_id ?? '')).toEqual(expect.objectContaining({ status: 'payed', payment_kind: 'paypal' }));
      // The browser reloading the return page changes nothing.
      expect((await kit.rpc.call(PaymentsRpc.PayPalReturn, { paypalOrderId })).status).toBe('paid');
      expect(await kit.outboxPaidEvents(back.order_id ?? '')).toHaveLength(1);
    });

    it('goes back to the payment page with "canceled" from the cancel route', async () => {
      const shopper = await kit.shopper([[PRODUCTS.module1, 3]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByPayPal, { place: {} });
      const paypalOrderId = redirect_url.split('/').pop() ?? '';
      const canceled = await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'cancel' });
      expect(canceled.redirect_url).toBe(`http://localhost:3000/pay-pal-payment-gateway/cancel?token=${paypalOrderId}`);
      const back = await kit.rpc.call(PaymentsRpc.PayPalReturn, { paypalOrderId, canceled: true });
      expect(back).toEqual(
        expect.objectContaining({
          status: 'failed',
          redirect_url: '/cart/credentials?payment_error=payment.canceled&payment_method=paypal',
          error: { code: 'payment.canceled', message: PaymentMessages.canceled },
        }),
      );
    });

    it('after INSTRUMENT_DECLINED, sends the buyer back to the payment page with PayPal chosen and what to do; PayPal again approves the same order and pays', async () => {
      const shopper = await kit.shopper([[PRODUCTS.part145, 3]]);
      const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByPayPal, { place: {} });
      const paypalOrderId = redirect_url.split('/').pop() ?? '';
      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'instrument_declined' });
      const back = await kit.rpc.call(PaymentsRpc.PayPalReturn, { paypalOrderId });
      expect(back).toEqual({
        status: 'failed',
        redirect_url: '/cart/credentials?payment_error=payment.instrument_declined&payment_method=paypal',
        order_id: expect.any(String),
        error: { code: 'payment.instrument_declined', message: 'PayPal declined the payment. Try another payment method.' },
      });
      expect((await kit.orderRow(back.order_id ?? '')).status).toBe('created');

      const retry = await kit.as(shopper).call(PaymentsRpc.PayByPayPal, { orderId: back.order_id ?? '' });
      expect(retry.redirect_url).toBe(redirect_url);
      await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: 'approve' });
      expect((await kit.rpc.call(PaymentsRpc.PayPalReturn, { paypalOrderId })).status).toBe('paid');
    });

    it('answers "error checking payment details" for a PayPal order it does not know', async () => {
      expect((await kit.rpc.call(PaymentsRpc.PayPalReturn, { paypalOrderId: 'SBXPPFORGED' })).error?.code).toBe('payment.checking_failed');
    });
  });

  it('captures once when PayPal also notifies by webhook', async () => {
    const shopper = await kit.shopper([[PRODUCTS.partM, 2]]);
    const { result } = await createOrder(shopper);
    await kit.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId: result.id, outcome: 'approve' });
    const event = { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: result.id } };
    const [hook, capture] = await Promise.all([
      kit.rpc.call(PaymentsRpc.ProviderWebhook, { source: 'paypal', payload: event }),
      kit.as(shopper).call(PaymentsRpc.PayPalCapture, { paypalOrderId: result.id }),
    ]);
    expect(hook.handled).toBe(true);
    expect(capture.result.success_redirect_url).toContain('/payment/success/');
    const captureEvent = { event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X', supplementary_data: { related_ids: { order_id: result.id } } } };
    expect((await kit.rpc.call(PaymentsRpc.ProviderWebhook, { source: 'paypal', payload: captureEvent })).order_status).toBe('payed');
    expect(await kit.outboxPaidEvents(hook.order_id ?? '')).toHaveLength(1);
  });
});
