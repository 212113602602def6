import type { OrderStatus, PaymentKind } from './order.js';

/**
 * The route of each method, as the payment page posts to it. `paypal_credit` uses the PayPal
 * buttons (create-order then capture); the others answer a `redirect_url`, the card a
 * `security_url` or `success`. `{orderID}` is filled by the PayPal buttons.
 */
export interface PaymentMethodRoutes {
  mangopay: string;
  paypal: string;
  paypal_credit: string;
  paypal_credit_capture: string;
  bankwire: string;
  wallet: string;
  free: string;
}

/** Payment page props (shop spec §3 "Payment props"); money in euros. */
export interface PaymentPageProps {
  /** What the order will cost: the cart's final total, euros. */
  price: number;
  formatted_price: string;
  currency: 'EUR';
  /**
   * Methods this buyer may use now, in display order. `wallet` only when the cart buys no wallet
   * funds and the balance covers the price; `free` (alone) when the price is 0.
   */
  available_methods: PaymentKind[];
  /** mangopay when available, else the first available method. */
  default_method: PaymentKind | null;
  /** Euros; the wallet method shows only when this is not zero. */
  wallet_balance: number;
  formatted_wallet_balance: string;
  /** PayPal JS SDK client id; `sandbox` when the sandbox provider is active. */
  paypal_client_id: string;
  /** `sandbox` (local provider, test cards) or `live` (Mangopay and PayPal). */
  provider_mode: 'sandbox' | 'live';
  routes: PaymentMethodRoutes;
}

/** Credit card form, exactly as the payment page posts it (shop spec §3). */
export interface CardForm {
  number: string;
  expiration_month: string | number;
  expiration_year: string | number;
  cvc: string;
}

/**
 * Card pay answer (shop spec §4): either the 3-D Secure page to open, or the payment went
 * through and the browser goes to the callback route with `cart_id` and `transaction_id`.
 */
export type CardPayAnswer =
  | { security_url: string }
  | { success: true; processed: true; cart_id: string; transaction_id: string };

/** Payment error messages of the spec (shop §8 "Payments"). */
export const PaymentMessages = {
  canceled: 'Payment canceled.',
  checkingFailed: 'Error checking payment details.',
  processingFailed: 'Error processing payment, try later.',
  /** What happened and what to do, when the card's bank refused it. */
  cardDeclined: 'Your card was declined. Try another card or another payment method.',
  /** The 3-D Secure step failed (the bank could not confirm the buyer). */
  threeDsFailed: '3-D Secure verification failed. Try again or use another card.',
  /** PayPal refused the funding instrument of a payment approved on PayPal's page. */
  payPalDeclined: 'PayPal declined the payment. Try another payment method.',
  formInvalid: 'The form is not valid. Please fix corresponding errors to complete your payment.',
  declinedCapture: 'Sorry, your transaction could not be processed.',
  /** Another submission of the same cart is talking to the payment provider right now. */
  inProgress: 'This cart is already being paid',
} as const;

export type PaymentErrorCode =
  | 'payment.canceled'
  | 'payment.checking_failed'
  | 'payment.processing_failed'
  /** The card's bank refused the payment (after the 3-D Secure step). */
  | 'payment.card_declined'
  /** The buyer did not pass the 3-D Secure step. */
  | 'payment.three_ds_failed'
  /** PayPal refused the funding instrument: back on the payment page, PayPal approves again or another method pays. */
  | 'payment.instrument_declined';

/**
 * Where the browser goes after a provider sends it back (card callback, PayPal return): the
 * success page, or back to the payment page with the error (also in `?payment_error=` so the
 * page can show it without a session flash, and the method in `?payment_method=` so the page
 * chooses it again for a retry).
 */
export interface PaymentRedirect {
  status: 'paid' | 'failed';
  redirect_url: string;
  /** Null when the provider's answer named no order we know. */
  order_id: string | null;
  error?: { code: PaymentErrorCode; message: string };
}

/** Answer of the wallet, bank-wire, free and plain PayPal pay routes (shop spec §4). */
export interface RedirectAnswer {
  redirect_url: string;
}

export interface PayPalCreateOrderAnswer {
  result: {
    /** The PayPal order id the buttons approve. */
    id: string;
    /** Where the buyer approves it without the JS SDK (the sandbox page, or PayPal's). */
    approve_url: string | null;
  };
}

/** One issue of a refused capture, as PayPal words it. */
export interface PayPalIssue {
  issue: string;
  description: string;
}

/**
 * Capture answer (shop spec §4/§7). On success `details` is empty and the browser goes to
 * `success_redirect_url`. When `details[0].issue` is `INSTRUMENT_DECLINED` the buttons restart the
 * flow and the page shows 'Sorry, your transaction could not be processed.' + the description.
 */
export interface PayPalCaptureAnswer {
  result: {
    details: PayPalIssue[];
    success_redirect_url: string | null;
  };
}

/** `PaymentsRpc.BankWireInstructions`: what the bank-wire page shows (money in euros). */
export interface BankWireInstructions {
  order_id: string;
  /** The order's unique reference: the buyer writes it on the transfer. */
  reference: string;
  status: OrderStatus;
  amount: number;
  formatted_amount: string;
  currency: 'EUR';
  beneficiary: string;
  iban: string;
  bic: string;
  bank_name: string;
  /** After this moment the unpaid order is canceled (ISO 8601). */
  pay_before: string | null;
}

export interface ProviderWebhookAnswer {
  /** False when the notification is about nothing we know or nothing to do. */
  handled: boolean;
  order_id: string | null;
  order_status: OrderStatus | null;
}
