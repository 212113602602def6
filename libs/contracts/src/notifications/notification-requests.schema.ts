import { z } from 'zod';
import { formField, isGiven, lookupField, type FieldCheck, type RequestOf } from '../common/form-schema.js';
import type { TicketDto } from '../sharing/sharing.js';
import { ANNOUNCEMENT_CLASSES, ANNOUNCEMENT_MESSAGE_MAX, isAnnouncementClass } from './announcements.js';
import type { ContactRequestForm } from './contact-requests.js';
import { contactRequestSchema } from './contact-request.schema.js';
import { INVOICES_FOR_ORDERS_MAX, InvoiceMessages } from './invoices.js';

/** Only the first broken check speaks (each one assumes the ones before it passed). */
function firstOf(checks: FieldCheck[]): FieldCheck[] {
  return checks.map((check, index) => ({
    message: check.message,
    breaks: (value) => check.breaks(value) && !checks.slice(0, index).some((before) => before.breaks(value)),
  }));
}

const messageText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * `POST /api/admin/announcements` (shop §2, §4): the banner's text and look, as the notifications
 * service reads them: the message required, text, at most 1000 characters (trimmed); the class
 * one of info, success, warning or danger.
 */
export const publishAnnouncementBodySchema = z.object({
  message: formField<string, string>(
    firstOf([
      { message: 'The message must be text.', breaks: (value) => value !== undefined && value !== null && typeof value !== 'string' },
      { message: 'The message is required.', breaks: (value) => !messageText(value) },
      { message: `The message must have up to ${ANNOUNCEMENT_MESSAGE_MAX} characters.`, breaks: (value) => messageText(value).length > ANNOUNCEMENT_MESSAGE_MAX },
    ]),
    messageText,
    { type: 'string', example: 'Scheduled maintenance on Sunday 02:00-04:00 UTC.', maxLength: ANNOUNCEMENT_MESSAGE_MAX, required: true },
  ),
  class: formField<(typeof ANNOUNCEMENT_CLASSES)[number], string>(
    firstOf([
      { message: 'The class is required.', breaks: (value) => !isGiven(value) },
      { message: `The class must be one of ${ANNOUNCEMENT_CLASSES.join(', ')}.`, breaks: (value) => !isAnnouncementClass(value) },
    ]),
    (value) => value as (typeof ANNOUNCEMENT_CLASSES)[number],
    { type: 'string', enum: ANNOUNCEMENT_CLASSES, example: 'info', required: true },
  ),
});
export type PublishAnnouncementBody = z.input<typeof publishAnnouncementBodySchema>;
/**
 * `AnnouncementRpc.Publish`: the body as the gateway passed it, any values (the schema says what
 * is wrong with them); publishing needs `announcements.manage` of the acting user.
 */
export interface PublishAnnouncementRequest {
  message?: unknown;
  class?: unknown;
}

/**
 * `ContactRpc.Submit`: the contact form as the browser sent it (same rules as the HTTP body; the
 * service also checks that the country id names a country), and the client's address for the
 * captcha provider. Whose request it is comes from the request context (the session's user).
 */
export const contactSubmitRequestSchema = contactRequestSchema.safeExtend({
  remoteIp: z.string().nullish(),
});
export type SubmitContactRequest = ContactRequestForm & { remoteIp?: string | null };

/** `InvoiceRpc.Pdf`: the invoice document of one of the acting user's orders (only the buyer gets it). */
export const invoicePdfRequestSchema = z.object({ orderId: lookupField({ format: 'uuid' }) });
export type InvoicePdfRequest = RequestOf<typeof invoicePdfRequestSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `InvoiceRpc.ForOrders`: which of these orders of the acting user have an invoice; at most
 * `INVOICES_FOR_ORDERS_MAX` ids, read as the distinct uuids among them (lower case), in order.
 */
export const invoicesForOrdersRequestSchema = z.object({
  orderIds: formField<string[], string[]>(
    firstOf([
      { message: 'The order ids must be a list.', breaks: (value) => !Array.isArray(value) },
      { message: InvoiceMessages.tooManyOrders, breaks: (value) => (value as unknown[]).length > INVOICES_FOR_ORDERS_MAX },
    ]),
    (value) => [
      ...new Set(
        (value as unknown[]).filter((id): id is string => typeof id === 'string' && UUID.test(id)).map((id) => id.toLowerCase()),
      ),
    ],
    { type: 'array', description: `Order ids (uuid), at most ${INVOICES_FOR_ORDERS_MAX}` },
  ),
});
export type InvoicesForOrdersRequest = RequestOf<typeof invoicesForOrdersRequestSchema>;

export const TICKETS_PDF_MAX = 200;

/** `TicketDocumentRpc.Pdf`: the tickets sharing-organize answered their owner, and the activation page printed on each. */
export const ticketsPdfRequestSchema = z.object({
  tickets: formField<TicketDto[], TicketDto[]>(
    [
      {
        message: `Between 1 and ${TICKETS_PDF_MAX} tickets can be printed at once.`,
        breaks: (value) => !Array.isArray(value) || value.length === 0 || value.length > TICKETS_PDF_MAX,
      },
    ],
    (value) => value as TicketDto[],
  ),
  /** The ticket activation page (`<site>/ticket-activation`). */
  activationUrl: lookupField(),
});
export type TicketsPdfRequest = RequestOf<typeof ticketsPdfRequestSchema>;
