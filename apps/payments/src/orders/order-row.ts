import type { BillingSnapshot, OrderCancelReason, OrderStatus, PaymentKind, ProductType } from '@aero/contracts';
import { entityFromRow } from '../common/sql.js';
import { OrderLineEntity } from './order-line.entity.js';
import { OrderEntity, type VoucherState } from './order.entity.js';

/**
 * The lines of the order row `o`, as one JSON array ordered by position. Selected next to `o.*`,
 * an order and its lines come back in one round trip (TypeORM's relation loading takes two: a
 * DISTINCT over the join, then the rows).
 */
export const ORDER_LINES_JSON = '(SELECT json_agg(l ORDER BY l.position) FROM payments.order_lines l WHERE l.order_id = o.id)';

/** A `payments.order_lines` row, as `json_agg` renders it. */
export interface OrderLineRow {
  order_id: string;
  position: number;
  product_id: number;
  product_type: ProductType;
  name: string;
  quantity: number;
  program_id: number | null;
  unit_price_cents: number;
  unit_discount_cents: number;
  total_cents: number;
}

/** A `payments.orders` row (`o.*`) with its `lines` (see ORDER_LINES_JSON). */
export interface OrderRow {
  id: string;
  reference: string;
  status: OrderStatus;
  payment_kind: PaymentKind;
  user_id: string;
  buyer_email: string;
  buyer_name: string;
  company_id: string | null;
  billing: BillingSnapshot | null;
  before_discount_cents: number;
  discount_cents: number;
  with_discount_cents: number;
  voucher_discount_cents: number;
  final_cents: number;
  voucher_code: string | null;
  voucher_state: VoucherState;
  cart_key: string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date | null;
  paid_at: Date | null;
  paid_by_attempt_id: string | null;
  canceled_at: Date | null;
  cancel_reason: OrderCancelReason | null;
  lines: OrderLineRow[] | null;
}

/** The order entity of a row read with ORDER_LINES_JSON (the shape TypeORM's `relations: { lines: true }` gives). */
export function toOrderEntity(row: OrderRow): OrderEntity {
  return Object.assign(entityFromRow(OrderEntity, row), { lines: (row.lines ?? []).map((line) => entityFromRow(OrderLineEntity, line)) });
}
