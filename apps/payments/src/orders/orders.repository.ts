import type { BillingSnapshot, CartSnapshot, OrderBuyer, PaymentKind } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEntity } from './order.entity.js';
import { orderReference } from './order-content.js';

type Queryable = EntityManager | DataSource;

export interface NewOrder {
  id: string;
  buyer: OrderBuyer;
  method: PaymentKind;
  billing: BillingSnapshot | null;
  snapshot: CartSnapshot;
  contentHash: string;
  expiresInMs: number;
}

/** Reads and inserts orders; status changes are conditional UPDATEs in the services. */
@Injectable()
export class OrdersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The order with its lines, or null. */
  find(id: string, manager: Queryable = this.dataSource): Promise<OrderEntity | null> {
    return manager.getRepository(OrderEntity).findOne({ where: { id }, relations: { lines: true } });
  }

  async findByReference(reference: string): Promise<OrderEntity | null> {
    return this.dataSource.getRepository(OrderEntity).findOne({ where: { reference }, relations: { lines: true } });
  }

  /** The buyer's orders, newest first, with their lines. */
  async listForUser(userId: string, offset: number, limit: number): Promise<{ orders: OrderEntity[]; total: number }> {
    const repo = this.dataSource.getRepository(OrderEntity);
    const [ids, total] = await repo.findAndCount({
      select: { id: true },
      where: { userId },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: offset,
      take: limit,
    });
    if (!ids.length) return { orders: [], total };
    const orders = await repo.find({
      where: ids.map(({ id }) => ({ id })),
      relations: { lines: true },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    return { orders, total };
  }

  /** An open order (status created, not expiring) with the same content, to answer instead of a new one. */
  async findReusable(manager: EntityManager, userId: string, contentHash: string): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM payments.orders
        WHERE user_id = $1 AND content_hash = $2 AND status = 'created' AND expires_at > now() + interval '1 minute'
          AND (voucher_code IS NULL OR voucher_state = 'reserved')
        ORDER BY created_at DESC LIMIT 1`,
      [userId, contentHash],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Inserts the order (status created) and its lines; the reference comes from a sequence. An
   * order with a voucher starts `reserving` it (see VoucherState).
   */
  async insert(manager: EntityManager, order: NewOrder): Promise<void> {
    const [{ seq, year }]: { seq: string; year: number }[] = await manager.query(
      `SELECT nextval('payments.order_reference_seq') AS seq, EXTRACT(YEAR FROM now() AT TIME ZONE 'UTC')::int AS year`,
    );
    const { snapshot, buyer } = order;
    await manager.query(
      `INSERT INTO payments.orders (id, reference, status, payment_kind, user_id, buyer_email, buyer_name, company_id, billing,
         before_discount_cents, discount_cents, with_discount_cents, voucher_discount_cents, final_cents, voucher_code,
         voucher_state, content_hash, expires_at)
       VALUES ($1, $2, 'created', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
         CASE WHEN $14::text IS NULL THEN 'none' ELSE 'reserving' END, $15, now() + make_interval(secs => $16))`,
      [
        order.id,
        orderReference(year, Number(seq)),
        order.method,
        buyer.userId,
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
        order.contentHash,
        order.expiresInMs / 1000,
      ],
    );
    const values: unknown[] = [];
    const rows = snapshot.lines.map((line, index) => {
      const base = values.length;
      values.push(
        order.id,
        index + 1,
        line.productId,
        line.productType,
        line.name,
        line.quantity,
        line.programId,
        line.unitPriceCents,
        line.unitDiscountCents,
        line.totalCents,
      );
      return `(${Array.from({ length: 10 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
    });
    await manager.query(
      `INSERT INTO payments.order_lines (order_id, position, product_id, product_type, name, quantity, program_id,
         unit_price_cents, unit_discount_cents, total_cents) VALUES ${rows.join(', ')}`,
      values,
    );
  }
}
