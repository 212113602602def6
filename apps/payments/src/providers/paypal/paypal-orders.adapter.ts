import { centsToDecimal, decimalToCents } from '../http/provider-http.js';
import {
  ProviderUnavailableError,
  type PayPalCaptureResult,
  type PayPalOrderCreated,
  type PayPalOrderRequest,
  type PayPalOrderStatus,
  type PayPalPort,
  type RefundRequest,
  type RefundResult,
} from '../payment-provider.js';
import type { PayPalClient } from './paypal-client.js';

interface PayPalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
}

interface PayPalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  links?: { href: string; rel: string }[];
  purchase_units?: {
    custom_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: PayPalCapture[] };
  }[];
}

interface PayPalRefund {
  id?: string;
  status?: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  status_details?: { reason?: string };
}

interface PayPalError {
  name?: string;
  message?: string;
  details?: { issue: string; description?: string }[];
}

/** PayPal Orders v2: create (intent CAPTURE), capture, read; Payments v2: refund a capture. */
export class PayPalOrdersAdapter implements PayPalPort {
  constructor(private readonly client: PayPalClient) {}

  async createOrder(request: PayPalOrderRequest): Promise<PayPalOrderCreated> {
    const body: Record<string, unknown> = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: request.orderId,
          custom_id: request.orderId,
          invoice_id: request.reference,
          description: request.description.slice(0, 127),
          amount: { currency_code: 'EUR', value: centsToDecimal(request.amountCents) },
        },
      ],
    };
    if (request.flow === 'redirect') {
      body.payment_source = {
        paypal: {
          experience_context: {
            brand_name: 'AeroMaint Academy',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: request.returnUrl,
            cancel_url: request.cancelUrl,
          },
        },
      };
    }
    const response = await this.client.post('/v2/checkout/orders', body, `${request.idempotencyKey}-create`);
    if (response.status >= 400) throw new ProviderUnavailableError('paypal', `create order: ${describe(response.body, response.status)}`);
    const order = response.body as PayPalOrder;
    const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;
    return { paypalOrderId: order.id, approveUrl: approve };
  }

  async captureOrder(paypalOrderId: string, idempotencyKey: string): Promise<PayPalCaptureResult> {
    const response = await this.client.post(
      `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
      {},
      `${idempotencyKey}-capture`,
    );
    if (response.status >= 400) {
      const error = (response.body ?? {}) as PayPalError;
      const detail = error.details?.[0];
      if (detail?.issue === 'INSTRUMENT_DECLINED') {
        return { status: 'declined', issue: detail.issue, description: detail.description ?? 'The instrument was declined.' };
      }
      if (detail?.issue === 'ORDER_ALREADY_CAPTURED') {
        const order = await this.getOrder(paypalOrderId);
        if (order?.status === 'completed' && order.captureId) {
          return { status: 'completed', captureId: order.captureId, amountCents: order.amountCents, currency: order.currency };
        }
      }
      return { status: 'failed', reason: describe(response.body, response.status) };
    }
    const order = response.body as PayPalOrder;
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (order.status !== 'COMPLETED' || !capture || capture.status !== 'COMPLETED') {
      return { status: 'failed', reason: `capture ${capture?.status ?? 'missing'} (order ${order.status})` };
    }
    return {
      status: 'completed',
      captureId: capture.id,
      amountCents: decimalToCents(capture.amount?.value),
      currency: capture.amount?.currency_code ?? 'EUR',
    };
  }

  async getOrder(paypalOrderId: string): Promise<PayPalOrderStatus | null> {
    const response = await this.client.get(`/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`);
    if (response.status === 404) return null;
    if (response.status >= 400) throw new ProviderUnavailableError('paypal', `get order: ${describe(response.body, response.status)}`);
    const order = response.body as PayPalOrder;
    const unit = order.purchase_units?.[0];
    const status = { CREATED: 'created', SAVED: 'created', PAYER_ACTION_REQUIRED: 'created', APPROVED: 'approved', COMPLETED: 'completed', VOIDED: 'voided' } as const;
    return {
      paypalOrderId: order.id,
      status: status[order.status] ?? 'created',
      amountCents: decimalToCents(unit?.amount?.value),
      currency: unit?.amount?.currency_code ?? 'EUR',
      orderId: unit?.custom_id ?? null,
      captureId: unit?.payments?.captures?.find((c) => c.status === 'COMPLETED')?.id ?? null,
    };
  }

  /**
   * `POST /v2/payments/captures/{capture_id}/refund` for the amount; `PayPal-Request-Id`
   * (`<attemptId>-refund`) makes PayPal answer a repeated request with the first refund.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const response = await this.client.post(
      `/v2/payments/captures/${encodeURIComponent(request.capturedRef)}/refund`,
      { amount: { currency_code: 'EUR', value: centsToDecimal(request.amountCents) } },
      `${request.idempotencyKey}-refund`,
    );
    if (response.status === 429) throw new ProviderUnavailableError('paypal', 'refund: too many requests');
    if (response.status >= 400) return { status: 'refused', reason: describe(response.body, response.status) };
    const refund = (response.body ?? {}) as PayPalRefund;
    // PENDING: accepted, PayPal completes it (e.g. an eCheck still clearing).
    if (refund.id && (refund.status === 'COMPLETED' || refund.status === 'PENDING')) return { status: 'refunded', refundId: refund.id };
    if (refund.status === 'FAILED' || refund.status === 'CANCELLED') {
      return { status: 'refused', reason: `refund ${refund.status}${refund.status_details?.reason ? `: ${refund.status_details.reason}` : ''}` };
    }
    throw new ProviderUnavailableError('paypal', `refund answered status ${refund.status ?? 'missing'}`);
  }
}

function describe(body: unknown, status: number): string {
  const error = body as PayPalError | undefined;
  const issue = error?.details?.[0]?.issue;
  return [error?.name, issue, error?.message].filter(Boolean).join(': ') || `status ${status}`;
}
