import { InvoiceErrorCode, InvoiceMessages } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';

/** 404 of the invoice RPCs: no invoice for that order, or not the actor's (never told apart). */
export function invoiceNotFound(): DomainError {
  return new DomainError(InvoiceErrorCode.NotFound, InvoiceMessages.notFound, 404);
}

/**
 * The e-mail worker asked for the invoice of an order before it was committed (the job of an
 * order confirmation started before, or without, the transaction that issues the invoice). A
 * plain error on purpose: the e-mail job retries later, by then the event's redelivery has
 * issued the invoice.
 */
export class InvoiceNotIssuedError extends Error {
  constructor(readonly orderId: string) {
    super(`The invoice of order ${orderId} is not issued yet`);
    this.name = 'InvoiceNotIssuedError';
  }
}
