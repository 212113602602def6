import { PaymentsRpc, VoucherRpc } from '@aero/contracts';
import { testKit, waitFor } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { PaymentsKit, PRODUCTS } from './support/payments-test-kit.js';

describe('order expiry', () => {
  // 0.02 minutes = 1.2 seconds to pay.
  const kit = testKit(() => PaymentsKit.start({ ORDER_EXPIRY_MINUTES: '0.02' }));

  it('cancels an order left unpaid when its time is up, and releases its voucher (ONEUSE usable again)', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]], 'ONEUSE');
    const order = await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' });
    expect(order.status).toBe('created');
    const other = await kit.shopper([[PRODUCTS.module1, 1]]);
    expect(await kit.as(other).call(VoucherRpc.Apply, { code: 'ONEUSE' }).catch(() => 'refused')).toBe('refused');

    await waitFor(async () => (await kit.orderRow(order.id)).status === 'canceled', { what: 'order expired', timeoutMs: 15_000 });
    const expired = await kit.as(shopper).call(PaymentsRpc.GetOrder, { orderId: order.id });
    expect(expired).toEqual(expect.objectContaining({ status: 'canceled', cancelReason: 'expired', expiresAt: null }));
    await waitFor(async () => (await kit.orderRow(order.id)).voucher_state === 'released', { what: 'voucher released' });
    expect((await kit.as(other).call(VoucherRpc.Apply, { code: 'ONEUSE' })).voucher_code).toBe('ONEUSE');
  });

  it('leaves a paid order alone when its expiry job runs', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module1, 1]], 'FREE100');
    const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { place: {} });
    const orderId = redirect_url.split('/').pop() ?? '';
    await waitFor(() => kit.expiryJobDone(orderId), { what: 'expiry job done', timeoutMs: 15_000 });
    expect((await kit.orderRow(orderId)).status).toBe('payed');
  });

  it('gives a bank-wire order the longer bank-wire deadline instead of the short one', async () => {
    const shopper = await kit.shopper([[PRODUCTS.part145, 1]]);
    const { redirect_url } = await kit.as(shopper).call(PaymentsRpc.PayByBankWire, { place: {} });
    const orderId = redirect_url.split('/').pop() ?? '';
    await waitFor(() => kit.expiryJobDone(orderId), { what: 'first expiry job done', timeoutMs: 15_000 });
    expect((await kit.orderRow(orderId)).status).toBe('waiting_from_payment');
  });
});
