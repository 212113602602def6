import { cardFormErrors, PaymentMessages } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { CardDetails } from '../providers/payment-provider.js';

/**
 * Validates the card form as the payment page posts it (number, expiration_month,
 * expiration_year, cvc). Spaces and dashes in the number are ignored; a two-digit year means
 * 20xx. Any problem is a 422 with a message per field.
 */
export function parseCardForm(input: unknown, now: Date = new Date()): CardDetails {
  const form = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const problems = cardFormErrors(form, now);
  const errors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]]));
  if (Object.keys(errors).length) throw new DomainError('payment.form_invalid', PaymentMessages.formInvalid, 422, errors);
  const yearInput = Number(String(form.expiration_year).trim());
  return {
    number: String(form.number).replace(/[\s-]/g, ''),
    expMonth: Number(String(form.expiration_month).trim()),
    expYear: yearInput < 100 ? 2000 + yearInput : yearInput,
    cvc: String(form.cvc).trim(),
  };
}
