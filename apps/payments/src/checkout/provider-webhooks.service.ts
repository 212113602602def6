import { trimmedTextOf, type ProviderWebhookAnswer, type providerWebhookRequestSchema } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { PaymentAttemptsRepository } from '../attempts/payment-attempts.repository.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { PAYMENT_PROVIDER, ProviderUnavailableError, type PaymentProvider } from '../providers/payment-provider.js';
import { CardPaymentsService } from './card-payments.service.js';
import { PayPalPaymentsService } from './paypal-payments.service.js';

/**
 * Provider notifications. Their content is never trusted: only the resource id is read, the
 * payment is fetched from the provider, and the result is applied through the same exactly-once
 * path as the browser's callback or capture (a hook racing the browser changes nothing twice).
 */
@Injectable()
export class ProviderWebhooksService {
  constructor(
    private readonly attempts: PaymentAttemptsRepository,
    private readonly orders: OrdersRepository,
    private readonly card: CardPaymentsService,
    private readonly paypal: PayPalPaymentsService,
    private readonly infra: ServiceInfra,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async handle({ source, payload }: z.output<typeof providerWebhookRequestSchema>): Promise<ProviderWebhookAnswer> {
    return source === 'card' ? this.cardHook(payload) : this.payPalHook(payload);
  }

  /** Mangopay hook: `?EventType=PAYIN_NORMAL_SUCCEEDED&RessourceId=<pay-in id>&Date=…`. */
  private async cardHook(payload: Record<string, unknown>): Promise<ProviderWebhookAnswer> {
    const transactionId = trimmedTextOf(payload.RessourceId ?? payload.ResourceId ?? payload.transactionId, 200);
    const attempt = transactionId ? await this.attempts.findByProviderRef(this.provider.cardProvider, transactionId) : null;
    if (!attempt || !transactionId) return ignored();
    await this.card.verify(attempt, transactionId);
    return this.answer(attempt.orderId);
  }

  /** PayPal webhook event: CHECKOUT.ORDER.* (resource = the order) or PAYMENT.CAPTURE.* (related order id). */
  private async payPalHook(event: Record<string, unknown>): Promise<ProviderWebhookAnswer> {
    const resource = (event.resource ?? {}) as { id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } };
    const type = typeof event.event_type === 'string' ? event.event_type : '';
    const paypalOrderId = trimmedTextOf(type.startsWith('PAYMENT.CAPTURE') ? resource.supplementary_data?.related_ids?.order_id : resource.id, 100);
    const attempt = paypalOrderId ? await this.attempts.findByProviderRef(this.provider.paypalProvider, paypalOrderId) : null;
    if (!attempt || !paypalOrderId) return ignored();
    try {
      const order = await this.provider.paypal.getOrder(paypalOrderId);
      if (order && (order.status === 'approved' || order.status === 'completed')) await this.paypal.captureAttempt(attempt);
    } catch (error) {
      if (!(error instanceof DomainError) && !(error instanceof ProviderUnavailableError)) throw error;
      this.infra.logger.warn({ err: error, paypalOrderId }, 'PayPal webhook not applied');
    }
    return this.answer(attempt.orderId);
  }

  private async answer(orderId: string): Promise<ProviderWebhookAnswer> {
    const order = await this.orders.find(orderId);
    return { handled: true, order_id: orderId, order_status: order?.status ?? null };
  }
}

function ignored(): ProviderWebhookAnswer {
  return { handled: false, order_id: null, order_status: null };
}
