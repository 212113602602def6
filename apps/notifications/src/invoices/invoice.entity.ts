import type { PaymentKind } from '@aero/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { InvoiceBillTo, InvoiceLine, InvoiceSeller, InvoiceTotals } from './invoice-document.js';

/**
 * The invoice of one paid order. Written once, in the transaction that handles `order.paid`,
 * and never changed afterwards except to keep its rendered PDF (`pdf`, written once too).
 */
@Entity({ schema: 'notifications', name: 'invoices' })
export class InvoiceEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** `AM-INV-2026-000001`: prefix, year, sequence. */
  @Column('text')
  number: string;

  @Column('integer')
  year: number;

  /** 1, 2, 3… within the year, without gaps. */
  @Column('integer')
  sequence: number;

  @Column('uuid', { name: 'order_id' })
  orderId: string;

  @Column('text', { name: 'order_reference' })
  orderReference: string;

  /** The buyer: the only user who may download the invoice. */
  @Column('text', { name: 'buyer_user_id', nullable: true })
  buyerUserId: string | null;

  @Column('text', { name: 'buyer_email' })
  buyerEmail: string;

  /** The payment time (UTC): the invoice date. */
  @Column('timestamptz', { name: 'issued_at' })
  issuedAt: Date;

  @Column('jsonb')
  seller: InvoiceSeller;

  @Column('jsonb', { name: 'bill_to' })
  billTo: InvoiceBillTo;

  @Column('jsonb')
  lines: InvoiceLine[];

  @Column('jsonb')
  totals: InvoiceTotals;

  @Column('text', { name: 'payment_kind' })
  paymentKind: PaymentKind;

  @Column('char', { length: 3 })
  currency: 'EUR';

  @Column('text', { name: 'transaction_id', nullable: true })
  transactionId: string | null;

  /** The `order.paid` event the invoice was issued for. */
  @Column('uuid', { name: 'event_id', nullable: true })
  eventId: string | null;

  /** The PDF as first rendered; read only when asked for. */
  @Column('bytea', { nullable: true, select: false })
  pdf: Buffer | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
