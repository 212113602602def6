import { OrderBankWireChosenEvent, OrderPaidEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ownerKey } from './cart-owner.js';

/**
 * What the cart of `$1` (an owner key, or null for no signed-in buyer) held of the order when it
 * was placed (`$4`) leaves it: the lines of the order's products (`$2`, product ids) and its
 * voucher (`$3`), unless the buyer set them since (added again, quantity changed, voucher applied
 * again: they are the buyer's next purchase). Times compare to the millisecond, the precision of
 * the event's times. When something left, the cart's version goes up: a snapshot taken before can
 * no longer be placed as a new order; a cart that lost nothing keeps its version, so a submission
 * of it still finds the order placed for it. Two CTEs, to be followed by a final statement.
 */
const CHECKED_OUT_OF_CART = `purchased AS (
    DELETE FROM catalog_cart.cart_lines l USING catalog_cart.carts c
     WHERE c.id = l.cart_id AND c.owner_key = $1 AND l.product_id = ANY($2::int[])
       AND date_trunc('milliseconds', l.changed_at) <= $4::timestamptz
    RETURNING l.cart_id
  ), checked_out AS (
    UPDATE catalog_cart.carts SET voucher_code = CASE WHEN voucher_code = $3 AND date_trunc('milliseconds', voucher_set_at) <= $4::timestamptz
             THEN NULL ELSE voucher_code END,
           version = version + 1, updated_at = now()
     WHERE owner_key = $1
       AND (id IN (SELECT cart_id FROM purchased) OR (voucher_code = $3 AND date_trunc('milliseconds', voucher_set_at) <= $4::timestamptz))
  )`;

/**
 * When an order is paid: its voucher use becomes final, the buyer now has a paid order
 * (first-order-only vouchers), and the purchased products (and the order's voucher) leave the
 * buyer's cart, as far as they were in it when the order was placed. When the buyer chooses bank
 * wire, the products leave the cart at once, as far as they were in it at that choice (the
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
        // One statement for the writes: the purchased lines and the cart are read by no other
        // part, so sharing one snapshot changes nothing, and they commit together with the inbox
        // row. Without a signed-in buyer ($1 and $5 null) only the voucher use is consumed;
        // without a voucher ($3 null) the cart keeps whatever voucher it has. An event without
        // its placing time (an older producer) stands for the cart as it was when paid.
        await manager.query(
          `WITH ${CHECKED_OUT_OF_CART}, consumed AS (
             UPDATE catalog_cart.voucher_redemptions SET status = 'consumed', updated_at = now()
              WHERE order_id = $6 AND status <> 'consumed'
           )
           INSERT INTO catalog_cart.paid_customers (user_id, first_paid_at)
           SELECT $5::text, $7::timestamptz WHERE $5::text IS NOT NULL
           ON CONFLICT (user_id) DO NOTHING`,
          [
            userId ? ownerKey({ sessionId: '', userId }) : null,
            data.lines.map((l) => l.productId),
            data.voucherCode,
            data.placedAt ?? data.paidAt,
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
      handle: async ({ data, occurredAt }, manager) => {
        if (!data.buyer.userId) return;
        // The event is written when the buyer chooses bank wire, right after placing the order.
        await manager.query(`WITH ${CHECKED_OUT_OF_CART} SELECT 1`, [
          ownerKey({ sessionId: '', userId: data.buyer.userId }),
          data.lines.map((l) => l.productId),
          data.voucherCode,
          occurredAt,
        ]);
      },
    });
  }
}
