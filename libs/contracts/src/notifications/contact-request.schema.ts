import { z } from 'zod';
import { type FieldCheck, formField, formSchema, textField } from '../common/form-schema.js';
import { ContactLimits, ContactMessages } from './contact-requests.js';

/*
 * The contact form's rules (shop §5) as the notifications service reads the form: a blank value
 * is absent; text is trimmed and numbers count as text; a single-line input refuses every control
 * character, the textarea keeps line breaks and tabs; a value may break both its format and its
 * length.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const emailSchema = z.email();

/** Absent: undefined, null or a blank string (what an untouched form field sends). */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The trimmed text of a given text or number, else null. */
function contactText(value: unknown): string | null {
  return !isBlank(value) && (typeof value === 'string' || typeof value === 'number') ? String(value).trim() : null;
}

interface ContactTextRule {
  label: string;
  required?: boolean;
  max: number;
  multiline?: boolean;
}

function contactTextChecks({ label, required, max, multiline }: ContactTextRule): FieldCheck[] {
  const control = multiline ? CONTROL_CHARACTERS_MULTILINE : CONTROL_CHARACTERS;
  return [
    { message: ContactMessages.required(label), breaks: (value) => required === true && isBlank(value) },
    { message: ContactMessages.mustBeText(label), breaks: (value) => !isBlank(value) && typeof value !== 'string' && typeof value !== 'number' },
    { message: ContactMessages.invalidFormat(label), breaks: (value) => control.test(contactText(value) ?? '') },
    { message: ContactMessages.maxLength(label, max), breaks: (value) => (contactText(value)?.length ?? 0) > max },
  ];
}

/** The text checks, then one more that speaks only when they all pass. */
function thenCheck(checks: FieldCheck[], last: FieldCheck): FieldCheck[] {
  return [...checks, { message: last.message, breaks: (value) => !checks.some((check) => check.breaks(value)) && last.breaks(value) }];
}

/** The private/business choice: 'Yes' (private person), 'No' (business), case-insensitive; null otherwise. */
export function privatePersonChoice(value: unknown): boolean | null {
  const answer = typeof value === 'string' ? value.trim().toLowerCase() : value;
  return answer === 'yes' ? true : answer === 'no' ? false : null;
}

const CHOICE = 'private or business choice';

/** The company's checks: the same messages, "required" only for a business. */
const companyChecks = (required: boolean) => contactTextChecks({ label: 'company', required, max: ContactLimits.textMax });

function startingDateBreaks(value: unknown): 'format' | 'range' | null {
  if (isBlank(value)) return null;
  const text = typeof value === 'string' ? value.trim() : '';
  const match = DATE.exec(text);
  const valid = match !== null && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === text;
  if (!valid) return 'format';
  return text < ContactLimits.startingDateMin || text > ContactLimits.startingDateMax ? 'range' : null;
}

function groupSizeOf(value: unknown): number {
  return typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value.trim()) : Number.NaN;
}

/**
 * `POST /classroom-training/contact-us` (shop §3 "Contact request", §5, §9): the private/business
 * choice, name, e-mail, company (a business only), phone, country, courses of interest, the
 * preferred starting date between 2025-04-10 and 2030-12-31, the group size (a whole number of
 * at least 1) and the human verification's token. The country is a two-letter id here; the
 * service also checks that the id names a country.
 */
export const contactRequestSchema = formSchema(
  {
    is_private_person: formField<string, string>(
      [
        { message: ContactMessages.required(CHOICE), breaks: isBlank },
        { message: ContactMessages.invalidChoice(CHOICE), breaks: (value) => !isBlank(value) && privatePersonChoice(value) === null },
      ],
      (value) => value as string,
      { type: 'string', enum: ['Yes', 'No'], description: "'Yes' for a private person, 'No' for a business", required: true },
    ),
    name: textField(contactTextChecks({ label: 'name', required: true, max: ContactLimits.textMax }), {
      maxLength: ContactLimits.textMax,
      example: 'Erik Larsen',
      required: true,
    }),
    email: textField(
      thenCheck(contactTextChecks({ label: 'email', required: true, max: ContactLimits.textMax }), {
        message: ContactMessages.invalidEmail,
        breaks: (value) => !emailSchema.safeParse(contactText(value)).success,
      }),
      { maxLength: ContactLimits.textMax, example: 'erik@nordic-mro.example', required: true },
    ),
    company: textField([], { maxLength: ContactLimits.textMax, description: 'Required for a business' }),
    phone: textField(contactTextChecks({ label: 'phone', max: ContactLimits.textMax }), { maxLength: ContactLimits.textMax }),
    country: textField(
      thenCheck(contactTextChecks({ label: 'country', required: true, max: ContactLimits.textMax }), {
        message: ContactMessages.invalidChoice('country'),
        breaks: (value) => !/^[A-Za-z]{2}$/.test(contactText(value) ?? ''),
      }),
      { example: 'NO', description: 'ISO 3166-1 alpha-2 id (GET /countries/all)', required: true },
    ),
    courses_request: textField(contactTextChecks({ label: 'courses of interest', required: true, max: ContactLimits.coursesRequestMax, multiline: true }), {
      maxLength: ContactLimits.coursesRequestMax,
      description: 'Courses of interest',
      required: true,
    }),
    starting_date: textField(
      [
        { message: ContactMessages.dateFormat, breaks: (value) => startingDateBreaks(value) === 'format' },
        { message: ContactMessages.dateRange(ContactLimits.startingDateMin, ContactLimits.startingDateMax), breaks: (value) => startingDateBreaks(value) === 'range' },
      ],
      { example: '2027-03-01', description: `YYYY-MM-DD between ${ContactLimits.startingDateMin} and ${ContactLimits.startingDateMax}` },
    ),
    group_size: formField<string, string>(
      [
        {
          message: ContactMessages.groupSize,
          breaks: (value) => !isBlank(value) && !(Number.isSafeInteger(groupSizeOf(value)) && groupSizeOf(value) >= ContactLimits.groupSizeMin),
        },
        {
          message: ContactMessages.groupSizeMax(ContactLimits.groupSizeMax),
          breaks: (value) => Number.isSafeInteger(groupSizeOf(value)) && groupSizeOf(value) > ContactLimits.groupSizeMax,
        },
      ],
      (value) => value as string,
      { oneOf: [{ type: 'integer' }, { type: 'string' }], example: 12, description: 'A whole number of at least 1' },
    ),
    /** The human-verification widget's token. */
    g_recaptcha_token: textField([{ message: ContactMessages.captcha, breaks: (value) => typeof value !== 'string' || value.trim() === '' }], {
      description: 'The human-verification token (test provider: test-captcha-pass)',
      required: true,
    }),
  },
  [
    // The company is asked of a business (required), not of a private person (not read at all).
    ...companyChecks(true).map(({ message }, index) => ({
      field: 'company',
      message,
      breaks: (form: { is_private_person: string; company: string }) => {
        const privatePerson = privatePersonChoice(form.is_private_person);
        return privatePerson !== true && companyChecks(privatePerson === false)[index].breaks(form.company);
      },
    })),
  ],
);
export type ContactRequest = z.input<typeof contactRequestSchema>;
