import {
  centsToEuros,
  ConfirmBankWireMessages,
  formatEuros,
  paymentRoute,
  type BankWireInstructions,
  type OrderDto,
  type PaymentTarget,
  type RedirectAnswer,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { Inject, Injectable } from '@nestjs/common';
import { PaymentAttemptsRepository } from '../attempts/payment-attempts.repository.js';
import { PaymentCompletion } from '../attempts/payment-completion.service.js';
import { isUuid } from '../common/input.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { OrdersService } from '../orders/orders.service.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import { SandboxService } from '../providers/sandbox/sandbox.service.js';
import { FreeOrdersService } from './free-orders.service.js';
import { PaymentErrors } from './payment.errors.js';
import { PaymentTargets } from './payment-targets.js';

/**
 * Bank wire: the order waits for the transfer (status waiting_from_payment) under its unique
 * reference; an operator (or the sandbox) records the money received, which pays it once.
 */
@Injectable()
export class BankWireService {
  constructor(
    private readonly targets: PaymentTargets,
    private readonly orders: OrdersService,
    private readonly repository: OrdersRepository,
    private readonly attempts: PaymentAttemptsRepository,
    private readonly completion: PaymentCompletion,
    private readonly free: FreeOrdersService,
    private readonly sandbox: SandboxService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  /** The bank-wire route: the order waits for the money; `redirect_url` = the instructions page. */
  async pay(ctx: RequestContext, request: PaymentTarget): Promise<RedirectAnswer> {
    const order = await this.targets.resolve(ctx, request, 'bankwire');
    this.targets.assertPayable(order);
    if (order.finalCents === 0) {
      await this.free.complete(order);
      return { redirect_url: paymentRoute('successPage', { orderId: order.id }) };
    }
    await this.attemptOf(order);
    await this.orders.awaitTransfer(order.id);
    return { redirect_url: paymentRoute('bankWirePage', { orderId: order.id }) };
  }

  async instructions(ctx: RequestContext, orderId: string): Promise<BankWireInstructions> {
    const order = await this.orders.loadForBuyer(ctx, orderId);
    return {
      order_id: order.id,
      reference: order.reference,
      status: order.status,
      amount: centsToEuros(order.finalCents),
      formatted_amount: formatEuros(order.finalCents),
      currency: 'EUR',
      beneficiary: this.config.BANK_WIRE_BENEFICIARY,
      iban: this.config.BANK_WIRE_IBAN,
      bic: this.config.BANK_WIRE_BIC,
      bank_name: this.config.BANK_WIRE_BANK_NAME,
      pay_before: order.status === 'waiting_from_payment' ? (order.expiresAt?.toISOString() ?? null) : null,
    };
  }

  /** Operator command: the transfer with this reference arrived. Recording it twice is harmless. */
  async confirm(ctx: RequestContext, request: { reference: string; amountCents: number }): Promise<OrderDto> {
    const operator = ctx.actor?.userId;
    if (!operator) throw DomainError.field('operator', ConfirmBankWireMessages.operatorRequired);
    return this.record({ ...request, operator });
  }

  private async record({ reference, amountCents, operator }: { reference: string; amountCents: number; operator: string }): Promise<OrderDto> {
    const order =
      (await this.repository.findByReference(reference.toUpperCase())) ?? (isUuid(reference) ? await this.repository.find(reference) : null);
    if (!order) throw OrderErrors.notFound();
    const amount = amountCents;
    if (!Number.isSafeInteger(amount) || amount < order.finalCents) throw PaymentErrors.amountShort();
    if (order.status === 'canceled') throw OrderErrors.alreadyCanceled();
    const attempt = await this.attemptOf(order);
    await this.attempts.setProviderRef(attempt.id, order.reference, { receivedCents: amount, operator, receivedAt: new Date().toISOString() });
    if (order.status === 'payed' && order.paidByAttemptId !== attempt.id) throw OrderErrors.alreadyPaid();
    const outcome = await this.completion.settle(attempt, `bank-wire:${order.reference}`);
    if (outcome === 'order_canceled') throw OrderErrors.alreadyCanceled();
    return this.orders.dto(order.id);
  }

  /** Sandbox: the full transfer of this order arrives. */
  async sandboxReceive(orderId: string): Promise<OrderDto> {
    this.sandbox.ensureActive();
    if (!isUuid(orderId)) throw OrderErrors.notFound();
    const order = await this.repository.find(orderId);
    if (!order) throw OrderErrors.notFound();
    return this.record({ reference: order.reference, amountCents: order.finalCents, operator: 'sandbox' });
  }

  /** The one bank-wire attempt of an order (keyed by the order's reference). */
  private attemptOf(order: OrderEntity) {
    return this.attempts.findOrCreate({
      orderId: order.id,
      method: 'bankwire',
      provider: 'internal',
      providerRef: order.reference,
      amountCents: order.finalCents,
    });
  }
}
