import type { BillingSnapshot, CartSnapshot, OrderBuyer, PaymentKind } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrderEntity } from './order.entity.js';
import { ORDER_LINES_JSON, toOrderEntity, type OrderRow } from './order-row.js';

export interface NewOrder {
  id: string;
  buyer: OrderBuyer;
  method: PaymentKind;
  billing: BillingSnapshot | null;
  snapshot: CartSnapshot;
  expiresInMs: number;
}

/**
 * The unique human reference of the order being inserted, from `s.seq` (a value of the order
 * reference sequence): `AM-<UTC year>-<sequence, at least 6 digits>`, e.g. AM-2026-000123.
 */
const NEW_REFERENCE = `'AM-' || EXTRACT(YEAR FROM now() AT TIME ZONE 'UTC')::int || '-' || lpad(s.seq::text, greatest(6, length(s.seq::text)), '0')`;

/**
 * Reads and inserts orders, each in one statement; status changes are conditional UPDATEs in the
 * services. Orders come back with their lines (see order-row.ts).
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The order with its lines, or null. */
  async find(id: string): Promise<OrderEntity | null> {
    const rows: OrderRow[] = await this.dataSource.query(`SELECT o.*, ${ORDER_LINES_JSON} AS lines FROM payments.orders o WHERE o.id = $1`, [id]);
    return rows[0] ? toOrderEntity(rows[0]) : null;
  }

  async findByReference(reference: string): Promise<OrderEntity | null> {
    const rows: OrderRow[] = await this.dataSource.query(
      `SELECT o.*, ${ORDER_LINES_JSON} AS lines FROM payments.orders o WHERE o.reference = $1`,
      [reference],
    );
    return rows[0] ? toOrderEntity(rows[0]) : null;
  }

  /** The buyer's orders, newest first, with their lines. */
  async listForUser(userId: string, offset: number, limit: number): Promise<{ orders: OrderEntity[]; total: number }> {
    const rows: (OrderRow & { total: number })[] = await this.dataSource.query(
      `SELECT o.*, ${ORDER_LINES_JSON} AS lines FROM (
         SELECT *, COUNT(*) OVER ()::int AS total FROM payments.orders WHERE user_id = $1
          ORDER BY created_at DESC, id ASC LIMIT $2 OFFSET $3
       ) o
       ORDER BY o.created_at DESC, o.id ASC`,
      [userId, limit, offset],
    );
    // A page past the end has no row to carry the total.
    const total = rows[0]?.total ?? (await this.countForUser(userId));
    return { orders: rows.map(toOrderEntity), total };
  }

  /**
   * Places an order in one statement. The cart version (`snapshot.cartKey`) has at most one order
   * that is not canceled (a unique index): when it has one, that order is answered instead of a
   * new one (`reused`), whatever its status, so concurrent submissions of one cart make one order.
   * An open one (status created) is switched to the new method and billing. Otherwise the order
   * (status created) and its lines are inserted, with the next reference. An order with a voucher
   * starts `reserving` it (see VoucherState). Must run in a transaction holding the buyer's
   * placement lock, so that no placement commits in between.
   */
  async placeOrReuse(manager: EntityManager, order: NewOrder): Promise<{ order: OrderEntity; reused: boolean }> {
    const { snapshot, buyer } = order;
    const lines = snapshot.lines.map((line, index) => ({
      position: index + 1,
      product_id: line.productId,
      product_type: line.productType,
      name: line.name,
      quantity: line.quantity,
      program_id: line.programId,
      unit_price_cents: line.unitPriceCents,
      unit_discount_cents: line.unitDiscountCents,
      total_cents: line.totalCents,
    }));
    // The sequence is read only when the order is inserted (a one-time filter gates its
    // subquery), so answering the existing order consumes no reference.
    const place = (): Promise<(OrderRow & { reused: boolean })[]> =>
      manager.query(
        `WITH existing AS (
           SELECT id, status FROM payments.orders WHERE cart_key = $16 AND status <> 'canceled'
         ), reused AS (
           UPDATE payments.orders o SET payment_kind = $2, billing = $7, updated_at = now()
             FROM existing WHERE o.id = existing.id AND existing.status = 'created' AND o.status = 'created'
           RETURNING o.*
         ), kept AS (
           SELECT o.* FROM payments.orders o JOIN existing ON existing.id = o.id WHERE existing.status <> 'created'
         ), inserted AS (
           INSERT INTO payments.orders (id, reference, status, payment_kind, user_id, buyer_email, buyer_name, company_id, billing,
             before_discount_cents, discount_cents, with_discount_cents, voucher_discount_cents, final_cents, voucher_code,
             voucher_state, expires_at, cart_key)
           SELECT $3, ${NEW_REFERENCE}, 'created', $2, $1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
             CASE WHEN $13::text IS NULL THEN 'none' ELSE 'reserving' END, now() + make_interval(secs => $14), $16
             FROM (SELECT nextval('payments.order_reference_seq') AS seq) s
            WHERE NOT EXISTS (SELECT 1 FROM existing)
           RETURNING *
         ), inserted_lines AS (
           INSERT INTO payments.order_lines (order_id, position, product_id, product_type, name, quantity, program_id,
             unit_price_cents, unit_discount_cents, total_cents)
           SELECT inserted.id, l.position, l.product_id, l.product_type, l.name, l.quantity, l.program_id,
             l.unit_price_cents, l.unit_discount_cents, l.total_cents
             FROM inserted, json_to_recordset($15::json) AS l(position int, product_id int, product_type text, name text,
               quantity int, program_id int, unit_price_cents int, unit_discount_cents int, total_cents int)
           RETURNING *
         )
         SELECT o.*, (SELECT json_agg(l ORDER BY l.position) FROM inserted_lines l) AS lines, false AS reused FROM inserted o
         UNION ALL
         SELECT o.*, ${ORDER_LINES_JSON} AS lines, true AS reused FROM reused o
         UNION ALL
         SELECT o.*, ${ORDER_LINES_JSON} AS lines, true AS reused FROM kept o`,
        [
          buyer.userId,
          order.method,
          order.id,
          buyer.email,
          buyer.name,
          buyer.companyId,
          order.billing,
          snapshot.totals.beforeDiscountCents,
          snapshot.totals.discountCents,
          snapshot.totals.withDiscountCents,
          snapshot.totals.voucherDiscountCents,
          snapshot.totals.finalCents,
          snapshot.voucherCode,
          order.expiresInMs / 1000,
          JSON.stringify(lines),
          snapshot.cartKey,
        ],
      );
    // The open order may be paid, canceled or expired by another request while this statement
    // runs: then it is neither answered nor replaced, and the statement runs again, seeing that.
    for (let run = 0; run < 2; run++) {
      const [row] = await place();
      if (row) return { order: toOrderEntity(row), reused: row.reused };
    }
    throw new Error(`order placement for cart ${snapshot.cartKey} found an order that kept changing`);
  }

  /**
   * Records that the order holds its voucher use (`reserving` → `reserved`) and answers the order
   * as it is then, in one statement; null when there is no such order.
   */
  async markVoucherReserved(id: string): Promise<OrderEntity | null> {
    // The outer SELECT sees the table as it was before `marked`: the row comes from `marked` when
    // it changed, from the table otherwise.
    const rows: OrderRow[] = await this.dataSource.query(
      `WITH marked AS (
         UPDATE payments.orders SET voucher_state = 'reserved', updated_at = now()
          WHERE id = $1 AND voucher_state = 'reserving'
         RETURNING *
       )
       SELECT o.*, ${ORDER_LINES_JSON} AS lines FROM (
         SELECT * FROM marked
         UNION ALL
         SELECT * FROM payments.orders WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM marked)
       ) o`,
      [id],
    );
    return rows[0] ? toOrderEntity(rows[0]) : null;
  }

  private async countForUser(userId: string): Promise<number> {
    const [row]: { total: number }[] = await this.dataSource.query('SELECT COUNT(*)::int AS total FROM payments.orders WHERE user_id = $1', [
      userId,
    ]);
    return row.total;
  }
}
