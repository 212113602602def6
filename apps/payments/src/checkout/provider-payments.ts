import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { PaymentAttemptsRepository } from '../attempts/payment-attempts.repository.js';
import { PaymentCompletion } from '../attempts/payment-completion.service.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import { PAYMENT_PROVIDER, ProviderUnavailableError, type PaymentProvider } from '../providers/payment-provider.js';
import { FreeOrdersService } from './free-orders.service.js';
import { PaymentErrors } from './payment.errors.js';
import { PaymentTargets } from './payment-targets.js';

/**
 * A payment through an outside provider (card, PayPal): what it works with, and the step every
 * such payment starts with. Nest reads the constructor's dependencies from here for both.
 */
@Injectable()
export abstract class ProviderPayments {
  constructor(
    protected readonly targets: PaymentTargets,
    protected readonly attempts: PaymentAttemptsRepository,
    protected readonly orders: OrdersRepository,
    protected readonly completion: PaymentCompletion,
    protected readonly free: FreeOrdersService,
    protected readonly infra: ServiceInfra,
    @Inject(PAYMENT_PROVIDER) protected readonly provider: PaymentProvider,
    @Inject(PAYMENTS_CONFIG) protected readonly config: PaymentsConfig,
  ) {}

  /**
   * Asks the provider (`what`, for the log) to create the payment of a new attempt. A provider
   * that cannot be reached fails the attempt, so the buyer may try again at once, and the buyer
   * is told to try later.
   */
  protected async createAtProvider<T>(what: string, attempt: { attemptId: string; orderId: string }, create: () => Promise<T>): Promise<T> {
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      this.infra.logger.warn({ err: error, orderId: attempt.orderId }, `${what} unavailable`);
      await this.attempts.apply(attempt.attemptId, 'fail', error.message);
      throw PaymentErrors.providerUnavailable();
    }
  }
}
