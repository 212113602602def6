import type { CardField, CardForm } from '@aero/contracts';

/** The card form as the page edits it (every field text; the number without spaces). */
export type CardFormValues = Record<CardField, string>;

/** Card numbers have at most 19 digits. */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** Only the digits of what was typed or pasted, at most `max`. */
export function digitsOnly(value: string, max = Number.POSITIVE_INFINITY): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** `4242424242424242` → `4242 4242 4242 4242` (groups of four, as printed on cards). */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
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
