import { ContactLimits, ContactMessages, type ContactRequestForm } from '@aero/contracts';
import countries from 'i18n-iso-countries';
import { z } from 'zod';

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

export type ContactFieldErrors = Record<string, string[]>;

const ALPHA2_CODES: ReadonlySet<string> = new Set(Object.keys(countries.getAlpha2Codes()));

/** The country's English name, or the id when it is unknown. */
export function countryName(id: string): string {
  return countries.getName(id, 'en') ?? id;
}

// Single-line inputs: no control characters at all; the textarea keeps line breaks and tabs.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// The e-mail check of zod, the one the event schemas apply.
const emailSchema = z.string().email();

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

class Collector {
  readonly errors: ContactFieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  has(field: string): boolean {
    return Boolean(this.errors[field]?.length);
  }

  /** Absent: undefined, null or a blank string (what an untouched form field sends). */
  static isBlank(value: unknown): boolean {
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  }

  /**
   * A text field, trimmed: numbers are accepted as text, anything else (objects, arrays) is an
   * error. Null when missing (with "required" when it must be there).
   */
  text(field: string, value: unknown, rule: { label: string; required?: boolean; max: number; multiline?: boolean }): string | null {
    if (Collector.isBlank(value)) {
      if (rule.required) this.add(field, ContactMessages.required(rule.label));
      return null;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      this.add(field, ContactMessages.mustBeText(rule.label));
      return null;
    }
    const text = String(value).trim();
    if ((rule.multiline ? CONTROL_CHARACTERS_MULTILINE : CONTROL_CHARACTERS).test(text)) {
      this.add(field, ContactMessages.invalidFormat(rule.label));
    }
    if (text.length > rule.max) this.add(field, ContactMessages.maxLength(rule.label, rule.max));
    return text;
  }
}

function readPrivatePerson(c: Collector, value: unknown): boolean | null {
  if (Collector.isBlank(value)) {
    c.add('is_private_person', ContactMessages.required('private or business choice'));
    return null;
  }
  const answer = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (answer === 'yes') return true;
  if (answer === 'no') return false;
  c.add('is_private_person', ContactMessages.invalidChoice('private or business choice'));
  return null;
}

function readCountry(c: Collector, value: unknown): string | null {
  const text = c.text('country', value, { label: 'country', required: true, max: ContactLimits.textMax });
  if (text === null || c.has('country')) return null;
  const id = text.toUpperCase();
  if (!ALPHA2_CODES.has(id)) {
    c.add('country', ContactMessages.invalidChoice('country'));
    return null;
  }
  return id;
}

function readStartingDate(c: Collector, value: unknown): string | null {
  if (Collector.isBlank(value)) return null;
  const text = typeof value === 'string' ? value.trim() : '';
  const match = DATE.exec(text);
  const valid =
    match !== null &&
    (() => {
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return date.toISOString().slice(0, 10) === text;
    })();
  if (!valid) {
    c.add('starting_date', ContactMessages.dateFormat);
    return null;
  }
  if (text < ContactLimits.startingDateMin || text > ContactLimits.startingDateMax) {
    c.add('starting_date', ContactMessages.dateRange(ContactLimits.startingDateMin, ContactLimits.startingDateMax));
    return null;
  }
  return text;
}

function readGroupSize(c: Collector, value: unknown): number | null {
  if (Collector.isBlank(value)) return null;
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < ContactLimits.groupSizeMin) {
    c.add('group_size', ContactMessages.groupSize);
    return null;
  }
  if (number > ContactLimits.groupSizeMax) {
    c.add('group_size', ContactMessages.groupSizeMax(ContactLimits.groupSizeMax));
    return null;
  }
  return number;
}

/**
 * The field rules of the contact form (spec: shop §5): required private/business choice, name,
 * e-mail, company (for a business), country and courses; text inputs at most 400 characters,
 * the courses at most 2000; the starting date between 2025-04-10 and 2030-12-31; the group
 * size a whole number of at least 1. Every problem is reported at once, under the form's names.
 */
export function checkContactRequest(form: ContactRequestForm): { value: ValidContactRequest } | { errors: ContactFieldErrors } {
  const c = new Collector();
  const isPrivatePerson = readPrivatePerson(c, form.is_private_person);
  const name = c.text('name', form.name, { label: 'name', required: true, max: ContactLimits.textMax });
  const email = c.text('email', form.email, { label: 'email', required: true, max: ContactLimits.textMax });
  if (email !== null && !c.has('email') && !emailSchema.safeParse(email).success) c.add('email', ContactMessages.invalidEmail);
  // The company is asked for a business only; a private person's is not kept.
  const company =
    isPrivatePerson === true
      ? null
      : c.text('company', form.company, { label: 'company', required: isPrivatePerson === false, max: ContactLimits.textMax });
  const phone = c.text('phone', form.phone, { label: 'phone', max: ContactLimits.textMax });
  const country = readCountry(c, form.country);
  const coursesRequest = c.text('courses_request', form.courses_request, {
    label: 'courses of interest',
    required: true,
    max: ContactLimits.coursesRequestMax,
    multiline: true,
  });
  const startingDate = readStartingDate(c, form.starting_date);
  const groupSize = readGroupSize(c, form.group_size);

  if (Object.keys(c.errors).length) return { errors: c.errors };
  return {
    value: {
      isPrivatePerson: isPrivatePerson!,
      name: name!,
      email: email!,
      company,
      phone,
      country: country!,
      coursesRequest: coursesRequest!,
      startingDate,
      groupSize,
    },
  };
}
