import { PaymentMessages, PaymentRoutes, paymentRoute, type PaymentErrorCode, type PaymentMethod, type PaymentRedirect } from '@aero/contracts';

/** What the buyer is told: what happened and, where the buyer can do something, what to do. */
const MESSAGES: Record<PaymentErrorCode, string> = {
  'payment.canceled': PaymentMessages.canceled,
  'payment.checking_failed': PaymentMessages.checkingFailed,
  'payment.processing_failed': PaymentMessages.processingFailed,
  'payment.card_declined': PaymentMessages.cardDeclined,
  'payment.three_ds_failed': PaymentMessages.threeDsFailed,
  'payment.instrument_declined': PaymentMessages.payPalDeclined,
};

/** The order is paid: the browser goes to the success page. */
export function paidRedirect(orderId: string): PaymentRedirect {
  return { status: 'paid', redirect_url: paymentRoute('successPage', { orderId }), order_id: orderId };
}

/**
 * The payment did not go through: back to the payment page with the error in the address (the
 * page shows it) and the method that failed (the page chooses it again, so the buyer retries at
 * once; the cart and its order stay as they were).
 */
export function failedRedirect(orderId: string | null, code: PaymentErrorCode, method?: PaymentMethod): PaymentRedirect {
  const query = new URLSearchParams({ payment_error: code, ...(method ? { payment_method: method } : {}) });
  return {
    status: 'failed',
    redirect_url: `${PaymentRoutes.paymentPage}?${query.toString()}`,
    order_id: orderId,
    error: { code, message: MESSAGES[code] },
  };
}
