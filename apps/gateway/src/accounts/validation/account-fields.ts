import { AccountLimits, AccountMessages } from '@aero/contracts';
import { applyDecorators } from '@nestjs/common';
import { ValidateBy, ValidateIf } from 'class-validator';
import { z } from 'zod';

/*
 * Edge validation of the account forms with the accounts service's own rules and messages
 * (`AccountMessages`), so a form shows the same words whether the gateway or the service caught
 * the problem. The service checks everything again; these mirror its readers: text is trimmed,
 * numbers count as text, a field that is not text at all is "must be text", and a length or
 * format check only speaks once the value is usable text (one clear message per problem).
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/;
/** The e-mail check of the service (zod's), so both accept the same addresses. */
const emailSchema = z.string().email();

type FormObject = Record<string, unknown>;

/** Formats of the service's account forms. */
export const ZIP_FORMAT = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
export const VAT_FORMAT = /^[A-Za-z0-9][A-Za-z0-9 .-]*$/;
const PHONE_FORMAT = /^\+?[0-9 ()./-]+$/;

/** A phone number: digits, spaces and ()./- with an optional leading +, at least 5 digits. */
export function isPhone(text: string): boolean {
  return PHONE_FORMAT.test(text) && (text.match(/\d/g) ?? []).length >= 5;
}

/** A value as the service reads text: trimmed, '' when absent, null when it is not text at all. */
export function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  return String(value).trim();
}

/** A checkbox as forms send it: true, 1, "1", "true", "on", "yes". */
export function isTicked(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
  return false;
}

/** A strict 1/0 flag (newsletter opt_in): undefined when it is neither. */
export function binaryFlag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** Present: not undefined, null or ''. */
export function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** One check with one message; `passes` sees the value and the whole form. */
export function FieldRule(name: string, message: string, passes: (value: unknown, form: FormObject) => boolean): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value, args) => passes(value, (args?.object ?? {}) as FormObject),
      defaultMessage: () => message,
    },
  });
}

/**
 * Checks listed in the order their messages should read. class-validator reports a field's
 * constraints in the reverse order of application and the gateway's pipe reverses them again
 * (see toFieldErrors), so they are applied here last to first.
 */
function inOrder(...rules: PropertyDecorator[]): PropertyDecorator {
  return applyDecorators(...rules.reverse());
}

export interface TextRule {
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
export function Text(rule: TextRule): PropertyDecorator {
  const { label, min, max } = rule;
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
  const rules = [
    FieldRule('isNotEmpty', AccountMessages.required(label), (value) => !rule.required || textOf(value) !== ''),
    FieldRule('isText', AccountMessages.mustBeText(label), (value) => textOf(value) !== null),
    FieldRule('noControlCharacters', AccountMessages.invalidFormat(label), (value) => {
      const text = textOf(value);
      return !text || !CONTROL_CHARACTERS.test(text);
    }),
  ];
  if (min !== undefined) {
    rules.push(FieldRule('minLength', AccountMessages.minLength(label, min), (value) => (usable(value)?.length ?? min) >= min));
  }
  rules.push(FieldRule('maxLength', AccountMessages.maxLength(label, max), (value) => (usable(value)?.length ?? 0) <= max));
  if (rule.email) {
    rules.push(FieldRule('isEmail', AccountMessages.invalidEmail(label), (value) => {
      const text = sized(value);
      return text === null || emailSchema.safeParse(text).success;
    }));
  }
  if (rule.format) {
    const check = rule.format;
    const format = check instanceof RegExp ? (text: string) => check.test(text) : check;
    rules.push(FieldRule('format', AccountMessages.invalidFormat(label), (value) => {
      const text = sized(value);
      return text === null || format(text);
    }));
  }
  return inOrder(...rules);
}

/** An e-mail field: required, at most 255 characters, a valid address. */
export function Email(label = 'email'): PropertyDecorator {
  return Text({ label, required: true, max: AccountLimits.emailMax, email: true });
}

/** A field whose only rule is to be text when given (the service falls back on anything else). */
export function OptionalText(label: string): PropertyDecorator {
  return FieldRule('isText', AccountMessages.mustBeText(label), (value) => textOf(value) !== null);
}

/** Validates the field only when `condition` holds for the form (e.g. company fields of a corporate account). */
export function When(condition: (form: FormObject) => boolean, ...rules: PropertyDecorator[]): PropertyDecorator {
  return applyDecorators(ValidateIf((form: object) => condition(form as FormObject)), ...rules);
}

/** Validates the field only when it is sent (a partial update keeps what is not sent). */
export function IfSent(...rules: PropertyDecorator[]): PropertyDecorator {
  return applyDecorators(ValidateIf((_form: object, value: unknown) => value !== undefined && value !== null), ...rules);
}

/**
 * A new password (docs/decisions.md #1): at least 8 characters, a number and an uppercase
 * letter. Never trimmed.
 */
export function NewPassword(): PropertyDecorator {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return inOrder(
    FieldRule('isNotEmpty', AccountMessages.required('password'), (value) => isGiven(value)),
    FieldRule('isText', AccountMessages.mustBeText('password'), (value) => !isGiven(value) || typeof value === 'string'),
    FieldRule('minLength', AccountMessages.minLength('password', AccountLimits.passwordMin), (value) => {
      const password = text(value);
      return password === null || password.length >= AccountLimits.passwordMin;
    }),
    FieldRule('maxLength', AccountMessages.maxLength('password', AccountLimits.passwordMax), (value) => {
      const password = text(value);
      return password === null || password.length <= AccountLimits.passwordMax;
    }),
    FieldRule('passwordNumber', AccountMessages.passwordNumber, (value) => {
      const password = text(value);
      return password === null || /\p{Nd}/u.test(password);
    }),
    FieldRule('passwordUppercase', AccountMessages.passwordUppercase, (value) => {
      const password = text(value);
      return password === null || /\p{Lu}/u.test(password);
    }),
  );
}

/** The confirmation equals the password (checked once a password was given as text). */
export function ConfirmsPassword(passwordField = 'password'): PropertyDecorator {
  return FieldRule('passwordConfirmation', AccountMessages.passwordConfirmation, (value, form) => {
    const password = form[passwordField];
    return typeof password !== 'string' || password === '' || value === password;
  });
}

/** A box that must be ticked, with the given message. */
export function Ticked(message: string): PropertyDecorator {
  return FieldRule('isTicked', message, (value) => isTicked(value));
}

/** When given, one of `choices` (compared as trimmed text, case-insensitive when `caseless`). */
export function OneOf(label: string, choices: readonly string[], options: { caseless?: boolean } = {}): PropertyDecorator {
  return FieldRule('isIn', AccountMessages.invalidChoice(label), (value) => {
    if (!isGiven(value)) return true;
    const text = textOf(value);
    if (text === null) return false;
    return choices.includes(options.caseless ? text.toLowerCase() : text);
  });
}

/** YYYY-MM-DD naming a real calendar day (2023-02-30 is refused). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
