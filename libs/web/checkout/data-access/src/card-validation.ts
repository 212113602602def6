import type { CardForm } from '@aero/contracts';

/** The card form as the page edits it (every field text; the number without spaces). */
export interface CardFormValues {
  number: string;
  expiration_month: string;
  expiration_year: string;
  cvc: string;
}

export type CardField = keyof CardFormValues;

/** Keys of `checkout.card.errors.*` per field. */
export type CardFieldErrors = Partial<Record<CardField, string>>;

/** Card numbers have 12 to 19 digits. */
export const CARD_NUMBER_MAX_DIGITS = 19;
const CARD_NUMBER_MIN_DIGITS = 12;

/** Only the digits of what was typed or pasted, at most `max`. */
export function digitsOnly(value: string, max = Number.POSITIVE_INFINITY): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** `4242424242424242` → `4242 4242 4242 4242` (groups of four, as printed on cards). */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The client checks of the card form: the number's checksum, an expiry month not in the past (a
 * card is valid to the end of its month) and a 3-4 digit CVC. Answers the message key of each
 * invalid field; the server checks again.
 */
export function validateCardForm(values: CardFormValues, now: Date = new Date()): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const number = digitsOnly(values.number);
  if (!number) errors.number = 'checkout.card.errors.number-required';
  else if (number.length < CARD_NUMBER_MIN_DIGITS || number.length > CARD_NUMBER_MAX_DIGITS || !luhnValid(number)) {
    errors.number = 'checkout.card.errors.number-invalid';
  }

  const month = Number(values.expiration_month);
  const year = Number(values.expiration_year);
  const monthValid = /^\d{1,2}$/.test(values.expiration_month) && month >= 1 && month <= 12;
  if (!monthValid) errors.expiration_month = 'checkout.card.errors.month-required';
  if (!/^\d{4}$/.test(values.expiration_year)) errors.expiration_year = 'checkout.card.errors.year-required';
  else if (monthValid) {
    const thisYear = now.getFullYear();
    const thisMonth = now.getMonth() + 1;
    if (year < thisYear || (year === thisYear && month < thisMonth)) errors.expiration_year = 'checkout.card.errors.expired';
  } else if (year < now.getFullYear()) errors.expiration_year = 'checkout.card.errors.expired';

  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = 'checkout.card.errors.cvc-invalid';
  return errors;
}

/** What the card route receives (shop §3 "Credit card form"). */
export function cardFormBody(values: CardFormValues): CardForm {
  return {
    number: digitsOnly(values.number),
    expiration_month: Number(values.expiration_month),
    expiration_year: Number(values.expiration_year),
    cvc: values.cvc,
  };
}
