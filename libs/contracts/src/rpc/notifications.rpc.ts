import type { AnnouncementDto } from '../notifications/announcements.js';
import type { InvoicePdfDto, InvoicesForOrdersResponse } from '../notifications/invoices.js';
import type { BonusPopupDto } from '../notifications/newsletters.js';
import type {
  InvoicePdfRequest,
  InvoicesForOrdersRequest,
  PublishAnnouncementRequest,
  SubmitContactRequest,
} from '../notifications/notification-requests.schema.js';
import { defineRpc } from './rpc-definition.js';

/*
 * RPCs of the notifications service (newsletter subscriptions and the bonus popup,
 * announcements, classroom-training contact requests, invoices of paid orders).
 *
 * Who is acting is the request context's actor (the gateway reads the signed-in user), or the
 * user signed in on the client's session (the context's session) where a route reads no more than
 * that; no payload names it. Each payload is parsed with its schema of
 * `notification-requests.schema.ts`. Failures arrive as `RemoteError` payloads
 * `{ code, message, status, errors? }`: 422 with `errors` for form errors, 403 when
 * the actor lacks the capability, 503 when the captcha provider cannot be reached.
 */

// --- Newsletters ----------------------------------------------------------------------------

/**
 * Newsletter subscriptions per user and the subscription bonus popup. The subscription also
 * follows `user.newsletter_consent_changed` (opt_in 1 subscribes, 0 unsubscribes).
 */
export const NewsletterRpc = {
  /** Subscribes the acting user at their address (again is fine). Answers `NewsletterMessages.subscribed`. */
  Subscribe: defineRpc<Record<string, never>, { message: string }>('notifications.newsletters.subscribe'),
  /** Whether to show the session user the subscription bonus popup: not subscribed and not seen yet. */
  BonusPopup: defineRpc<Record<string, never>, BonusPopupDto>('notifications.newsletters.bonus-popup'),
  /** The popup was shown (spec: "It is marked as seen when shown"); it is not shown to the acting user again. */
  MarkBonusPopupSeen: defineRpc<Record<string, never>, { message: string }>('notifications.newsletters.mark-bonus-popup-seen'),
} as const;

// --- Announcements --------------------------------------------------------------------------

/** The announcement banner (spec: shop §2 dismissible announcement banner). */
export const AnnouncementRpc = {
  /** The newest published announcement, or null. */
  Current: defineRpc<Record<string, never>, { data: AnnouncementDto | null }>('notifications.announcements.current'),
  /**
   * Publishes a new announcement (it becomes the current one). Operators only: capability
   * `announcements.manage` (administrator, administrator_limited), else 403. 422 under
   * `message` (required, at most `ANNOUNCEMENT_MESSAGE_MAX` characters) and `class`
   * (info, success, warning or danger).
   */
  Publish: defineRpc<PublishAnnouncementRequest, { data: AnnouncementDto }>('notifications.announcements.publish'),
} as const;

// --- Classroom-training contact requests ----------------------------------------------------

/** The classroom-training contact form (spec: shop §2, §5). */
export const ContactRpc = {
  /**
   * Validates the form (422 `ContactMessages.formInvalid` with errors under the form's field
   * names), verifies the captcha token, stores the request and e-mails it to the sales address
   * once. Answers `ContactMessages.thanks`.
   */
  Submit: defineRpc<SubmitContactRequest, { message: string }>('notifications.contact-requests.submit'),
} as const;

// --- Invoices -------------------------------------------------------------------------------

/**
 * Invoices of paid orders. Notifications issues one per order when it handles `order.paid`
 * (number `AM-INV-<year>-<000001>`, gap-free per year) and attaches its PDF to the order
 * confirmation e-mail. Only the buyer (the acting user is the order's buyer) gets an invoice.
 */
export const InvoiceRpc = {
  /**
   * The invoice PDF of one of the actor's orders: the same bytes as the e-mail attachment.
   * 404 `InvoiceMessages.notFound` for another user's order, an unpaid or unknown order, or an
   * id that is not a uuid.
   */
  Pdf: defineRpc<InvoicePdfRequest, InvoicePdfDto>('notifications.invoices.pdf'),
  /**
   * Which of these orders of the actor have an invoice (the orders screen shows the PDF link for
   * those). 422 under `orderIds` when more than `INVOICES_FOR_ORDERS_MAX` are asked for.
   */
  ForOrders: defineRpc<InvoicesForOrdersRequest, InvoicesForOrdersResponse>('notifications.invoices.for-orders'),
} as const;
