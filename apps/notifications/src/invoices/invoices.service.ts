import type { RequestContext } from '@aero/backend-observability';
import {
  INVOICE_CONTENT_TYPE,
  type EventEnvelope,
  type InvoicePdfDto,
  type InvoicesForOrdersResponse,
  type OrderPaid,
} from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { MailAttachment } from '../emails/email-attachments.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import {
  invoiceDocumentOf,
  invoiceFilename,
  invoiceNumber,
  issueTimeOf,
  type InvoiceDocument,
  type InvoiceSeller,
} from './invoice-document.js';
import { InvoiceEntity } from './invoice.entity.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { InvoiceNotIssuedError, invoiceNotFound } from './invoices.errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invoice of an order as the issuing transaction sees it. */
export interface IssuedInvoice {
  number: string;
  /** False when the order already had its invoice (another event for the same order). */
  created: boolean;
}

/** What an invoice row shows, as its PDF renders it. */
export function invoiceDocumentOfRow(row: InvoiceEntity): InvoiceDocument {
  return {
    number: row.number,
    issuedAt: row.issuedAt,
    orderReference: row.orderReference,
    seller: row.seller,
    billTo: row.billTo,
    lines: row.lines,
    totals: row.totals,
    paymentKind: row.paymentKind,
    currency: row.currency,
    transactionId: row.transactionId,
  };
}

/**
 * Invoices of paid orders: one per order, numbered `<prefix>-<year>-<sequence>` without gaps
 * within a year, issued in the transaction that handles `order.paid`; the PDF is rendered from
 * the stored invoice (deterministically) and kept once rendered.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  private get seller(): InvoiceSeller {
    return {
      name: this.config.INVOICE_SELLER_NAME,
      address: this.config.INVOICE_SELLER_ADDRESS,
      vatId: this.config.INVOICE_SELLER_VAT_ID,
      vatRatePercent: this.config.INVOICE_VAT_RATE_PERCENT,
    };
  }

  /**
   * Issues the invoice of a paid order inside the caller's transaction (the inbox transaction of
   * `order.paid`), or answers the one it already has. The number comes from the year's counter
   * row, locked until that transaction ends: concurrent issuers (replicas) take turns, and a
   * transaction that rolls back gives its number back, so the numbers of a year have no gaps.
   */
  async issue(manager: EntityManager, event: Pick<EventEnvelope<OrderPaid>, 'id' | 'occurredAt' | 'data'>): Promise<IssuedInvoice> {
    const order = event.data;
    const issuedAt = issueTimeOf(order, event.occurredAt);
    const year = issuedAt.getUTCFullYear();
    // Takes the year's next number; the upsert keeps the counter row locked until the transaction ends.
    const [counter] = await manager.query<{ last_number: number }[]>(
      `INSERT INTO notifications.invoice_counters AS counter (year, last_number) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last_number = counter.last_number + 1
       RETURNING last_number`,
      [year],
    );
    const sequence = counter.last_number;
    const number = invoiceNumber(this.config.INVOICE_NUMBER_PREFIX, year, sequence);
    const document = invoiceDocumentOf(order, { number, issuedAt, seller: this.seller });
    // Adds nothing when the order has its invoice already (another event for the same order). The
    // conflict on order_id covers invoices committed since this transaction began and, waiting for
    // it, one an issuer of the same order has not committed yet, whichever year that one counts in.
    const inserted = await manager.query<{ id: string }[]>(
      `INSERT INTO notifications.invoices (id, number, year, sequence, order_id, order_reference, buyer_user_id, buyer_email,
         issued_at, seller, bill_to, lines, totals, payment_kind, currency, transaction_id, event_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12::jsonb, $13::jsonb, $14, $15, $16, $17)
       ON CONFLICT (order_id) DO NOTHING
       RETURNING id`,
      [
        randomUUID(),
        number,
        year,
        sequence,
        order.orderId,
        order.reference,
        order.buyer.userId,
        order.buyer.email,
        issuedAt,
        JSON.stringify(document.seller),
        JSON.stringify(document.billTo),
        JSON.stringify(document.lines),
        JSON.stringify(document.totals),
        document.paymentKind,
        document.currency,
        document.transactionId,
        event.id,
      ],
    );
    if (inserted.length) return { number, created: true };

    // Gives the number back: the counter row is still locked by this transaction, so no other
    // issuer has taken a number after it.
    await manager.query('UPDATE notifications.invoice_counters SET last_number = last_number - 1 WHERE year = $1', [year]);
    const [existing] = await manager.query<{ number: string }[]>('SELECT number FROM notifications.invoices WHERE order_id = $1', [order.orderId]);
    return { number: existing.number, created: false };
  }

  /** The invoice of an order together with its stored PDF (null until first rendered): one query. */
  private findWithPdfByOrder(orderId: string): Promise<InvoiceEntity | null> {
    return this.dataSource
      .getRepository(InvoiceEntity)
      .createQueryBuilder('invoice')
      .addSelect('invoice.pdf')
      .where('invoice.orderId = :orderId', { orderId })
      .getOne();
  }

  /**
   * The PDF of an invoice read by findWithPdfByOrder: the stored one, else rendered now and stored
   * (the first stored rendering wins, so every later download and resend gets exactly those bytes).
   */
  private async pdfOf(invoice: InvoiceEntity): Promise<Buffer> {
    if (invoice.pdf) return invoice.pdf;
    const rendered = await renderInvoicePdf(invoiceDocumentOfRow(invoice));
    const [stored] = await this.dataSource.query<[{ pdf: Buffer }[], number]>(
      'UPDATE notifications.invoices SET pdf = COALESCE(pdf, $2) WHERE id = $1 RETURNING pdf',
      [invoice.id, rendered],
    );
    return stored[0]?.pdf ?? rendered;
  }

  /**
   * The invoice of an order as an e-mail attachment. Throws InvoiceNotIssuedError while the
   * order has no committed invoice, so the e-mail waits for it.
   */
  async attachmentForOrder(orderId: string): Promise<MailAttachment> {
    const invoice = UUID.test(orderId) ? await this.findWithPdfByOrder(orderId) : null;
    if (!invoice) throw new InvoiceNotIssuedError(orderId);
    return { filename: invoiceFilename(invoice.number), content: await this.pdfOf(invoice), contentType: INVOICE_CONTENT_TYPE };
  }

  /** `InvoiceRpc.Pdf`: the buyer's invoice document; 404 for anyone else and for orders without one. */
  async pdfForBuyer(ctx: RequestContext, orderId: string): Promise<InvoicePdfDto> {
    if (!ctx.actor || !UUID.test(orderId)) throw invoiceNotFound();
    const invoice = await this.findWithPdfByOrder(orderId);
    if (!invoice || invoice.buyerUserId !== ctx.actor.userId) throw invoiceNotFound();
    const pdf = await this.pdfOf(invoice);
    return { filename: invoiceFilename(invoice.number), content_type: INVOICE_CONTENT_TYPE, base64: pdf.toString('base64') };
  }

  /** `InvoiceRpc.ForOrders`: the actor's invoiced orders among those asked for (distinct uuids, see the schema), in that order. */
  async forOrders(ctx: RequestContext, orderIds: string[]): Promise<InvoicesForOrdersResponse> {
    const actorId = ctx.actor?.userId;
    if (!actorId || !orderIds.length) return { data: [] };
    const rows = await this.dataSource.getRepository(InvoiceEntity).find({
      select: { orderId: true, number: true, issuedAt: true },
      where: { buyerUserId: actorId, orderId: In(orderIds) },
    });
    const byOrder = new Map(rows.map((row) => [row.orderId, row]));
    return {
      data: orderIds.flatMap((id) => {
        const row = byOrder.get(id);
        return row ? [{ order_id: row.orderId, number: row.number, issued_at: row.issuedAt.toISOString() }] : [];
      }),
    };
  }
}
