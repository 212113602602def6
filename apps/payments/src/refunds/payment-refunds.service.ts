import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { PaymentAttemptEntity } from '../attempts/payment-attempt.entity.js';
import { PaymentAttemptsRepository } from '../attempts/payment-attempts.repository.js';
import { PAYMENT_PROVIDER, ProviderUnavailableError, type PaymentProvider, type RefundRequest, type RefundResult } from '../providers/payment-provider.js';

/** What one run of an attempt's refund did. */
export type RefundOutcome =
  /** The provider accepted the refund; the attempt is now refunded. */
  | 'refunded'
  /** An earlier (or concurrent) run refunded it: nothing done. */
  | 'already_refunded'
  /** The attempt is not refund_due (the transaction that would have made it so rolled back). */
  | 'not_due'
  /** It cannot be refunded automatically: it stays refund_due, the failure recorded, for an operator. */
  | 'refused';

/** Where the refund of an attempt goes: the port that took the money, or why nowhere. */
type RefundRoute = { refund: (request: RefundRequest) => Promise<RefundResult> } | { refusal: string };

/**
 * Gives back the money of a payment attempt that was taken but cannot be used (refund_due: the
 * order was paid by another attempt, or canceled before the money arrived). The provider that
 * took it refunds it with an idempotency key derived from the attempt id, so running this any
 * number of times, even concurrently, refunds once. A provider that cannot be reached throws
 * ProviderUnavailableError, for the job to retry.
 */
@Injectable()
export class PaymentRefunds {
  constructor(
    private readonly attempts: PaymentAttemptsRepository,
    private readonly infra: ServiceInfra,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async refund(attemptId: string): Promise<RefundOutcome> {
    const attempt = await this.attempts.findForRefund(attemptId);
    if (attempt?.status === 'refunded') return 'already_refunded';
    if (attempt?.status !== 'refund_due') return 'not_due';
    const route = this.routeOf(attempt);
    if ('refusal' in route) return this.refuse(attempt, route.refusal);
    if (!attempt.capturedRef) return this.refuse(attempt, 'the money taken was not recorded (no captured_ref)');
    const result = await route.refund({ idempotencyKey: attempt.id, capturedRef: attempt.capturedRef, amountCents: attempt.amountCents });
    if (result.status === 'refused') return this.refuse(attempt, `refund refused by ${attempt.provider}: ${result.reason}`);
    if (!(await this.attempts.markRefunded(attempt.id, result.refundId))) return 'already_refunded';
    this.infra.logger.info(
      { attemptId: attempt.id, orderId: attempt.orderId, refundId: result.refundId, amountCents: attempt.amountCents },
      'payment refunded',
    );
    return 'refunded';
  }

  /**
   * The refund job's last try failed too (the provider stayed unreachable, or something else kept
   * failing): the failure is recorded on the attempt and an operator takes over.
   */
  async giveUp(attemptId: string, error: Error): Promise<void> {
    const unreachable = error instanceof ProviderUnavailableError;
    const reason = unreachable ? `provider unreachable: ${error.message}` : error.message;
    if (await this.attempts.recordRefundFailure(attemptId, `refund not done after every retry, ${reason}`)) {
      this.infra.logger.error({ err: error, attemptId }, 'refund failed after every retry; the payment stays refund_due for an operator');
    }
  }

  private routeOf(attempt: PaymentAttemptEntity): RefundRoute {
    const active = this.provider;
    switch (attempt.method) {
      case 'mangopay':
        return attempt.provider === active.cardProvider
          ? { refund: (request) => active.card.refund(request) }
          : { refusal: `card payment taken by ${attempt.provider}, but the card provider is now ${active.cardProvider}` };
      case 'paypal':
      case 'paypal_credit':
        return attempt.provider === active.paypalProvider
          ? { refund: (request) => active.paypal.refund(request) }
          : { refusal: `PayPal payment taken by ${attempt.provider}, but the PayPal provider is now ${active.paypalProvider}` };
      case 'bankwire':
        // A transfer that arrived for a canceled order: only an operator can send it back.
        return { refusal: 'a bank transfer is sent back by an operator' };
      case 'wallet':
      case 'free':
        // Internal payments are written already succeeded by the statement that pays the order:
        // they never become refund_due.
        return { refusal: `a ${attempt.method} payment is never refunded to a provider` };
    }
  }

  private async refuse(attempt: PaymentAttemptEntity, reason: string): Promise<RefundOutcome> {
    if (await this.attempts.recordRefundFailure(attempt.id, reason)) {
      this.infra.logger.error(
        { attemptId: attempt.id, orderId: attempt.orderId, method: attempt.method, amountCents: attempt.amountCents, reason },
        'payment cannot be refunded automatically; it stays refund_due for an operator',
      );
      return 'refused';
    }
    return 'already_refunded';
  }
}
