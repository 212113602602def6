import { PaymentMessages } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { CardDetails } from '../providers/payment-provider.js';

/** The field messages of the card form; the 422's message is the spec's payment form-invalid text. */
export const CardFieldMessages = {
  numberRequired: 'The card number is required.',
  numberInvalid: 'The card number is not valid.',
  monthInvalid: 'The expiration month must be between 1 and 12.',
  yearInvalid: 'The expiration year is not valid.',
  expired: 'The card has expired.',
  cvcInvalid: 'The CVC must be 3 or 4 digits.',
} as const;

/** Cards stop being valid at the end of their expiry month; years this far ahead are typos. */
const MAX_YEARS_AHEAD = 20;

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function wholeNumber(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/**
 * Validates the card form as the payment page posts it (number, expiration_month,
 * expiration_year, cvc). Spaces and dashes in the number are ignored; a two-digit year means
 * 20xx. Any problem is a 422 with a message per field.
 */
export function parseCardForm(input: unknown, now: Date = new Date()): CardDetails {
  const form = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};

  const rawNumber = typeof form.number === 'string' || typeof form.number === 'number' ? String(form.number) : '';
  const number = rawNumber.replace(/[\s-]/g, '');
  if (!number) errors.number = [CardFieldMessages.numberRequired];
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.number = [CardFieldMessages.numberInvalid];

  const month = wholeNumber(form.expiration_month);
  if (month === null || month < 1 || month > 12) errors.expiration_month = [CardFieldMessages.monthInvalid];

  const yearInput = wholeNumber(form.expiration_year);
  const year = yearInput !== null && yearInput < 100 ? 2000 + yearInput : yearInput;
  const thisYear = now.getUTCFullYear();
  if (year === null || year > thisYear + MAX_YEARS_AHEAD) errors.expiration_year = [CardFieldMessages.yearInvalid];
  else if (month !== null && !errors.expiration_month) {
    const thisMonth = now.getUTCMonth() + 1;
    if (year < thisYear || (year === thisYear && month < thisMonth)) errors.expiration_year = [CardFieldMessages.expired];
  } else if (year < thisYear) errors.expiration_year = [CardFieldMessages.expired];

  const cvc = typeof form.cvc === 'string' || typeof form.cvc === 'number' ? String(form.cvc).trim() : '';
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = [CardFieldMessages.cvcInvalid];

  if (Object.keys(errors).length) throw new DomainError('payment.form_invalid', PaymentMessages.formInvalid, 422, errors);
  return { number, expMonth: month as number, expYear: year as number, cvc };
}
