import {
  centsToEuros,
  formatEuros,
  type SandboxPayPalDecideRequest,
  type SandboxPayPalView,
  type SandboxRedirect,
  type SandboxThreeDsCompleteRequest,
  type SandboxThreeDsView,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { Inject, Injectable } from '@nestjs/common';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../../payments.config.js';
import type { SandboxCardStatus, SandboxPayPalStatus } from './sandbox-transactions.store.js';
import { SandboxTransactionsStore } from './sandbox-transactions.store.js';

const THREE_DS_TARGET = { approve: 'succeeded', fail: 'failed', cancel: 'canceled' } as const satisfies Record<string, SandboxCardStatus>;
const PAYPAL_DECISION = {
  approve: { from: ['created', 'approved', 'approved_declining'], to: 'approved' },
  instrument_declined: { from: ['created', 'approved', 'approved_declining'], to: 'approved_declining' },
  cancel: { from: ['created', 'approved', 'approved_declining'], to: 'voided' },
} as const satisfies Record<string, { from: SandboxPayPalStatus[]; to: SandboxPayPalStatus }>;

/**
 * The buyer's side of the sandbox provider: its 3-D Secure page and its PayPal approval page
 * (served by the web app, data and actions through these RPCs). Only when PAYMENT_PROVIDER=sandbox.
 */
@Injectable()
export class SandboxService {
  constructor(
    private readonly store: SandboxTransactionsStore,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async threeDs(transactionId: string): Promise<SandboxThreeDsView> {
    const tx = await this.card(transactionId);
    return {
      transaction_id: tx.id,
      amount: centsToEuros(tx.amountCents),
      formatted_amount: formatEuros(tx.amountCents),
      card_last4: tx.cardLast4 ?? '',
      status: tx.status as SandboxThreeDsView['status'],
      merchant: 'AeroMaint Academy',
    };
  }

  /** Approve, fail or cancel the challenge; the browser then goes to the shop's card callback. */
  async completeThreeDs(request: SandboxThreeDsCompleteRequest): Promise<SandboxRedirect> {
    const tx = await this.card(request.transactionId);
    const target = THREE_DS_TARGET[request.outcome];
    await this.store.transition('card', tx.id, ['awaiting_3ds'], target);
    return { redirect_url: tx.returnUrl ? withQuery(tx.returnUrl, { transactionId: tx.id }) : null };
  }

  async payPal(paypalOrderId: string): Promise<SandboxPayPalView> {
    const tx = await this.paypalOrder(paypalOrderId);
    return {
      id: tx.id,
      amount: centsToEuros(tx.amountCents),
      formatted_amount: formatEuros(tx.amountCents),
      status: tx.status as SandboxPayPalStatus,
      redirects: tx.returnUrl !== null,
    };
  }

  /** Approve (possibly with a declining instrument) or cancel; where the browser goes next. */
  async decidePayPal(request: SandboxPayPalDecideRequest): Promise<SandboxRedirect> {
    const tx = await this.paypalOrder(request.paypalOrderId);
    const decision = PAYPAL_DECISION[request.outcome];
    const changed = await this.store.transition('paypal', tx.id, decision.from, decision.to);
    if (!changed) throw new DomainError('sandbox.paypal_closed', 'This PayPal order is already completed or canceled.', 409);
    if (request.outcome === 'cancel') return { redirect_url: tx.cancelUrl ? withQuery(tx.cancelUrl, { token: tx.id }) : null };
    return { redirect_url: tx.returnUrl ? withQuery(tx.returnUrl, { token: tx.id, PayerID: 'SANDBOXPAYER' }) : null };
  }

  private async card(id: string) {
    this.ensureActive();
    const tx = await this.store.find('card', id);
    if (!tx) throw DomainError.notFound('Unknown sandbox transaction.', 'sandbox.not_found');
    return tx;
  }

  private async paypalOrder(id: string) {
    this.ensureActive();
    const tx = await this.store.find('paypal', id);
    if (!tx) throw DomainError.notFound('Unknown sandbox PayPal order.', 'sandbox.not_found');
    return tx;
  }

  ensureActive(): void {
    if (this.config.PAYMENT_PROVIDER !== 'sandbox') throw DomainError.notFound('The sandbox provider is not active.', 'sandbox.inactive');
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
}
