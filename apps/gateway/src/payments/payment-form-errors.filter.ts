import { PaymentMessages, PaymentsErrorCode } from '@aero/contracts';
import { formErrorsFilter } from '../errors/form-errors.filter.js';

/**
 * The payment forms' 422 says what the spec's payment page shows (`PaymentMessages.formInvalid`,
 * "The form is not valid. Please fix corresponding errors to complete your payment."), whether
 * the gateway or payments found the errors; the per-field messages are the same on both sides.
 */
export const PaymentFormErrorsFilter = formErrorsFilter({ message: PaymentMessages.formInvalid, code: PaymentsErrorCode.FormInvalid });
