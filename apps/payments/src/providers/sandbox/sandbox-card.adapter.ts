import { paymentRoute } from '@aero/contracts';
import {
  ProviderUnavailableError,
  type CardPaymentPort,
  type CardPaymentRequest,
  type CardPaymentResult,
  type CardPaymentStatus,
  type RefundRequest,
  type RefundResult,
} from '../payment-provider.js';
import { sandboxCardOutcome } from './sandbox-test-cards.js';
import type { SandboxCardStatus, SandboxTransaction, SandboxTransactionsStore } from './sandbox-transactions.store.js';

const INITIAL_STATUS = { success: 'succeeded', '3ds': 'awaiting_3ds', declined: 'failed' } as const satisfies Record<string, SandboxCardStatus>;

/**
 * The sandbox card provider: behaves like Mangopay for the documented test cards. A 3-D Secure
 * card answers a `security_url` to the local sandbox page; approving there sends the browser to
 * the return URL with `?transactionId=`, like Mangopay's SecureModeReturnURL.
 */
export class SandboxCardAdapter implements CardPaymentPort {
  constructor(
    private readonly store: SandboxTransactionsStore,
    private readonly publicBaseUrl: string,
  ) {}

  async createPayment(request: CardPaymentRequest): Promise<CardPaymentResult> {
    const outcome = sandboxCardOutcome(request.card.number);
    if (outcome === 'processing_error') throw new ProviderUnavailableError('sandbox', 'simulated processing error (test card)');
    const tx = await this.store.create({
      kind: 'card',
      idempotencyKey: request.idempotencyKey,
      orderId: request.orderId,
      amountCents: request.amountCents,
      status: INITIAL_STATUS[outcome],
      scenario: outcome,
      cardLast4: request.card.number.slice(-4),
      returnUrl: request.returnUrl,
      cancelUrl: null,
      failure: outcome === 'declined' ? 'Card declined (sandbox test card)' : null,
    });
    return this.result(tx);
  }

  async getPayment(transactionId: string): Promise<CardPaymentStatus | null> {
    const tx = await this.store.find('card', transactionId);
    if (!tx) return null;
    return {
      transactionId: tx.id,
      status: tx.status === 'awaiting_3ds' ? 'pending' : (tx.status as Exclude<SandboxCardStatus, 'awaiting_3ds'>),
      amountCents: tx.amountCents,
      currency: tx.currency,
      orderId: tx.orderId,
      reason: tx.failure,
      // A 3-D Secure card fails only by its challenge failing; the declined card, at its bank.
      failure: tx.status !== 'failed' ? null : tx.scenario === '3ds' ? 'three_ds_failed' : 'declined',
    };
  }

  /** Refunds a succeeded sandbox card payment (recorded in payments.sandbox_refunds). */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const tx = await this.store.find('card', request.capturedRef);
    if (tx?.status !== 'succeeded') return { status: 'refused', reason: `no succeeded sandbox card payment ${request.capturedRef}` };
    return this.store.refund(tx, request.idempotencyKey, request.amountCents);
  }

  private result(tx: SandboxTransaction): CardPaymentResult {
    switch (tx.status) {
      case 'succeeded':
        return { status: 'succeeded', transactionId: tx.id };
      case 'awaiting_3ds':
        return {
          status: 'requires_action',
          transactionId: tx.id,
          redirectUrl: `${this.publicBaseUrl}${paymentRoute('sandboxThreeDsPage', { transactionId: tx.id })}`,
        };
      default:
        return { status: 'failed', transactionId: tx.id, reason: tx.failure ?? 'declined', failure: 'declined' };
    }
  }
}
