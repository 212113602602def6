import { PaymentMessages, PaymentRoutes, paymentRoute, type PaymentErrorCode, type PaymentRedirect } from '@aero/contracts';

const MESSAGES: Record<PaymentErrorCode, string> = {
  'payment.canceled': PaymentMessages.canceled,
  'payment.checking_failed': PaymentMessages.checkingFailed,
  'payment.processing_failed': PaymentMessages.processingFailed,
  'payment.instrument_declined': PaymentMessages.declinedCapture,
};

/** The order is paid: the browser goes to the success page. */
export function paidRedirect(orderId: string): PaymentRedirect {
  return { status: 'paid', redirect_url: paymentRoute('successPage', { orderId }), order_id: orderId };
}

/**
 * The payment did not go through: back to the payment page with the error in the address (the
 * page shows it), or to `redirectUrl` when the buyer has to approve again.
 */
export function failedRedirect(orderId: string | null, code: PaymentErrorCode, detail?: string, redirectUrl?: string): PaymentRedirect {
  const message = detail ? `${MESSAGES[code]} ${detail}` : MESSAGES[code];
  return {
    status: 'failed',
    redirect_url: redirectUrl ?? `${PaymentRoutes.paymentPage}?${new URLSearchParams({ payment_error: code }).toString()}`,
    order_id: orderId,
    error: { code, message },
  };
}
