import type { CardDetails } from '../providers/payment-provider.js';

/** The card form's fields, once the request passed its checks (`cardPayRequestSchema`). */
export interface CardFormFields {
  number: string;
  expiration_month: string | number;
  expiration_year: string | number;
  cvc: string;
}

/** The card as the provider takes it: spaces and dashes out of the number, a two-digit year in 20xx. */
export function cardDetailsOf(form: CardFormFields): CardDetails {
  const yearInput = Number(String(form.expiration_year).trim());
  return {
    number: String(form.number).replace(/[\s-]/g, ''),
    expMonth: Number(String(form.expiration_month).trim()),
    expYear: yearInput < 100 ? 2000 + yearInput : yearInput,
    cvc: String(form.cvc).trim(),
  };
}
