import { OrderPaidEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ownerKey } from './cart.service.js';

/**
 * When an order is paid: its voucher use becomes final, the buyer now has a paid order
 * (first-order-only vouchers), and the purchased products leave the buyer's cart.
 * Runs once per event (inbox) inside the consumer's transaction.
 */
@Injectable()
export class OrderPaidHandlers implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: 'catalog-cart.order-paid',
      event: OrderPaidEvent,
      handle: async ({ data }, manager) => {
        await manager.query(
          `UPDATE catalog_cart.voucher_redemptions SET status = 'consumed', updated_at = now()
            WHERE order_id = $1 AND status <> 'consumed'`,
          [data.orderId],
        );
        const userId = data.buyer.userId;
        if (!userId) return;
        await manager.query(
          `INSERT INTO catalog_cart.paid_customers (user_id, first_paid_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
          [userId, data.paidAt],
        );
        const key = ownerKey({ sessionId: '', userId });
        await manager.query(
          `DELETE FROM catalog_cart.cart_lines l USING catalog_cart.carts c
            WHERE c.id = l.cart_id AND c.owner_key = $1 AND l.product_id = ANY($2::int[])`,
          [key, data.lines.map((l) => l.productId)],
        );
        if (data.voucherCode) {
          await manager.query(
            `UPDATE catalog_cart.carts SET voucher_code = NULL WHERE owner_key = $1 AND voucher_code = $2`,
            [key, data.voucherCode],
          );
        }
      },
    });
  }
}
