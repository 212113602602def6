import type { PaymentKind, PaymentTarget } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { Inject, Injectable } from '@nestjs/common';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { OrdersService } from '../orders/orders.service.js';
import { methodEnabled, PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';

/**
 * Finds the order a pay request is about: an order already placed (`orderId`), or the session's
 * cart placed now with the method of the route (`place`). Only the acting user's own orders.
 */
@Injectable()
export class PaymentTargets {
  constructor(
    private readonly orders: OrdersService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async resolve(ctx: RequestContext, target: PaymentTarget, method: PaymentKind): Promise<OrderEntity> {
    if (method !== 'free' && !methodEnabled(this.config, method)) throw OrderErrors.methodUnavailable();
    if (!ctx.actor) throw OrderErrors.invalidBuyer('userId');
    if (target.orderId !== undefined) return this.orders.loadForBuyer(ctx, target.orderId);
    if (!target.place) throw DomainError.field('orderId', 'The order is required.');
    return this.orders.placeOrder(ctx, { billing: target.place.billing, method });
  }

  /** Refuses an order that can no longer be paid (the 409s the page shows). */
  assertPayable(order: OrderEntity): void {
    if (order.status === 'payed') throw OrderErrors.alreadyPaid();
    if (order.status === 'canceled') throw OrderErrors.alreadyCanceled();
  }
}
