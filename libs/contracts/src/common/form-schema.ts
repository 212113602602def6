import { z } from 'zod';
import { textOfAnyValue } from './request-field.js';

/*
 * The building blocks of the request schemas of the forms (`*.schema.ts`): one zod schema per
 * request, whose issues are the field messages a 422 answers (`{ message, errors: { field:
 * [messages] } }`) in the same order, so a form shows the same words whether the browser or a
 * server caught the problem. A field's rules read the value as a server receives it (any JSON
 * value: text is trimmed, numbers count as text) while the field is typed the way the form that
 * edits it holds it (text: string, checkbox: boolean).
 */

/** A value as forms' text is read: trimmed, '' when absent, null when it is not text at all (numbers count as text). */
export function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  return String(value).trim();
}

/** Present: not undefined, null or ''. */
export function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
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

/** YYYY-MM-DD naming a real calendar day (2023-02-30 is refused). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** One rule of one field: the message shown under the field when `breaks` holds for its value. */
export interface FieldCheck {
  message: string;
  breaks: (value: unknown) => boolean;
}

/** The messages of the checks `value` breaks, in the checks' order (the first is the one a form shows). */
export function brokenChecks(checks: readonly FieldCheck[], value: unknown): string[] {
  return checks.filter((check) => check.breaks(value)).map((check) => check.message);
}

/** The checks, applied only when the value was sent (a partial update keeps what it does not send). */
export function ifSent(checks: readonly FieldCheck[]): FieldCheck[] {
  return checks.map(({ message, breaks }) => ({ message, breaks: (value) => value !== undefined && value !== null && breaks(value) }));
}

/**
 * What the API document says of a field (its checks cannot be read from the outside): the JSON
 * type a client sends, an example, limits. `required`: the request must carry it (zod sees every
 * form field as optional, since its checks say what a missing one is).
 */
export interface FieldDoc {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  format?: string;
  description?: string;
  example?: unknown;
  default?: unknown;
  enum?: readonly unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  oneOf?: readonly FieldDoc[];
  required?: boolean;
}

/**
 * A form field: each broken check is one issue on the field, in order; the parsed value is
 * `read(value)`. `In` is how the form holds the field (string for text, boolean for a checkbox);
 * the checks still accept any value, as a server receives it. `doc` is what the API document says
 * of it.
 */
export function formField<Out, In = Out>(checks: readonly FieldCheck[], read: (value: unknown) => Out, doc?: FieldDoc): z.ZodType<Out, In> {
  // Optional in: an absent field is checked (and read) as undefined, not refused for being absent.
  const schema = z
    .unknown()
    .optional()
    .superRefine((value, ctx) => {
      for (const message of brokenChecks(checks, value)) ctx.addIssue({ code: 'custom', message });
    })
    .transform(read);
  // The run-time input is any JSON value; the declared one is the form's (see above).
  return (doc ? schema.meta({ ...doc }) : schema) as unknown as z.ZodType<Out, In>;
}

/**
 * A text field: the text as sent (a number as its digits), '' when absent. It is not trimmed, so
 * that the form's checks (`FormCheck`) see what was sent (a blank invitation token is still
 * "given"); `textOf` trims, and a value that is not text stays as sent for a check to refuse.
 */
export function textField(checks: readonly FieldCheck[] = [], doc: FieldDoc = {}): z.ZodType<string, string> {
  return formField<string, string>(
    checks,
    (value) => (value === undefined || value === null ? '' : typeof value === 'number' ? String(value) : (value as string)),
    { type: 'string', ...doc },
  );
}

/**
 * A value looked up as it is (an id, a slug, a code): read as text whatever a caller sent
 * (`textOfAnyValue`), so that what is no text simply finds nothing.
 */
export function lookupField(doc: FieldDoc = {}): z.ZodType<string, string> {
  return formField<string, string>([], textOfAnyValue, { type: 'string', ...doc });
}

/** A checkbox: ticked or not (true, 1, "1", "true", "on" or "yes" tick it). */
export function checkboxField(checks: readonly FieldCheck[] = [], doc: FieldDoc = {}): z.ZodType<boolean, boolean> {
  return formField<boolean, boolean>(checks, isTicked, { description: 'Ticked: true, 1, "1", "true", "on" or "yes"', ...doc });
}

/** A rule of the whole form about one field (a confirmation, a requirement that depends on another field). */
export interface FormCheck<Form> {
  field: string;
  message: string;
  breaks: (form: Form) => boolean;
}

/** Field checks that apply only when `condition` holds for the form (the company fields of a corporate account). */
export function checksWhen<Form extends Record<string, unknown>>(
  condition: (form: Form) => boolean,
  fields: Record<string, readonly FieldCheck[]>,
): FormCheck<Form>[] {
  return Object.entries(fields).flatMap(([field, checks]) =>
    checks.map(({ message, breaks }) => ({ field, message, breaks: (form: Form) => condition(form) && breaks(form[field]) })),
  );
}

/**
 * A request schema: the fields' own checks, then the form's checks (`FormCheck`, given the
 * parsed form), each broken one an issue on its field. A field's messages come in the order of
 * its checks, the form's after the field's own.
 */
export function formSchema<Shape extends z.ZodRawShape>(shape: Shape, formChecks: readonly FormCheck<z.output<z.ZodObject<Shape>>>[] = []) {
  return z.object(shape).superRefine((form, ctx) => {
    for (const check of formChecks) {
      if (check.breaks(form)) ctx.addIssue({ code: 'custom', path: [check.field], message: check.message });
    }
  });
}

/** `T` with the keys whose value may be undefined made optional. */
type UndefinedAsOptional<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};

/**
 * A request as its caller writes it: the schema's input, where a field the schema reads as
 * absent may be left out. The type of an RPC's request (`defineRpc<RequestOf<typeof schema>, …>`).
 */
export type RequestOf<S extends z.ZodType> = UndefinedAsOptional<z.input<S>>;

/** The field messages of a form that breaks its schema, as a 422 carries them (`{ field: [messages] }`); null when it is valid. */
export function formErrors(schema: z.ZodType, form: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(form);
  return result.success ? null : fieldErrorsOf(result.error);
}

/**
 * An empty `{ field: [messages] }` map. It has no prototype: field names come from requests, and
 * one called `__proto__`, `sort` or `constructor` must be a field like any other, not reach (or
 * replace) what every object inherits.
 */
export function emptyFieldErrors(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

/** The issues of a failed parse as a 422 carries them: `{ field: [messages] }` (a nested field as `a.b`, the whole request as `_`). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors = emptyFieldErrors();
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
