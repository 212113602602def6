import { type PaymentTarget, type RedirectAnswer, paymentRoute } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { PaymentCompletion } from '../attempts/payment-completion.service.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { WalletService } from '../wallet/wallet.service.js';
import { buysWalletFunds } from '../wallet/wallet-rules.js';
import { FreeOrdersService } from './free-orders.service.js';
import { PaymentTargets } from './payment-targets.js';

/**
 * Paying with the wallet: in ONE transaction the account row is locked, the order becomes paid,
 * and the debit is written after checking the balance. Two payments from the same wallet queue on
 * the lock; the second sees what the first left and is refused if it is not enough.
 */
@Injectable()
export class WalletPaymentsService {
  constructor(
    private readonly targets: PaymentTargets,
    private readonly completion: PaymentCompletion,
    private readonly wallet: WalletService,
    private readonly free: FreeOrdersService,
  ) {}

  async pay(ctx: RequestContext, request: PaymentTarget): Promise<RedirectAnswer> {
    const order = await this.targets.resolve(ctx, request, 'wallet');
    const success = { redirect_url: paymentRoute('successPage', { orderId: order.id }) };
    if (buysWalletFunds(order.lines)) throw OrderErrors.walletWithWallet();
    if (order.status === 'payed') return success;
    this.targets.assertPayable(order);
    if (order.finalCents === 0) {
      await this.free.complete(order);
      return success;
    }
    await this.completion.payInternally(order.id, 'wallet', order.finalCents, {
      beforePay: (manager) => this.wallet.lockAccount(manager, order.userId),
      afterPay: (manager) => this.wallet.debitForOrder(manager, order.userId, order.id, order.finalCents, order.reference),
    });
    return success;
  }
}
