import { type PaymentTarget, type RedirectAnswer, paymentRoute } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { PaymentCompletion } from '../attempts/payment-completion.service.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { PaymentTargets } from './payment-targets.js';

/** Orders whose final total is 0 (e.g. with FREE100) complete without any provider. */
@Injectable()
export class FreeOrdersService {
  constructor(
    private readonly targets: PaymentTargets,
    private readonly completion: PaymentCompletion,
  ) {}

  /** The free route: `redirect_url` to the success page. 422 `order.not_free` when it costs something. */
  async pay(ctx: RequestContext, request: PaymentTarget): Promise<RedirectAnswer> {
    const order = await this.targets.resolve(ctx, request, 'free');
    await this.complete(order);
    return { redirect_url: paymentRoute('successPage', { orderId: order.id }) };
  }

  /** Pays a zero-total order; answers the attempt that paid it (also when it already was). */
  async complete(order: OrderEntity): Promise<string> {
    if (order.finalCents !== 0) throw OrderErrors.notFree();
    if (order.status === 'canceled') throw OrderErrors.alreadyCanceled();
    return (await this.completion.payInternally(order.id, 'free', 0)).attemptId;
  }
}
