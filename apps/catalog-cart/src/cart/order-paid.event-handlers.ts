import { OrderBankWireChosenEvent, OrderPaidEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ownerKey } from './cart-owner.js';

/**
 * The order's products (`$2`, product ids) and its voucher (`$3`) leave the cart of `$1` (an
 * owner key, or null for no signed-in buyer), and the cart's version goes up: a snapshot taken
 * before can no longer be placed as a new order. Two CTEs, to be followed by a final statement.
 */
const CHECKED_OUT_OF_CART = `purchased AS (
    DELETE FROM catalog_cart.cart_lines l USING catalog_cart.carts c
     WHERE c.id = l.cart_id AND c.owner_key = $1 AND l.product_id = ANY($2::int[])
  ), checked_out AS (
    UPDATE catalog_cart.carts SET voucher_code = CASE WHEN voucher_code = $3 THEN NULL ELSE voucher_code END,
           version = version + 1, updated_at = now()
     WHERE owner_key = $1
  )`;

/**
 * When an order is paid: its voucher use becomes final, the buyer now has a paid order
 * (first-order-only vouchers), and the purchased products (and the order's voucher) leave the
 * buyer's cart. When the buyer chooses bank wire, the products leave the cart at once (the
 * voucher use stays reserved for the order until the transfer arrives or the order expires).
 * Each runs once per event (inbox) inside the consumer's transaction.
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
        // One statement for the writes: none reads what another writes, so sharing one snapshot
        // changes nothing, and they commit together with the inbox row. Without a signed-in
        // buyer ($1 and $4 null) only the voucher use is consumed; without a voucher ($3 null)
        // the cart keeps whatever voucher it has.
        await manager.query(
          `WITH ${CHECKED_OUT_OF_CART}, consumed AS (
             UPDATE catalog_cart.voucher_redemptions SET status = 'consumed', updated_at = now()
              WHERE order_id = $5 AND status <> 'consumed'
           )
           INSERT INTO catalog_cart.paid_customers (user_id, first_paid_at)
           SELECT $4::text, $6::timestamptz WHERE $4::text IS NOT NULL
           ON CONFLICT (user_id) DO NOTHING`,
          [
            userId ? ownerKey({ sessionId: '', userId }) : null,
            data.lines.map((l) => l.productId),
            data.voucherCode,
            userId,
            data.orderId,
            data.paidAt,
          ],
        );
      },
    });

    this.consumers.register({
      consumer: 'catalog-cart.order-bank-wire-chosen',
      event: OrderBankWireChosenEvent,
      concurrency: 4,
      handle: async ({ data }, manager) => {
        if (!data.buyer.userId) return;
        await manager.query(`WITH ${CHECKED_OUT_OF_CART} SELECT 1`, [
          ownerKey({ sessionId: '', userId: data.buyer.userId }),
          data.lines.map((l) => l.productId),
          data.voucherCode,
        ]);
      },
    });
  }
}
