import { PaymentRoutes } from '@aero/contracts';

/**
 * The PayPal buttons without the JS SDK (sandbox): the approval page sends the buyer back to the
 * payment page with the PayPal order id in one of these parameters; the page then captures it
 * (approved) or says the payment was canceled.
 */
export const PAYPAL_RETURN_PARAMS = {
  approved: 'paypal_approved',
  canceled: 'paypal_canceled',
} as const;

export type PayPalReturnOutcome = keyof typeof PAYPAL_RETURN_PARAMS;

/** `/cart/credentials?paypal_approved={orderID}` (or `paypal_canceled`). */
export function payPalReturnPath(orderID: string, outcome: PayPalReturnOutcome): string {
  return `${PaymentRoutes.paymentPage}?${new URLSearchParams({ [PAYPAL_RETURN_PARAMS[outcome]]: orderID }).toString()}`;
}

/** The PayPal order the buyer came back with, if any. */
export function readPayPalReturn(search: URLSearchParams): { orderID: string; outcome: PayPalReturnOutcome } | null {
  for (const outcome of Object.keys(PAYPAL_RETURN_PARAMS) as PayPalReturnOutcome[]) {
    const orderID = search.get(PAYPAL_RETURN_PARAMS[outcome]);
    if (orderID) return { orderID, outcome };
  }
  return null;
}

/** The first issue of a refused capture means the buyer should approve again with another instrument. */
export const INSTRUMENT_DECLINED = 'INSTRUMENT_DECLINED';

/** `?payment_error=<code>`: where a failed provider return (card callback, PayPal return) lands. */
export const PAYMENT_ERROR_PARAM = 'payment_error';

/**
 * `?payment_method=<method>` next to `payment_error`: the method the failed payment used, chosen
 * again on the payment page so that the buyer can retry at once.
 */
export const PAYMENT_METHOD_PARAM = 'payment_method';
