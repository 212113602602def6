import {
  PaymentRoutes,
  paymentRoute,
  type PaymentErrorCode,
  type PaymentRedirect,
  type PaymentTarget,
  type PayPalCaptureAnswer,
  type PayPalCreateOrderAnswer,
  type RedirectAnswer,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import type { PaymentAttemptEntity } from '../attempts/payment-attempt.entity.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { ProviderUnavailableError } from '../providers/payment-provider.js';
import { PaymentErrors, rethrowAttemptRefused } from './payment.errors.js';
import { failedRedirect, paidRedirect } from './payment-redirects.js';
import { ProviderPayments } from './provider-payments.js';

/**
 * PayPal and PayPal credit. The buttons (paypal_credit) create the PayPal order and capture it
 * after approval; plain PayPal redirects to the approval page, which returns to our return route
 * where the capture happens. A capture is idempotent (PayPal-Request-Id = our attempt) and the
 * order becomes paid once, whoever captures first.
 */
@Injectable()
export class PayPalPaymentsService extends ProviderPayments {
  /** `POST /pay-pal-payment-gateway/create-order`: `{ result: { id } }`. */
  async createOrder(ctx: RequestContext, request: PaymentTarget, method: 'paypal_credit' | 'paypal'): Promise<PayPalCreateOrderAnswer> {
    const order = await this.targets.resolve(ctx, request, method);
    this.targets.assertPayable(order);
    if (order.finalCents === 0) throw PaymentErrors.freeOrder();
    const start = await this.attempts
      .begin({ orderId: order.id, method, provider: this.provider.paypalProvider, amountCents: order.finalCents })
      .catch(rethrowAttemptRefused);
    if (!start.started) {
      // Another submission of this order already made the PayPal order: the buyer approves that one.
      const approveUrl = (start.pending.details as { approveUrl?: string } | null)?.approveUrl;
      if (!start.pending.providerRef) throw PaymentErrors.inProgress();
      return { result: { id: start.pending.providerRef, approve_url: approveUrl ?? null } };
    }
    const { attemptId } = start;
    const base = this.config.PUBLIC_BASE_URL.replace(/\/$/, '');
    const created = await this.createAtProvider('PayPal', { attemptId, orderId: order.id }, () =>
      this.provider.paypal.createOrder({
        idempotencyKey: attemptId,
        orderId: order.id,
        reference: order.reference,
        amountCents: order.finalCents,
        description: `AeroMaint Academy order ${order.reference}`,
        flow: method === 'paypal' ? 'redirect' : 'buttons',
        returnUrl: `${base}${PaymentRoutes.paypalReturn}`,
        cancelUrl: `${base}${PaymentRoutes.paypalCancel}`,
      }),
    );
    await this.attempts.setProviderRef(attemptId, created.paypalOrderId, created.approveUrl ? { approveUrl: created.approveUrl } : null, {
      awaitingBuyer: true,
    });
    return { result: { id: created.paypalOrderId, approve_url: created.approveUrl } };
  }

  /** Plain PayPal: `redirect_url` to the approval page (a free order completes at once). */
  async pay(ctx: RequestContext, request: PaymentTarget): Promise<RedirectAnswer> {
    const order = await this.targets.resolve(ctx, request, 'paypal');
    if (order.finalCents === 0) {
      await this.free.complete(order);
      return { redirect_url: paymentRoute('successPage', { orderId: order.id }) };
    }
    const { result } = await this.createOrder(ctx, { orderId: order.id }, 'paypal');
    if (!result.approve_url) throw PaymentErrors.providerUnavailable();
    return { redirect_url: result.approve_url };
  }

  /** `POST /pay-pal-payment-gateway/capture-payment/{orderID}`: a PayPal order of the acting user. */
  async capture(ctx: RequestContext, paypalOrderId: string): Promise<PayPalCaptureAnswer> {
    const attempt = await this.attemptOf(paypalOrderId, ctx.actor?.userId);
    const outcome = await this.captureAttempt(attempt);
    if (outcome.declined) return { result: { details: [outcome.declined], success_redirect_url: null } };
    return { result: { details: [], success_redirect_url: paymentRoute('successPage', { orderId: attempt.orderId }) } };
  }

  /** `GET /pay-pal-payment-gateway/return|cancel?token=`: back from PayPal's page. */
  async returnFromPayPal(paypalOrderId: string, canceled: boolean): Promise<PaymentRedirect> {
    let attempt: PaymentAttemptEntity;
    try {
      attempt = await this.attemptOf(paypalOrderId);
    } catch {
      return failedRedirect(null, 'payment.checking_failed', 'paypal');
    }
    // Back on the payment page, PayPal is chosen again: the buyer retries at once, or picks another method.
    const method = attempt.method === 'paypal_credit' ? 'paypal_credit' : 'paypal';
    if (canceled) {
      await this.attempts.apply(attempt.id, 'cancel', 'canceled on PayPal');
      return failedRedirect(attempt.orderId, 'payment.canceled', method);
    }
    try {
      const outcome = await this.captureAttempt(attempt);
      // PayPal refused the funding instrument: the payment page says so and what to do. The PayPal
      // order waits for a new approval, which paying with PayPal again opens (the same order).
      if (outcome.declined) return failedRedirect(attempt.orderId, 'payment.instrument_declined', method);
      return paidRedirect(attempt.orderId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return failedRedirect(attempt.orderId, redirectCodeOf(error), method);
    }
  }

  /**
   * Captures the attempt's PayPal order unless our order is already paid (then there is nothing
   * to take) or canceled; a completed capture pays the order once.
   */
  async captureAttempt(attempt: PaymentAttemptEntity): Promise<{ declined?: { issue: string; description: string } }> {
    const order = await this.orders.find(attempt.orderId);
    if (!order) throw OrderErrors.notFound();
    if (order.status === 'payed') return {};
    if (order.status === 'canceled') throw PaymentErrors.canceled();
    // A PayPal order replaced by a later submission (or canceled on PayPal) is never captured:
    // its money would only have to be refunded.
    if (attempt.status === 'canceled') throw PaymentErrors.canceled();
    let result;
    try {
      result = await this.provider.paypal.captureOrder(attempt.providerRef ?? '', attempt.id);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      this.infra.logger.warn({ err: error, attemptId: attempt.id }, 'PayPal capture unavailable');
      throw PaymentErrors.providerUnavailable();
    }
    if (result.status === 'declined') return { declined: { issue: result.issue, description: result.description } };
    if (result.status === 'failed') {
      await this.attempts.apply(attempt.id, 'fail', result.reason);
      throw PaymentErrors.processingFailed();
    }
    if (result.amountCents !== attempt.amountCents || result.currency !== 'EUR') {
      this.infra.logger.error({ attemptId: attempt.id, expected: attempt.amountCents, got: result.amountCents }, 'PayPal capture amount mismatch');
      throw PaymentErrors.checkingFailed();
    }
    const outcome = await this.completion.settle(attempt, result.captureId);
    if (outcome === 'order_canceled') throw PaymentErrors.canceled();
    return {};
  }

  /** The attempt behind a PayPal order id (only the buyer's own, when a user is given). */
  async attemptOf(paypalOrderId: string, userId?: string): Promise<PaymentAttemptEntity> {
    const attempt = paypalOrderId ? await this.attempts.findByProviderRef(this.provider.paypalProvider, paypalOrderId) : null;
    if (!attempt) throw PaymentErrors.unknownPayPalOrder();
    if (userId !== undefined) {
      const order = await this.orders.find(attempt.orderId);
      if (order?.userId !== userId) throw PaymentErrors.unknownPayPalOrder();
    }
    return attempt;
  }
}

/** The payment error a refused capture shows on the payment page. */
function redirectCodeOf(error: DomainError): PaymentErrorCode {
  if (error.code === 'payment.canceled' || error.code === 'order.canceled') return 'payment.canceled';
  if (error.code === 'payment.checking_failed') return 'payment.checking_failed';
  return 'payment.processing_failed';
}
