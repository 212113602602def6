import { paymentRoute } from '@aero/contracts';
import { randomBytes } from 'node:crypto';
import type {
  PayPalCaptureResult,
  PayPalOrderCreated,
  PayPalOrderRequest,
  PayPalOrderStatus,
  PayPalPort,
  RefundRequest,
  RefundResult,
} from '../payment-provider.js';
import type { SandboxPayPalStatus, SandboxTransactionsStore } from './sandbox-transactions.store.js';

export const SANDBOX_INSTRUMENT_DECLINED =
  "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.";

/**
 * The sandbox PayPal: orders are approved (or approved with a declining instrument, or
 * canceled) on the local page `/sandbox/paypal/{orderID}`. A capture after a declining approval
 * answers INSTRUMENT_DECLINED and puts the order back to be approved again, as PayPal does.
 */
export class SandboxPayPalAdapter implements PayPalPort {
  constructor(
    private readonly store: SandboxTransactionsStore,
    private readonly publicBaseUrl: string,
  ) {}

  async createOrder(request: PayPalOrderRequest): Promise<PayPalOrderCreated> {
    const tx = await this.store.create({
      kind: 'paypal',
      idempotencyKey: request.idempotencyKey,
      orderId: request.orderId,
      amountCents: request.amountCents,
      status: 'created',
      scenario: request.flow,
      cardLast4: null,
      returnUrl: request.flow === 'redirect' ? request.returnUrl : null,
      cancelUrl: request.flow === 'redirect' ? request.cancelUrl : null,
      failure: null,
    });
    return { paypalOrderId: tx.id, approveUrl: `${this.publicBaseUrl}${paymentRoute('sandboxPayPalPage', { orderID: tx.id })}` };
  }

  async captureOrder(paypalOrderId: string): Promise<PayPalCaptureResult> {
    const captured = await this.store.transition('paypal', paypalOrderId, ['approved'], 'completed', {
      captureId: `SBXCAP${randomBytes(6).toString('hex').toUpperCase()}`,
    });
    if (captured) return { status: 'completed', captureId: captured.captureId ?? '', amountCents: captured.amountCents, currency: captured.currency };
    const declined = await this.store.transition('paypal', paypalOrderId, ['approved_declining'], 'created');
    if (declined) return { status: 'declined', issue: 'INSTRUMENT_DECLINED', description: SANDBOX_INSTRUMENT_DECLINED };
    const tx = await this.store.find('paypal', paypalOrderId);
    if (tx?.status === 'completed') {
      return { status: 'completed', captureId: tx.captureId ?? '', amountCents: tx.amountCents, currency: tx.currency };
    }
    return { status: 'failed', reason: !tx ? 'RESOURCE_NOT_FOUND' : tx.status === 'voided' ? 'ORDER_VOIDED' : 'ORDER_NOT_APPROVED' };
  }

  async getOrder(paypalOrderId: string): Promise<PayPalOrderStatus | null> {
    const tx = await this.store.find('paypal', paypalOrderId);
    if (!tx) return null;
    const status = tx.status as SandboxPayPalStatus;
    return {
      paypalOrderId: tx.id,
      status: status === 'approved_declining' ? 'approved' : status,
      amountCents: tx.amountCents,
      currency: tx.currency,
      orderId: tx.orderId,
      captureId: tx.captureId,
    };
  }

  /** Refunds a completed sandbox capture (recorded in payments.sandbox_refunds). */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const tx = await this.store.findByCaptureId(request.capturedRef);
    if (tx?.status !== 'completed') return { status: 'refused', reason: `no completed sandbox capture ${request.capturedRef}` };
    return this.store.refund(tx, request.idempotencyKey, request.amountCents);
  }
}
