import { formField, formSchema, ifSent, isMissing, textField, type FieldCheck } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import { ValidationFailedException } from '../errors/validation-failed.exception.js';
import { ZodValidationPipe, type ZodPipeOptions } from './zod-validation.pipe.js';

const required = (message: string): FieldCheck => ({ message, breaks: isMissing });
const whole = (message: string): FieldCheck => ({ message, breaks: (value) => !Number.isInteger(Number(value)) || value === '' });

/** A line of an order: the quantity comes as form text, the note is optional, the e-mail confirms. */
const lineSchema = formSchema(
  {
    quantity: formField<number>([required('The quantity is required.'), whole('The quantity must be a whole number.')], Number),
    note: textField(ifSent([{ message: 'The note must be text.', breaks: (value) => typeof value !== 'string' }])).optional(),
    email: textField([required('The e-mail is required.')]),
    email_confirmation: textField(),
  },
  [{ field: 'email', message: 'The e-mails differ.', breaks: (form) => form.email !== form.email_confirmation }],
);

const BODY: ArgumentMetadata = { type: 'body' };

function run(value: unknown, options?: ZodPipeOptions, metadata: ArgumentMetadata = BODY): { value?: unknown; errors?: Record<string, string[]> } {
  try {
    return { value: new ZodValidationPipe(lineSchema, options).transform(value, metadata) };
  } catch (error) {
    if (error instanceof ValidationFailedException) return { errors: error.errors };
    throw error;
  }
}

const entries = (errors: Record<string, string[]> | undefined) => Object.entries(errors ?? {});

describe('ZodValidationPipe', () => {
  it('passes the parsed request on: numbers read from form text, absent optional fields absent', () => {
    expect(run({ quantity: '3', email: 'a@b.eu', email_confirmation: 'a@b.eu' })).toEqual({
      value: { quantity: 3, email: 'a@b.eu', email_confirmation: 'a@b.eu' },
    });
  });

  it('answers every broken field with its messages in the order of its checks, the form\'s own checks after them', () => {
    expect(entries(run({ quantity: 'two', email_confirmation: 'x' }).errors)).toEqual([
      ['quantity', ['The quantity must be a whole number.']],
      ['email', ['The e-mail is required.', 'The e-mails differ.']],
    ]);
    expect(run({ email: 'a@b.eu', email_confirmation: 'a@b.eu' }).errors).toEqual({
      quantity: ['The quantity is required.', 'The quantity must be a whole number.'],
    });
  });

  it('refuses fields the schema does not have, listed before the fields\' own messages', () => {
    const { errors } = run({ email: 'a@b.eu', price: 0, quantity: 'x', email_confirmation: 'a@b.eu', role: 'admin' });
    expect(entries(errors)).toEqual([
      ['price', ['property price should not exist']],
      ['role', ['property role should not exist']],
      ['quantity', ['The quantity must be a whole number.']],
    ]);
  });

  it('treats fields named like what every object inherits (__proto__, sort, constructor) as fields', () => {
    // A query parser gives `?sort=x&__proto__=` as own keys; neither may be lost or replace the answer's prototype.
    const listSchema = formSchema({ sort: textField([{ message: 'The sort is unknown.', breaks: (value) => value !== 'name' }]) });
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { sort: 'x', ['__proto__']: '' });
    let errors: Record<string, string[]> | undefined;
    try {
      new ZodValidationPipe(listSchema).transform(query, { type: 'query' });
    } catch (error) {
      if (error instanceof ValidationFailedException) errors = error.errors;
      else throw error;
    }
    expect(errors && Object.entries(errors)).toEqual([
      ['__proto__', ['property __proto__ should not exist']],
      ['sort', ['The sort is unknown.']],
    ]);
    expect(entries(run({ constructor: 1, quantity: '1', email: 'a@b.eu', email_confirmation: 'a@b.eu' }).errors)).toEqual([
      ['constructor', ['property constructor should not exist']],
    ]);
  });

  it('reads no body as an empty one', () => {
    expect(run(undefined).errors).toEqual(run({}).errors);
    expect(run(null).errors).toEqual(run({}).errors);
  });

  it('refuses a body that is not an object: its fields missing, an array\'s items unknown, else "object is expected"', () => {
    expect(run('quantity=3').errors).toEqual(run({}).errors);
    expect(entries(run([{ quantity: 1 }]).errors)[0]).toEqual(['0', ['property 0 should not exist']]);

    const everyFieldOptional = formSchema({ note: textField().optional() });
    const refuse = (value: unknown, metadata: ArgumentMetadata) => () => new ZodValidationPipe(everyFieldOptional).transform(value, metadata);
    expect(refuse([], BODY)).toThrow(expect.objectContaining({ errors: { body: ['Validation failed (object is expected)'] } }));
    expect(refuse(5, { type: 'query' })).toThrow(expect.objectContaining({ errors: { query: ['Validation failed (object is expected)'] } }));
    expect(new ZodValidationPipe(everyFieldOptional).transform({}, BODY)).toEqual({});
  });

  it("with pass 'sent', passes the schema's fields as they were sent, nothing else", () => {
    expect(run({ quantity: '3', email: 'a@b.eu', email_confirmation: 'a@b.eu' }, { pass: 'sent' })).toEqual({
      value: { quantity: '3', email: 'a@b.eu', email_confirmation: 'a@b.eu' },
    });
  });

  it("with check 'fields', refuses only unknown fields and passes the others as sent, for the service to check", () => {
    expect(run({ quantity: 'two' }, { check: 'fields' })).toEqual({ value: { quantity: 'two' } });
    expect(run({ quantity: 'two', admin: true }, { check: 'fields' })).toEqual({ errors: { admin: ['property admin should not exist'] } });
  });
});
