/**
 * The ports through which payments talks to payment providers. Checkout code only knows these
 * interfaces; which adapters stand behind them (the local sandbox, or Mangopay + PayPal) is
 * configuration (`PAYMENT_PROVIDER`).
 *
 * Every call that creates something at the provider carries an idempotency key derived from our
 * payment attempt id, so a retried call never charges (or refunds) twice.
 */

/** Card details after validation (see checkout/card-form.ts). */
export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export interface PaymentBuyer {
  userId: string;
  email: string;
  name: string;
}

export interface CardPaymentRequest {
  /** Our payment attempt id: the idempotency key of every POST of this payment. */
  idempotencyKey: string;
  orderId: string;
  reference: string;
  amountCents: number;
  card: CardDetails;
  buyer: PaymentBuyer;
  /** Where the 3-D Secure step sends the browser back; the provider appends `?transactionId=`. */
  returnUrl: string;
  client?: { ip?: string; userAgent?: string; acceptHeader?: string; language?: string };
}

/**
 * Why a card payment failed, as the buyer is told: the card's bank refused it (`declined`: try
 * another card or method), the 3-D Secure step failed (`three_ds_failed`: again, or another card),
 * or anything else at the provider (`error`: try later).
 */
export type CardFailure = 'declined' | 'three_ds_failed' | 'error';

export type CardPaymentResult =
  | { status: 'succeeded'; transactionId: string }
  | { status: 'requires_action'; transactionId: string; redirectUrl: string }
  | { status: 'failed'; transactionId: string | null; reason: string; failure: CardFailure };

/** A card payment as the provider reports it now (used to verify callbacks and hooks). */
export interface CardPaymentStatus {
  transactionId: string;
  status: 'succeeded' | 'failed' | 'pending' | 'canceled';
  amountCents: number;
  currency: string;
  /** The order the provider has on record for it (our tag), or null when it has none. */
  orderId: string | null;
  reason: string | null;
  /** Why a `failed` payment failed; null otherwise. */
  failure: CardFailure | null;
}

/** Giving back money a port took for a payment that cannot be used (refunds/). */
export interface RefundRequest {
  /** Our payment attempt id: the adapter derives the provider's idempotency key from it. */
  idempotencyKey: string;
  /** The provider's id of the money taken: a card payment (Mangopay pay-in) or a PayPal capture. */
  capturedRef: string;
  amountCents: number;
}

export type RefundResult =
  /** The provider accepted the refund (done, or completing on its side). */
  | { status: 'refunded'; refundId: string }
  /** The provider refused it for good (unknown or disputed payment, already refunded, too late…). */
  | { status: 'refused'; reason: string };

export interface CardPaymentPort {
  createPayment(request: CardPaymentRequest): Promise<CardPaymentResult>;
  /** The provider's current view of a payment; null when it does not know the id. */
  getPayment(transactionId: string): Promise<CardPaymentStatus | null>;
  /** Refunds a succeeded card payment; the same key answers the same refund. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export interface PayPalOrderRequest {
  idempotencyKey: string;
  orderId: string;
  reference: string;
  amountCents: number;
  description: string;
  /** `redirect`: PayPal's approval page returns to `returnUrl`/`cancelUrl`; `buttons`: the JS SDK. */
  flow: 'redirect' | 'buttons';
  returnUrl: string;
  cancelUrl: string;
}

export interface PayPalOrderCreated {
  paypalOrderId: string;
  /** The approval page (redirect flow, sandbox); null when the buttons handle approval. */
  approveUrl: string | null;
}

export type PayPalCaptureResult =
  | { status: 'completed'; captureId: string; amountCents: number; currency: string }
  /** PayPal refused the funding instrument (INSTRUMENT_DECLINED): the buyer may approve again. */
  | { status: 'declined'; issue: string; description: string }
  | { status: 'failed'; reason: string };

export interface PayPalOrderStatus {
  paypalOrderId: string;
  status: 'created' | 'approved' | 'completed' | 'voided';
  amountCents: number;
  currency: string;
  /** Our order id (PayPal `custom_id`). */
  orderId: string | null;
  captureId: string | null;
}

export interface PayPalPort {
  createOrder(request: PayPalOrderRequest): Promise<PayPalOrderCreated>;
  /** Captures an approved order; the same key (and a captured order) answer the same capture. */
  captureOrder(paypalOrderId: string, idempotencyKey: string): Promise<PayPalCaptureResult>;
  getOrder(paypalOrderId: string): Promise<PayPalOrderStatus | null>;
  /** Refunds a completed capture; the same key answers the same refund. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** The active provider: one adapter per port, chosen by configuration. */
export interface PaymentProvider {
  /** Name stored on payment attempts (`sandbox`, `mangopay`, `paypal`). */
  readonly cardProvider: 'sandbox' | 'mangopay';
  readonly paypalProvider: 'sandbox' | 'paypal';
  readonly mode: 'sandbox' | 'live';
  readonly card: CardPaymentPort;
  readonly paypal: PayPalPort;
}

/** Injection token of the active PaymentProvider. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** The provider could not be reached or answered something unusable: try later. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderUnavailableError';
  }
}
