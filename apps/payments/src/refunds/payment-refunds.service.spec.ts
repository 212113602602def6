import type { PaymentKind } from '@aero/contracts';
import type { ServiceInfra } from '@aero/backend-runtime';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AttemptProvider, AttemptStatus } from '../attempts/attempt-state.js';
import { PaymentAttemptEntity } from '../attempts/payment-attempt.entity.js';
import type { PaymentAttemptsRepository } from '../attempts/payment-attempts.repository.js';
import { ProviderUnavailableError, type PaymentProvider, type RefundRequest, type RefundResult } from '../providers/payment-provider.js';
import { PaymentRefunds } from './payment-refunds.service.js';

/** The attempts as PaymentRefunds sees them through the repository, in memory. */
class MemoryAttempts {
  readonly rows = new Map<string, PaymentAttemptEntity>();

  add(values: { method: PaymentKind; provider: AttemptProvider; status?: AttemptStatus; capturedRef?: string | null }): PaymentAttemptEntity {
    const attempt = Object.assign(new PaymentAttemptEntity(), {
      id: `attempt-${this.rows.size + 1}`,
      orderId: 'order-1',
      method: values.method,
      provider: values.provider,
      providerRef: 'provider-ref',
      amountCents: 12990,
      status: values.status ?? 'refund_due',
      capturedRef: values.capturedRef === undefined ? 'captured-1' : values.capturedRef,
      refundRef: null,
      failure: 'order already paid by another payment',
      details: null,
    });
    this.rows.set(attempt.id, attempt);
    return attempt;
  }

  findForRefund(id: string): Promise<PaymentAttemptEntity | null> {
    const row = this.rows.get(id);
    return Promise.resolve(row ? { ...row } : null);
  }

  markRefunded(id: string, refundRef: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (row?.status !== 'refund_due') return Promise.resolve(false);
    Object.assign(row, { status: 'refunded', refundRef });
    return Promise.resolve(true);
  }

  recordRefundFailure(id: string, failure: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (row?.status !== 'refund_due') return Promise.resolve(false);
    row.failure = failure;
    return Promise.resolve(true);
  }
}

describe('PaymentRefunds (the refund job)', () => {
  let attempts: MemoryAttempts;
  let cardRefund: jest.Mock<(request: RefundRequest) => Promise<RefundResult>>;
  let paypalRefund: jest.Mock<(request: RefundRequest) => Promise<RefundResult>>;
  let errors: unknown[];
  let refunds: PaymentRefunds;

  beforeEach(() => {
    attempts = new MemoryAttempts();
    cardRefund = jest.fn(() => Promise.resolve<RefundResult>({ status: 'refunded', refundId: 'card-refund-1' }));
    paypalRefund = jest.fn(() => Promise.resolve<RefundResult>({ status: 'refunded', refundId: 'paypal-refund-1' }));
    errors = [];
    const provider = {
      mode: 'live',
      cardProvider: 'mangopay',
      paypalProvider: 'paypal',
      card: { refund: cardRefund },
      paypal: { refund: paypalRefund },
    } as unknown as PaymentProvider;
    const logger = { info: () => undefined, error: (...args: unknown[]) => errors.push(args) };
    refunds = new PaymentRefunds(attempts as unknown as PaymentAttemptsRepository, { logger } as unknown as ServiceInfra, provider);
  });

  it('refunds a refund_due card payment at the card provider, keyed by the attempt, for the captured money and amount', async () => {
    const attempt = attempts.add({ method: 'mangopay', provider: 'mangopay' });
    expect(await refunds.refund(attempt.id)).toBe('refunded');
    expect(cardRefund).toHaveBeenCalledWith({ idempotencyKey: attempt.id, capturedRef: 'captured-1', amountCents: 12990 });
    expect(attempts.rows.get(attempt.id)).toEqual(expect.objectContaining({ status: 'refunded', refundRef: 'card-refund-1' }));
    expect(paypalRefund).not.toHaveBeenCalled();
  });

  it('refunds PayPal and PayPal credit payments at PayPal', async () => {
    const paypal = attempts.add({ method: 'paypal', provider: 'paypal' });
    const credit = attempts.add({ method: 'paypal_credit', provider: 'paypal' });
    expect(await refunds.refund(paypal.id)).toBe('refunded');
    expect(await refunds.refund(credit.id)).toBe('refunded');
    expect(paypalRefund).toHaveBeenCalledTimes(2);
    expect(cardRefund).not.toHaveBeenCalled();
  });

  it('does nothing for an attempt already refunded, or not refund_due, or unknown', async () => {
    const done = attempts.add({ method: 'mangopay', provider: 'mangopay', status: 'refunded' });
    const pending = attempts.add({ method: 'mangopay', provider: 'mangopay', status: 'pending' });
    expect(await refunds.refund(done.id)).toBe('already_refunded');
    expect(await refunds.refund(pending.id)).toBe('not_due');
    expect(await refunds.refund('unknown')).toBe('not_due');
    expect(cardRefund).not.toHaveBeenCalled();
  });

  it('answers already_refunded when a concurrent run marked the attempt first', async () => {
    const attempt = attempts.add({ method: 'mangopay', provider: 'mangopay' });
    cardRefund.mockImplementation(async () => {
      await attempts.markRefunded(attempt.id, 'card-refund-1');
      return { status: 'refunded', refundId: 'card-refund-1' };
    });
    expect(await refunds.refund(attempt.id)).toBe('already_refunded');
    expect(errors).toEqual([]);
  });

  it('leaves a refused refund refund_due with the refusal recorded, and logs an error for an operator', async () => {
    const attempt = attempts.add({ method: 'mangopay', provider: 'mangopay' });
    cardRefund.mockResolvedValue({ status: 'refused', reason: 'The pay-in is disputed.' });
    expect(await refunds.refund(attempt.id)).toBe('refused');
    expect(attempts.rows.get(attempt.id)).toEqual(
      expect.objectContaining({ status: 'refund_due', failure: 'refund refused by mangopay: The pay-in is disputed.', refundRef: null }),
    );
    expect(errors).toHaveLength(1);
  });

  it('lets a provider that cannot be reached fail the run (the job retries); after the last try the failure is recorded', async () => {
    const attempt = attempts.add({ method: 'paypal', provider: 'paypal' });
    const unavailable = new ProviderUnavailableError('paypal', 'POST /v2/payments/captures/captured-1/refund answered 503');
    paypalRefund.mockRejectedValue(unavailable);
    await expect(refunds.refund(attempt.id)).rejects.toBe(unavailable);
    expect(attempts.rows.get(attempt.id)).toEqual(expect.objectContaining({ status: 'refund_due', failure: 'order already paid by another payment' }));
    expect(errors).toEqual([]);

    await refunds.giveUp(attempt.id, unavailable);
    expect(attempts.rows.get(attempt.id)?.failure).toBe(`refund not done after every retry, provider unreachable: ${unavailable.message}`);
    expect(errors).toHaveLength(1);
  });

  it('records any other failure of the last try too, so nothing is left refund_due without a reason', async () => {
    const attempt = attempts.add({ method: 'paypal', provider: 'paypal' });
    await refunds.giveUp(attempt.id, new Error('connection to the database lost'));
    expect(attempts.rows.get(attempt.id)?.failure).toBe('refund not done after every retry, connection to the database lost');
    expect(errors).toHaveLength(1);
  });

  it('refuses what no active provider can give back: a bank transfer, a payment taken by another provider, money not recorded', async () => {
    const wire = attempts.add({ method: 'bankwire', provider: 'internal' });
    const sandboxCard = attempts.add({ method: 'mangopay', provider: 'sandbox' });
    const unrecorded = attempts.add({ method: 'paypal', provider: 'paypal', capturedRef: null });
    expect(await refunds.refund(wire.id)).toBe('refused');
    expect(await refunds.refund(sandboxCard.id)).toBe('refused');
    expect(await refunds.refund(unrecorded.id)).toBe('refused');
    expect([wire, sandboxCard, unrecorded].map((a) => attempts.rows.get(a.id)?.failure)).toEqual([
      'a bank transfer is sent back by an operator',
      'card payment taken by sandbox, but the card provider is now mangopay',
      'the money taken was not recorded (no captured_ref)',
    ]);
    expect(cardRefund).not.toHaveBeenCalled();
    expect(paypalRefund).not.toHaveBeenCalled();
    expect(errors).toHaveLength(3);
  });
});
