import { emptyFieldErrors, formErrors } from '@aero/contracts';
import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationFailedException } from '../errors/validation-failed.exception.js';

/** What a request schema of the gateway is: an object of named fields (with form-level checks or not). */
export type RequestSchema = z.ZodObject;

export interface ZodPipeOptions {
  /**
   * What the handler receives: `'parsed'` (default), the schema's output (numbers read from form
   * text, defaults applied); `'sent'`, the schema's fields as they were sent, for a form its
   * service reads again with the same rules (so it sees exactly what the browser sent).
   */
  pass?: 'parsed' | 'sent';
  /**
   * `'all'` (default): every rule of the schema. `'fields'`: only that no unknown field is sent,
   * for a form whose rules need the service's data (known countries, a captcha): the service
   * checks them all and answers every field at once.
   */
  check?: 'all' | 'fields';
}

/** The fields of a request schema, in their order. */
export function fieldsOf(schema: RequestSchema): [string, z.ZodType][] {
  return Object.entries<z.ZodType>(schema.shape);
}

/** The schema's fields as sent: the value of every field the request has, nothing else. */
export type SentFields<S extends RequestSchema> = { [K in keyof S['shape']]?: unknown };

/**
 * The gateway's edge validation of a body, a query or the path parameters with a request schema
 * of libs/contracts: a 422 `{ message, errors: { field: [messages] } }` (ValidationFailedException)
 * when the request breaks it. Fields the schema does not have are refused
 * (`property x should not exist`) and listed first; then each field's messages in the order of the
 * schema's fields, the first one being the one a form shows. No value (no body) is read as `{}`;
 * a value that is not an object (an array, a string) is refused as such.
 */
export class ZodValidationPipe implements PipeTransform {
  constructor(
    private readonly schema: RequestSchema,
    private readonly options: ZodPipeOptions = {},
  ) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const { object, notAnObject } = asObject(value);
    const errors = this.errorsOf(object);
    if (Object.keys(errors).length === 0 && notAnObject) {
      errors[metadata.data ?? metadata.type] = [OBJECT_EXPECTED];
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
    if (this.options.pass === 'sent' || this.options.check === 'fields') return sentFields(this.schema, object);
    return this.schema.parse(object);
  }

  private errorsOf(object: Record<string, unknown>): Record<string, string[]> {
    const fields = Object.keys(this.schema.shape);
    const errors = emptyFieldErrors();
    for (const key of Object.keys(object)) {
      if (!Object.hasOwn(this.schema.shape, key)) errors[key] = [unknownFieldMessage(key)];
    }
    if (this.options.check === 'fields') return errors;
    const broken = formErrors(this.schema, object) ?? {};
    for (const field of [...fields, ...Object.keys(broken)]) {
      if (Object.hasOwn(broken, field) && !Object.hasOwn(errors, field)) errors[field] = broken[field];
    }
    return errors;
  }
}

/** A field the request schema does not have. */
export function unknownFieldMessage(field: string): string {
  return `property ${field} should not exist`;
}

/** The answer to a body (or query) that is not an object at all, once nothing else is wrong. */
export const OBJECT_EXPECTED = 'Validation failed (object is expected)';

/**
 * The request as an object of fields: no value is `{}`; an array's items are fields of their
 * own (`0`, `1`, ..., each refused); another value (a string, a number) has no fields.
 */
function asObject(value: unknown): { object: Record<string, unknown>; notAnObject: boolean } {
  if (value === undefined || value === null) return { object: {}, notAnObject: false };
  if (Array.isArray(value)) return { object: Object.fromEntries(Object.keys(value).map((index) => [index, undefined])), notAnObject: true };
  if (typeof value !== 'object' || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return { object: {}, notAnObject: true };
  return { object: value as Record<string, unknown>, notAnObject: false };
}

function sentFields(schema: RequestSchema, object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.shape).filter((field) => Object.hasOwn(object, field)).map((field) => [field, object[field]]));
}
