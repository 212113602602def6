import { paymentRoute, type CardPayAnswer, type cardPayRequestSchema, type PaymentRedirect } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { PaymentAttemptEntity } from '../attempts/payment-attempt.entity.js';
import { isUuid } from '../common/input.js';
import { ProviderUnavailableError, type CardDetails } from '../providers/payment-provider.js';
import { cardDetailsOf } from './card-form.js';
import { cardRefused, PaymentErrors, rethrowAttemptRefused } from './payment.errors.js';
import { failedRedirect, paidRedirect } from './payment-redirects.js';
import { ProviderPayments } from './provider-payments.js';

/** What a card attempt waiting at 3-D Secure keeps in its details. */
interface ThreeDsDetails {
  securityUrl: string;
  /** Which card (see cardKeyOf), so that only the same card continues with this challenge. */
  cardKey: string;
}

function threeDsOf(attempt: PaymentAttemptEntity): ThreeDsDetails | null {
  const details = attempt.details as Partial<ThreeDsDetails> | null;
  return details?.securityUrl && details.cardKey ? { securityUrl: details.securityUrl, cardKey: details.cardKey } : null;
}

/** A one-way key of the card (number and expiry): tells the same card again without keeping its number. */
function cardKeyOf(card: CardDetails): string {
  return createHash('sha256').update(`${card.number}|${card.expMonth}|${card.expYear}`).digest('hex').slice(0, 32);
}

/**
 * How verifying a card payment with the provider ended: paid, canceled, refused (`declined` by
 * the bank, `three_ds_failed` at the 3-D Secure step, `failed` for another reason) or unverified.
 */
export type CardVerification = 'paid' | 'canceled' | 'declined' | 'three_ds_failed' | 'failed' | 'unverified';

/**
 * Card payments (method `mangopay`): validate the form, create the payment at the card provider
 * (3-D Secure or not), and on the callback verify with the provider before the order is paid.
 */
@Injectable()
export class CardPaymentsService extends ProviderPayments {
  /** A card form that passed its checks (`cardPayRequestSchema`), for the order the request names. */
  async pay(ctx: RequestContext, request: z.output<typeof cardPayRequestSchema>): Promise<CardPayAnswer> {
    const card = cardDetailsOf(request);
    const order = await this.targets.resolve(ctx, request, 'mangopay');
    this.targets.assertPayable(order);
    if (order.finalCents === 0) {
      return { success: true, processed: true, cart_id: order.id, transaction_id: await this.free.complete(order) };
    }

    // A submission with the same card as a payment already waiting at 3-D Secure (a double
    // click, another tab) continues with that challenge; another card replaces it.
    const cardKey = cardKeyOf(card);
    const start = await this.attempts
      .begin(
        { orderId: order.id, method: 'mangopay', provider: this.provider.cardProvider, amountCents: order.finalCents },
        { continues: (pending) => threeDsOf(pending)?.cardKey === cardKey },
      )
      .catch(rethrowAttemptRefused);
    if (!start.started) return { security_url: threeDsOf(start.pending)!.securityUrl };
    const { attemptId } = start;
    const result = await this.createAtProvider('card provider', { attemptId, orderId: order.id }, () =>
      this.provider.card.createPayment({
        idempotencyKey: attemptId,
        orderId: order.id,
        reference: order.reference,
        amountCents: order.finalCents,
        card,
        buyer: { userId: order.userId, email: order.buyerEmail, name: order.buyerName },
        returnUrl: `${this.config.PUBLIC_BASE_URL.replace(/\/$/, '')}${paymentRoute('cardCallback', { cart_id: order.id })}`,
        client: request.client,
      }),
    );
    if (result.status === 'requires_action') {
      const threeDs: ThreeDsDetails = { securityUrl: result.redirectUrl, cardKey };
      await this.attempts.setProviderRef(attemptId, result.transactionId, { ...threeDs }, { awaitingBuyer: true });
      return { security_url: result.redirectUrl };
    }
    if (result.transactionId) await this.attempts.setProviderRef(attemptId, result.transactionId);
    if (result.status === 'failed') {
      await this.attempts.apply(attemptId, 'fail', result.reason);
      throw cardRefused(result.failure);
    }
    const outcome = await this.completion.settle({ id: attemptId, status: 'pending' }, result.transactionId);
    if (outcome === 'order_canceled') throw PaymentErrors.canceled();
    return { success: true, processed: true, cart_id: order.id, transaction_id: result.transactionId };
  }

  /**
   * `/payment-gateway/mango-pay-callback/{cart_id}?transactionId=`: never trusts the browser; asks
   * the provider, then pays the order (once) and says where the browser goes.
   */
  async callback(orderId: string, txId: string): Promise<PaymentRedirect> {
    if (!isUuid(orderId) || !txId) return failedRedirect(null, 'payment.checking_failed', 'mangopay');
    const attempt = await this.attempts.findByProviderRef(this.provider.cardProvider, txId);
    if (!attempt) {
      // A free order paid through the card route: its "transaction" is our own attempt.
      const order = await this.orders.find(orderId);
      if (order?.status === 'payed' && order.paidByAttemptId === txId) return paidRedirect(orderId);
      return failedRedirect(orderId, 'payment.checking_failed', 'mangopay');
    }
    if (attempt.orderId !== orderId) return failedRedirect(orderId, 'payment.checking_failed', 'mangopay');
    // Back on the payment page, the card is chosen again: the buyer retries at once.
    switch (await this.verify(attempt, txId)) {
      case 'paid':
        return paidRedirect(orderId);
      case 'canceled':
        return failedRedirect(orderId, 'payment.canceled', 'mangopay');
      case 'declined':
        return failedRedirect(orderId, 'payment.card_declined', 'mangopay');
      case 'three_ds_failed':
        return failedRedirect(orderId, 'payment.three_ds_failed', 'mangopay');
      case 'failed':
        return failedRedirect(orderId, 'payment.processing_failed', 'mangopay');
      default:
        return failedRedirect(orderId, 'payment.checking_failed', 'mangopay');
    }
  }

  /**
   * Asks the provider about the payment and applies its answer: a succeeded payment of the right
   * amount for the right order pays the order (once, whoever asks: callback, webhook).
   */
  async verify(attempt: PaymentAttemptEntity, transactionId: string): Promise<CardVerification> {
    let status;
    try {
      status = await this.provider.card.getPayment(transactionId);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      this.infra.logger.warn({ err: error, transactionId }, 'card payment could not be verified');
      return 'unverified';
    }
    if (!status || (status.orderId !== null && status.orderId !== attempt.orderId)) return 'unverified';
    switch (status.status) {
      case 'succeeded': {
        if (status.amountCents !== attempt.amountCents || status.currency !== 'EUR') {
          this.infra.logger.error({ transactionId, expected: attempt.amountCents, got: status.amountCents }, 'card payment amount mismatch');
          return 'unverified';
        }
        const outcome = await this.completion.settle(attempt, transactionId);
        return outcome === 'order_canceled' ? 'canceled' : 'paid';
      }
      case 'failed':
        await this.attempts.apply(attempt.id, 'fail', status.reason ?? 'failed at the provider');
        return status.failure === 'declined' || status.failure === 'three_ds_failed' ? status.failure : 'failed';
      case 'canceled':
        await this.attempts.apply(attempt.id, 'cancel', status.reason ?? 'canceled by the buyer');
        return 'canceled';
      default:
        return 'unverified';
    }
  }
}
