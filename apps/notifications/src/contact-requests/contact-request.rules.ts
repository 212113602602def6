import { ContactMessages, contactSubmitRequestSchema, privatePersonChoice } from '@aero/contracts';
import countries, { type LocaleData } from 'i18n-iso-countries/index.js';
import { createRequire } from 'node:module';
import type { z } from 'zod';

// English names only: the package's entry point registers those of its 80 languages (about 2 MB
// of heap), and only English is read here.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as LocaleData);

/** A contact request that passed every field rule (the captcha is checked separately). */
export interface ValidContactRequest {
  isPrivatePerson: boolean;
  name: string;
  email: string;
  /** Null for a private person. */
  company: string | null;
  phone: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  coursesRequest: string;
  /** YYYY-MM-DD. */
  startingDate: string | null;
  groupSize: number | null;
}

const ALPHA2_CODES: ReadonlySet<string> = new Set(Object.keys(countries.getAlpha2Codes()));

/** The country's English name, or the id when it is unknown. */
export function countryName(id: string): string {
  return countries.getName(id, 'en') ?? id;
}

/**
 * The contact form as notifications reads it (shop §5): the contracts' schema, whose two-letter
 * country id must also name a country. Every problem is reported at once, under the form's names.
 */
export const contactSubmitSchema = contactSubmitRequestSchema.superRefine((form, ctx) => {
  const country = typeof form.country === 'string' ? form.country.trim().toUpperCase() : '';
  if (/^[A-Z]{2}$/.test(country) && !ALPHA2_CODES.has(country)) {
    ctx.addIssue({ code: 'custom', path: ['country'], message: ContactMessages.invalidChoice('country') });
  }
});
export type ContactSubmit = z.output<typeof contactSubmitSchema>;

/** A text the form sent, trimmed; null when blank. Numbers count as text. */
function textOrNull(value: unknown): string | null {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  return text || null;
}

/** The request as it is stored and e-mailed, once it passed `contactSubmitSchema`. */
export function validContactRequest(form: ContactSubmit): ValidContactRequest {
  const isPrivatePerson = privatePersonChoice(form.is_private_person) === true;
  const groupSize = textOrNull(form.group_size);
  return {
    isPrivatePerson,
    name: textOrNull(form.name) ?? '',
    email: textOrNull(form.email) ?? '',
    // The company is asked of a business only; a private person's is not kept.
    company: isPrivatePerson ? null : textOrNull(form.company),
    phone: textOrNull(form.phone),
    country: (textOrNull(form.country) ?? '').toUpperCase(),
    coursesRequest: textOrNull(form.courses_request) ?? '',
    startingDate: textOrNull(form.starting_date),
    groupSize: groupSize === null ? null : Number(groupSize),
  };
}
