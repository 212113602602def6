import type { BillingSnapshot, OrderCancelReason, OrderStatus, PaymentKind } from '@aero/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OrderLineEntity } from './order-line.entity.js';

/**
 * Whether the order holds a use of its voucher in catalog-cart: `reserving` while the request is
 * in flight (it may have been taken even if the answer is lost, so a cancel releases it too).
 */
export type VoucherState = 'none' | 'reserving' | 'reserved' | 'released';

/**
 * An order: a priced cart snapshot with its buyer, billing snapshot and status. Money is integer
 * cents. Status changes only through the transitions of `order-state.ts`.
 */
@Entity({ schema: 'payments', name: 'orders' })
export class OrderEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  reference: string;

  @Column('text')
  status: OrderStatus;

  @Column('text', { name: 'payment_kind' })
  paymentKind: PaymentKind;

  @Column('text', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'buyer_email' })
  buyerEmail: string;

  @Column('text', { name: 'buyer_name' })
  buyerName: string;

  @Column('text', { name: 'company_id', nullable: true })
  companyId: string | null;

  @Column('jsonb', { nullable: true })
  billing: BillingSnapshot | null;

  @Column('integer', { name: 'before_discount_cents' })
  beforeDiscountCents: number;

  @Column('integer', { name: 'discount_cents' })
  discountCents: number;

  @Column('integer', { name: 'with_discount_cents' })
  withDiscountCents: number;

  @Column('integer', { name: 'voucher_discount_cents' })
  voucherDiscountCents: number;

  @Column('integer', { name: 'final_cents' })
  finalCents: number;

  @Column('text', { name: 'voucher_code', nullable: true })
  voucherCode: string | null;

  @Column('text', { name: 'voucher_state', default: 'none' })
  voucherState: VoucherState;

  /** `<cart id>:<version>` of the cart it was placed from: one order per cart version (until canceled). */
  @Column('text', { name: 'cart_key', nullable: true })
  cartKey: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('timestamptz', { name: 'paid_at', nullable: true })
  paidAt: Date | null;

  @Column('uuid', { name: 'paid_by_attempt_id', nullable: true })
  paidByAttemptId: string | null;

  @Column('timestamptz', { name: 'canceled_at', nullable: true })
  canceledAt: Date | null;

  @Column('text', { name: 'cancel_reason', nullable: true })
  cancelReason: OrderCancelReason | null;

  /**
   * The order's lines. Not a TypeORM relation: orders are read with their lines in one query
   * (order-row.ts) and written by SQL, so the two entities need not know each other.
   */
  lines: OrderLineEntity[];
}
