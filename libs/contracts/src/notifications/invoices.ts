import { PDF_CONTENT_TYPE, type PdfDocumentDto } from './pdf-documents.js';

/*
 * Invoices of paid orders (issue 4: "an order confirmation e-mail with an invoice PDF"; the
 * orders screen's "PDF invoice"). Notifications issues one invoice per paid order when it
 * handles `order.paid`, numbered per calendar year without gaps (`AM-INV-2026-000001`), and
 * attaches its PDF to the order confirmation e-mail. Money is integer cents in EUR.
 */

/** The content type of every invoice document. */
export const INVOICE_CONTENT_TYPE = PDF_CONTENT_TYPE;

/** At most this many orders per `InvoiceRpc.ForOrders` request (a page of the orders screen is 10 to 50). */
export const INVOICES_FOR_ORDERS_MAX = 100;

/** Error codes of the invoice RPCs (stable for clients; the message may be reworded). */
export const InvoiceErrorCode = {
  NotFound: 'notifications.invoice_not_found',
  Validation: 'validation_failed',
} as const;

/** Messages of the invoice RPCs. */
export const InvoiceMessages = {
  /** 404: no invoice for that order, or the order is not the actor's (the two are not told apart). */
  notFound: 'Invoice not found.',
  /** 422 under `orderIds` of `InvoiceRpc.ForOrders`. */
  tooManyOrders: `At most ${INVOICES_FOR_ORDERS_MAX} orders can be asked for at a time.`,
} as const;

/**
 * The invoice document: the same bytes as the PDF attached to the order confirmation e-mail; its
 * `filename` is `invoice-<number>.pdf`, e.g. `invoice-AM-INV-2026-000001.pdf`.
 */
export type InvoicePdfDto = PdfDocumentDto;

/** One issued invoice, as the orders screen links it. */
export interface InvoiceSummaryDto {
  order_id: string;
  /** e.g. `AM-INV-2026-000001`. */
  number: string;
  /** The issue date (the payment time), ISO 8601 UTC. */
  issued_at: string;
}

export interface InvoicesForOrdersResponse {
  /** The actor's invoiced orders among those asked for, in the order they were asked for. */
  data: InvoiceSummaryDto[];
}
