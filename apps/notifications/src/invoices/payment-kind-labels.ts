import type { PaymentKind } from '@aero/contracts';

/** How a payment kind is named to the buyer (order confirmation e-mail, invoice). */
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  mangopay: 'Credit card',
  paypal: 'PayPal',
  paypal_credit: 'PayPal Credit',
  bankwire: 'Bank wire',
  wallet: 'Wallet',
  free: 'Free order',
};
