import { z } from 'zod';
import { type FieldCheck, isCalendarDate, isGiven, textOf } from '../common/form-schema.js';
import { AccountLimits, AccountMessages } from './messages.js';

/*
 * The field rules of the account forms with the accounts service's messages (`AccountMessages`):
 * text is trimmed, a field that is not text at all "must be text", a length or format check only
 * speaks once the value is usable text (one clear message per problem).
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/;
/** The e-mail check of the services (zod's), so the browser and the servers accept the same addresses. */
const emailSchema = z.email();

/** Formats of the account forms. */
export const ZIP_FORMAT = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
export const VAT_FORMAT = /^[A-Za-z0-9][A-Za-z0-9 .-]*$/;
const PHONE_FORMAT = /^\+?[0-9 ()./-]+$/;

/** A phone number: digits, spaces and ()./- with an optional leading +, at least 5 digits. */
export function isPhone(text: string): boolean {
  return PHONE_FORMAT.test(text) && (text.match(/\d/g) ?? []).length >= 5;
}

export interface AccountTextRule {
  /** The field's name in messages: "The {label} is required." */
  label: string;
  required?: boolean;
  min?: number;
  max: number;
  /** "must be a valid email address" once the text has a valid length. */
  email?: boolean;
  /** "has an invalid format" once the text has a valid length. */
  format?: RegExp | ((text: string) => boolean);
}

/** A text field: required, text, no control characters, lengths, then e-mail or format. */
export function accountTextChecks({ label, required, min, max, email, format }: AccountTextRule): FieldCheck[] {
  /** The text once it is usable (text without control characters), else null. */
  const usable = (value: unknown): string | null => {
    const text = textOf(value);
    return text && !CONTROL_CHARACTERS.test(text) ? text : null;
  };
  /** Usable and of a valid length: only then do e-mail and format checks speak. */
  const sized = (value: unknown): string | null => {
    const text = usable(value);
    return text !== null && (min === undefined || text.length >= min) && text.length <= max ? text : null;
  };
  const checks: FieldCheck[] = [
    { message: AccountMessages.required(label), breaks: (value) => required === true && textOf(value) === '' },
    { message: AccountMessages.mustBeText(label), breaks: (value) => textOf(value) === null },
    {
      message: AccountMessages.invalidFormat(label),
      breaks: (value) => {
        const text = textOf(value);
        return Boolean(text) && CONTROL_CHARACTERS.test(text!);
      },
    },
  ];
  if (min !== undefined) checks.push({ message: AccountMessages.minLength(label, min), breaks: (value) => (usable(value)?.length ?? min) < min });
  checks.push({ message: AccountMessages.maxLength(label, max), breaks: (value) => (usable(value)?.length ?? 0) > max });
  if (email) {
    checks.push({
      message: AccountMessages.invalidEmail(label),
      breaks: (value) => {
        const text = sized(value);
        return text !== null && !emailSchema.safeParse(text).success;
      },
    });
  }
  if (format) {
    const matches = format instanceof RegExp ? (text: string) => format.test(text) : format;
    checks.push({
      message: AccountMessages.invalidFormat(label),
      breaks: (value) => {
        const text = sized(value);
        return text !== null && !matches(text);
      },
    });
  }
  return checks;
}

/** An e-mail field: required, at most 255 characters, a valid address. */
export function accountEmailChecks(label = 'email'): FieldCheck[] {
  return accountTextChecks({ label, required: true, max: AccountLimits.emailMax, email: true });
}

/** A field whose only rule is to be text when given. */
export function mustBeTextChecks(label: string): FieldCheck[] {
  return [{ message: AccountMessages.mustBeText(label), breaks: (value) => textOf(value) === null }];
}

/** Given, and text (the password of the sign-in form). */
export function givenTextChecks(label: string): FieldCheck[] {
  return [
    { message: AccountMessages.required(label), breaks: (value) => !isGiven(value) },
    { message: AccountMessages.mustBeText(label), breaks: (value) => isGiven(value) && typeof value !== 'string' },
  ];
}

/**
 * A new password (docs/decisions.md #1): at least 8 characters, a number and an uppercase
 * letter. Never trimmed.
 */
export function newPasswordChecks(): FieldCheck[] {
  const password = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return [
    { message: AccountMessages.required('password'), breaks: (value) => !isGiven(value) },
    { message: AccountMessages.mustBeText('password'), breaks: (value) => isGiven(value) && typeof value !== 'string' },
    { message: AccountMessages.minLength('password', AccountLimits.passwordMin), breaks: (value) => (password(value)?.length ?? AccountLimits.passwordMin) < AccountLimits.passwordMin },
    { message: AccountMessages.maxLength('password', AccountLimits.passwordMax), breaks: (value) => (password(value)?.length ?? 0) > AccountLimits.passwordMax },
    { message: AccountMessages.passwordNumber, breaks: (value) => password(value) !== null && !/\p{Nd}/u.test(password(value)!) },
    { message: AccountMessages.passwordUppercase, breaks: (value) => password(value) !== null && !/\p{Lu}/u.test(password(value)!) },
  ];
}

/** The confirmation differs from a password given as text. */
export function confirmationDiffers(password: unknown, confirmation: unknown): boolean {
  return typeof password === 'string' && password !== '' && confirmation !== password;
}

/** When given, one of `choices` (compared as trimmed text, case-insensitive when `caseless`). */
export function oneOfChecks(label: string, choices: readonly string[], options: { caseless?: boolean } = {}): FieldCheck[] {
  return [
    {
      message: AccountMessages.invalidChoice(label),
      breaks: (value) => {
        if (!isGiven(value)) return false;
        const text = textOf(value);
        if (text === null) return true;
        return !choices.includes(options.caseless ? text.toLowerCase() : text);
      },
    },
  ];
}

/** Today as YYYY-MM-DD (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/** A birth date (profile personal information, employee forms and imports): YYYY-MM-DD, from 1900 and before today. */
export function birthDateChecks({ required }: { required?: boolean } = {}): FieldCheck[] {
  return [
    ...accountTextChecks({ label: 'birth date', required, max: 10 }),
    {
      message: AccountMessages.birthDateFormat,
      breaks: (value) => {
        const text = textOf(value);
        return Boolean(text) && text!.length <= 10 && !(isCalendarDate(text!) && text! >= '1900-01-01');
      },
    },
    {
      message: AccountMessages.birthDatePast,
      breaks: (value) => {
        const text = textOf(value);
        return Boolean(text) && isCalendarDate(text!) && text! >= today();
      },
    },
  ];
}
