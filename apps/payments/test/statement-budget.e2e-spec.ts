import { testKit } from '@aero/backend-testing';
import { PaymentsRpc } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { cardForm, PaymentsKit, PRODUCTS } from './support/payments-test-kit.js';
import { withStatements } from './support/statement-log.js';

/**
 * Each SQL statement is a round trip that costs CPU in payments, in Postgres and in the kernel;
 * on the order paths that cost, not the work of the statements, bounds the throughput. These are
 * the statements payments sends (the outbox relay's publishing transaction aside).
 */
describe('statements per order on the hot paths', () => {
  const kit = testKit(() => PaymentsKit.start());

  it('places an order with FREE100 and completes it in at most 9 statements', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]], 'FREE100');
    const { statements } = await withStatements(kit.db, () =>
      kit.as(shopper).call(PaymentsRpc.CompleteFreeOrder, { place: {} }),
    );
    // Placing: START, the buyer's placement lock, the order with its lines, COMMIT; after the
    // voucher reservation, its mark with the read of the order. Paying: START, the payment with
    // its attempt, order.paid in the outbox, COMMIT.
    expect(statements.length).toBeLessThanOrEqual(9);
  });

  it('pays by card in at most 11 statements, and the callback that verifies the payment takes at most 2', async () => {
    const shopper = await kit.shopper([[PRODUCTS.module7, 1]]);
    const { result: answer, statements: pay } = await withStatements(kit.db, () =>
      kit.as(shopper).call(PaymentsRpc.PayByCard, { place: {}, ...cardForm() }),
    );
    if (!('success' in answer)) throw new Error('expected a processed payment');
    const { cart_id: orderId, transaction_id: transactionId } = answer;
    // Placing (4, no voucher), the attempt, the sandbox provider's own record, the provider's id
    // on the attempt, then START, the payment, order.paid, COMMIT.
    expect(pay.length).toBeLessThanOrEqual(11);

    const { result: redirect, statements: callback } = await withStatements(kit.db, () =>
      kit.rpc.call(PaymentsRpc.CardCallback, { orderId, transactionId }),
    );
    // The attempt, and the sandbox provider's answer; the attempt already succeeded, so it paid the order.
    expect(callback.length).toBeLessThanOrEqual(2);
    expect(redirect.status).toBe('paid');
  });
});
