import { PaymentMessages, PaymentsErrorCode } from '@aero/contracts';
import type { PayloadRefusal } from '@aero/backend-messaging';
import { DomainError } from '@aero/backend-errors';
import { AttemptRefused } from '../attempts/payment-attempts.repository.js';
import { OrderErrors } from '../orders/orders.errors.js';
import type { CardFailure } from '../providers/payment-provider.js';

/** A card form that breaks its checks: the spec's form-invalid message, with a message per field. */
export const CARD_FORM_REFUSAL: PayloadRefusal = { code: PaymentsErrorCode.FormInvalid, message: PaymentMessages.formInvalid };

/** Payment failures with the spec's messages (shop §8 "Payments"). */
export const PaymentErrors = {
  /** The provider refused the payment (a failed capture, a card payment failed for another reason). */
  processingFailed: () => new DomainError('payment.processing_failed', PaymentMessages.processingFailed, 422),
  /** The card's bank refused the payment: another card or another method. */
  cardDeclined: () => new DomainError('payment.card_declined', PaymentMessages.cardDeclined, 422),
  /** The 3-D Secure step failed: again, or another card. */
  threeDsFailed: () => new DomainError('payment.three_ds_failed', PaymentMessages.threeDsFailed, 422),
  /** The provider could not be reached or failed: try later. */
  providerUnavailable: () => new DomainError('payment.processing_failed', PaymentMessages.processingFailed, 502),
  /** The provider's answer does not match the order (unknown transaction, other amount or order). */
  checkingFailed: () => new DomainError('payment.checking_failed', PaymentMessages.checkingFailed, 422),
  /** The order was canceled (or the buyer canceled the payment). */
  canceled: () => new DomainError('payment.canceled', PaymentMessages.canceled, 409),
  /** A payment of this order with this method is at the provider right now (another tab, a double click). */
  inProgress: () => new DomainError('payment.in_progress', PaymentMessages.inProgress, 409),
  unknownPayPalOrder: () => DomainError.notFound('Unknown PayPal order.', 'payment.not_found'),
  freeOrder: () => new DomainError('payment.free_order', 'This order is free: no payment is needed.', 422),
  amountShort: () =>
    new DomainError('payment.amount_short', 'The amount received does not cover the order total.', 422, {
      amountCents: ['The amount received does not cover the order total.'],
    }),
};

/** The buyer's answer to a card payment the provider refused, by why it failed. */
export function cardRefused(failure: CardFailure): DomainError {
  if (failure === 'declined') return PaymentErrors.cardDeclined();
  if (failure === 'three_ds_failed') return PaymentErrors.threeDsFailed();
  return PaymentErrors.processingFailed();
}

/** The buyer's answer when a payment attempt could not start (for `.catch` after `attempts.begin`). */
export function rethrowAttemptRefused(error: unknown): never {
  if (!(error instanceof AttemptRefused)) throw error;
  switch (error.reason) {
    case 'order_paid':
      throw OrderErrors.alreadyPaid();
    case 'order_canceled':
      throw OrderErrors.alreadyCanceled();
    case 'in_progress':
      throw PaymentErrors.inProgress();
  }
}
