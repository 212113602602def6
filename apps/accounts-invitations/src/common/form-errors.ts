import { AccountErrorCode, AccountMessages } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { z } from 'zod';

/** Collects field errors of one form so the user sees every problem at once. */
export class FormErrors {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  has(field: string): boolean {
    return Boolean(this.errors[field]?.length);
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  toRecord(): Record<string, string[]> {
    return { ...this.errors };
  }

  /** A 422 with the field → messages map when anything was added. */
  throwIfAny(message: string = AccountMessages.formInvalid): void {
    if (this.any) throw new DomainError(AccountErrorCode.Validation, message, 422, this.toRecord());
  }
}

export interface TextRule {
  label: string;
  required?: boolean;
  min?: number;
  max: number;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * A text field: trimmed; numbers are accepted as text (a zip sent as 12345). Anything else
 * (objects, arrays) is an error. Returns '' for a missing optional field.
 */
export function readText(errors: FormErrors, field: string, value: unknown, rule: TextRule): string {
  if (value === undefined || value === null) {
    if (rule.required) errors.add(field, AccountMessages.required(rule.label));
    return '';
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    errors.add(field, AccountMessages.mustBeText(rule.label));
    return '';
  }
  const text = String(value).trim();
  if (!text) {
    if (rule.required) errors.add(field, AccountMessages.required(rule.label));
    return '';
  }
  if (CONTROL_CHARACTERS.test(text)) {
    errors.add(field, AccountMessages.invalidFormat(rule.label));
    return text;
  }
  if (rule.min !== undefined && text.length < rule.min) errors.add(field, AccountMessages.minLength(rule.label, rule.min));
  if (text.length > rule.max) errors.add(field, AccountMessages.maxLength(rule.label, rule.max));
  return text;
}

// The e-mail check of zod, the one every event schema applies: an address accepted here is
// always accepted by the outbox.
const emailSchema = z.string().email();

export function isEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/** An e-mail field: required, at most 255 characters, a valid address. */
export function readEmail(errors: FormErrors, field: string, value: unknown, label = 'email'): string {
  const email = readText(errors, field, value, { label, required: true, max: 255 });
  if (email && !errors.has(field) && !isEmail(email)) errors.add(field, AccountMessages.invalidEmail(label));
  return email;
}

/** A checkbox as forms send it: true, 1, "1", "true", "on", "yes". */
export function parseFlag(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
  return false;
}

/** A strict 1/0 flag (newsletter opt_in): undefined when it is neither. */
export function parseBinaryFlag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
