/**
 * The card form's field messages (the 422's top message is `PaymentMessages.formInvalid`). One
 * set of rules for the web page, the gateway's edge check and payments' own check, so the page
 * shows the same words whichever side caught the problem.
 */
export const CardFieldMessages = {
  numberRequired: 'The card number is required.',
  numberInvalid: 'The card number is not valid.',
  monthInvalid: 'The expiration month must be between 1 and 12.',
  yearInvalid: 'The expiration year is not valid.',
  expired: 'The card has expired.',
  cvcInvalid: 'The CVC must be 3 or 4 digits.',
} as const;

export type CardField = 'number' | 'expiration_month' | 'expiration_year' | 'cvc';

/** Years this far ahead are typos (as payments reads them). */
const MAX_YEARS_AHEAD = 20;

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
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

function wholeNumber(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/**
 * The problems of a card form, one message per field: the number (spaces and dashes ignored,
 * 12-19 digits, Luhn), the month (1-12), the year (two digits mean 20xx; not past, not more than
 * 20 years ahead; a card is valid to the end of its month) and the CVC (3 or 4 digits).
 */
export function cardFormErrors(form: Record<string, unknown>, now: Date = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};

  const rawNumber = typeof form.number === 'string' || typeof form.number === 'number' ? String(form.number) : '';
  const number = rawNumber.replace(/[\s-]/g, '');
  if (!number) errors.number = CardFieldMessages.numberRequired;
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.number = CardFieldMessages.numberInvalid;

  const month = wholeNumber(form.expiration_month);
  if (month === null || month < 1 || month > 12) errors.expiration_month = CardFieldMessages.monthInvalid;

  const yearInput = wholeNumber(form.expiration_year);
  const year = yearInput !== null && yearInput < 100 ? 2000 + yearInput : yearInput;
  const thisYear = now.getUTCFullYear();
  if (year === null || year > thisYear + MAX_YEARS_AHEAD) errors.expiration_year = CardFieldMessages.yearInvalid;
  else if (month !== null && !errors.expiration_month) {
    const thisMonth = now.getUTCMonth() + 1;
    if (year < thisYear || (year === thisYear && month < thisMonth)) errors.expiration_year = CardFieldMessages.expired;
  } else if (year < thisYear) errors.expiration_year = CardFieldMessages.expired;

  const cvc = typeof form.cvc === 'string' || typeof form.cvc === 'number' ? String(form.cvc).trim() : '';
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = CardFieldMessages.cvcInvalid;

  return errors;
}
