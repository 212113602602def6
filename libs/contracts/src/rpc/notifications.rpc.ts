import type { AnnouncementDto } from '../notifications/announcements.js';
import type { ContactRequestForm } from '../notifications/contact-requests.js';
import type {
  InvoicePdfDto,
  InvoicePdfRequest,
  InvoicesForOrdersRequest,
  InvoicesForOrdersResponse,
} from '../notifications/invoices.js';
import type { BonusPopupDto } from '../notifications/newsletters.js';
import { defineRpc } from './rpc-definition.js';

/*
 * RPCs of the notifications service (newsletter subscriptions and the bonus popup,
 * announcements, classroom-training contact requests, invoices of paid orders).
 *
 * Identity rule (as for accounts): `actorId` is the signed-in user's id taken by the gateway
 * from its session, never a value from the request body. Failures arrive as `RemoteError`
 * payloads `{ code, message, status, errors? }`: 422 with `errors` for form errors, 403 when
 * the actor lacks the capability, 503 when the captcha provider cannot be reached.
 */

// --- Newsletters ----------------------------------------------------------------------------

export interface NewsletterSubscribeRequest {
  actorId: string;
  /** The signed-in user's address (the gateway reads it with `AccountsRpc.GetUser`). */
  email: string;
}

export interface NewsletterActorRequest {
  actorId: string;
}

/**
 * Newsletter subscriptions per user and the subscription bonus popup. The subscription also
 * follows `user.newsletter_consent_changed` (opt_in 1 subscribes, 0 unsubscribes).
 */
export const NewsletterRpc = {
  /** Subscribes the actor (again is fine). Answers `NewsletterMessages.subscribed`. */
  Subscribe: defineRpc<NewsletterSubscribeRequest, { message: string }>('notifications.newsletters.subscribe'),
  /** Whether to show the subscription bonus popup: not subscribed and not seen yet. */
  BonusPopup: defineRpc<NewsletterActorRequest, BonusPopupDto>('notifications.newsletters.bonus-popup'),
  /** The popup was shown (spec: "It is marked as seen when shown"); it is not shown again. */
  MarkBonusPopupSeen: defineRpc<NewsletterActorRequest, { message: string }>('notifications.newsletters.mark-bonus-popup-seen'),
} as const;

// --- Announcements --------------------------------------------------------------------------

/** Publishing needs `announcements.manage` of the acting user (the request context's actor). */
export interface PublishAnnouncementRequest {
  message?: unknown;
  class?: unknown;
}

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

export interface SubmitContactRequest extends ContactRequestForm {
  /** The signed-in user, when there is one (the form is public). */
  actorId?: string | null;
  /** The client's address, passed on to the captcha provider. */
  remoteIp?: string | null;
}

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
 * confirmation e-mail. Only the buyer (`actorId` = the order's buyer) gets an invoice.
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
