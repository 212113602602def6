import type { PaymentKind, PaymentTarget } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { Inject, Injectable } from '@nestjs/common';
import { text } from '../common/input.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { OrdersService } from '../orders/orders.service.js';
import { methodEnabled, PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';

/**
 * Finds the order a pay request is about: an order already placed (`orderId`), or the buyer's
 * cart placed now with the method of the route (`place`). Only the buyer's own orders.
 */
@Injectable()
export class PaymentTargets {
  constructor(
    private readonly orders: OrdersService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async resolve(target: PaymentTarget, method: PaymentKind): Promise<OrderEntity> {
    if (method !== 'free' && !methodEnabled(this.config, method)) throw OrderErrors.methodUnavailable();
    const userId = text(target?.userId, 200);
    if (!userId) throw OrderErrors.invalidBuyer('userId');
    if (target.orderId !== undefined) return this.orders.loadForBuyer(target.orderId, userId);
    if (!target.place) throw DomainError.field('orderId', 'The order is required.');
    if (target.place.buyer?.userId !== userId) throw OrderErrors.invalidBuyer('userId');
    return this.orders.placeOrder({ ...target.place, method });
  }

  /** Refuses an order that can no longer be paid (the 409s the page shows). */
  assertPayable(order: OrderEntity): void {
    if (order.status === 'payed') throw OrderErrors.alreadyPaid();
    if (order.status === 'canceled') throw OrderErrors.alreadyCanceled();
  }
}
