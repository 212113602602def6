import type { ProductType } from '@aero/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One line of an order (`order_id` references payments.orders), priced in cents when the order was placed. */
@Entity({ schema: 'payments', name: 'order_lines' })
export class OrderLineEntity {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId: string;

  @PrimaryColumn('integer')
  position: number;

  @Column('integer', { name: 'product_id' })
  productId: number;

  @Column('text', { name: 'product_type' })
  productType: ProductType;

  @Column('text')
  name: string;

  @Column('integer')
  quantity: number;

  @Column('integer', { name: 'program_id', nullable: true })
  programId: number | null;

  @Column('integer', { name: 'unit_price_cents' })
  unitPriceCents: number;

  @Column('integer', { name: 'unit_discount_cents' })
  unitDiscountCents: number;

  @Column('integer', { name: 'total_cents' })
  totalCents: number;
}
