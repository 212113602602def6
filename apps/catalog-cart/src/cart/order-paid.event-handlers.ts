import { OrderPaidEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ownerKey } from './cart.service.js';

/**
 * When an order is paid: its voucher use becomes final, the buyer now has a paid order
 * (first-order-only vouchers), and the purchased products (and the order's voucher) leave the
 * buyer's cart. Runs once per event (inbox) inside the consumer's transaction.
 */
@Injectable()
export class OrderPaidHandlers implements OnModuleInit {
  constructor(private readonly consumers: EventConsumers) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: 'catalog-cart.order-paid',
      event: OrderPaidEvent,
      // Paid orders are independent of each other. Two of the same buyer at the same moment may
      // wait on each other's rows; a deadlock then fails one, which is retried (inbox).
      concurrency: 4,
      handle: async ({ data }, manager) => {
        const userId = data.buyer.userId || null;
        // One statement for the four writes: none reads what another writes, so sharing one
        // snapshot changes nothing, and they commit together with the inbox row as before.
        // Without a signed-in buyer ($2 and $4 null) only the voucher use is consumed; without a
        // voucher ($6 null) the cart keeps whatever voucher it has.
        await manager.query(
          `WITH consumed AS (
             UPDATE catalog_cart.voucher_redemptions SET status = 'consumed', updated_at = now()
              WHERE order_id = $1 AND status <> 'consumed'
           ), customer AS (
             INSERT INTO catalog_cart.paid_customers (user_id, first_paid_at)
             SELECT $2::text, $3::timestamptz WHERE $2::text IS NOT NULL
             ON CONFLICT (user_id) DO NOTHING
           ), purchased AS (
             DELETE FROM catalog_cart.cart_lines l USING catalog_cart.carts c
              WHERE c.id = l.cart_id AND c.owner_key = $4 AND l.product_id = ANY($5::int[])
           )
           UPDATE catalog_cart.carts SET voucher_code = NULL WHERE owner_key = $4 AND voucher_code = $6`,
          [
            data.orderId,
            userId,
            data.paidAt,
            userId ? ownerKey({ sessionId: '', userId }) : null,
            data.lines.map((l) => l.productId),
            data.voucherCode,
          ],
        );
      },
    });
  }
}
