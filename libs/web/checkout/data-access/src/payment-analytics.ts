import type { PaymentMethod } from '@aero/contracts';
import { track } from '@aero/web-site-data-access';

/** GA4's event for a chosen payment method (shop §4 "add-payment-info"). */
export const ADD_PAYMENT_INFO_EVENT = 'add_payment_info';

/**
 * The buyer chose a payment method: the add-payment-info event with the order value, sent only
 * with statistics consent and always in EUR (the analytics module's rules, shop §4, §9).
 */
export function trackAddPaymentInfo(method: PaymentMethod, value: number): boolean {
  return track(ADD_PAYMENT_INFO_EVENT, { payment_type: method, value });
}
