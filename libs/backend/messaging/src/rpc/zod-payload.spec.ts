import { DomainError } from '@aero/backend-errors';
import { AccountErrorCode, formField, formSchema, isMissing, textField } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ZodPayloadPipe } from './zod-payload.js';

const quantityRequest = formSchema(
  {
    quantity: formField<number>(
      [
        { message: 'The quantity is required.', breaks: isMissing },
        { message: 'The quantity must be a whole number.', breaks: (value) => !Number.isInteger(Number(value)) || value === '' },
      ],
      Number,
    ),
    email: textField([{ message: 'The e-mail is required.', breaks: isMissing }]),
  },
  [{ field: 'email', message: 'The e-mail must be an address.', breaks: (form) => !String(form.email ?? '').includes('@') }],
);

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the payload was not refused');
}

describe('ZodPayloadPipe', () => {
  it('hands the handler the parsed payload: values read, unknown fields left out', () => {
    expect(new ZodPayloadPipe(quantityRequest).transform({ quantity: '3', email: 'a@b.eu', role: 'admin' })).toEqual({ quantity: 3, email: 'a@b.eu' });
    expect(new ZodPayloadPipe(z.object({ id: z.string().optional() })).transform(undefined)).toEqual({});
  });

  it("refuses a payload that breaks the schema with every field's messages in order, as a 422 validation_failed", () => {
    const error = refusal(() => new ZodPayloadPipe(quantityRequest).transform(null));
    expect(error.toPayload()).toEqual({
      code: 'validation_failed',
      message: 'The given data was invalid.',
      status: 422,
      errors: {
        quantity: ['The quantity is required.', 'The quantity must be a whole number.'],
        email: ['The e-mail is required.', 'The e-mail must be an address.'],
      },
    });
  });

  it("answers with the form's own code and top message when the handler names them", () => {
    const pipe = new ZodPayloadPipe(quantityRequest, { code: AccountErrorCode.Validation, message: 'The form contains errors.' });
    expect(refusal(() => pipe.transform({ quantity: 2, email: 'x' })).toPayload()).toEqual({
      code: AccountErrorCode.Validation,
      message: 'The form contains errors.',
      status: 422,
      errors: { email: ['The e-mail must be an address.'] },
    });
  });

  it('tells the code and the top message from the field messages when the handler says how', () => {
    const pipe = new ZodPayloadPipe(quantityRequest, {
      code: (errors) => (errors.quantity ? AccountErrorCode.Validation : 'validation_failed'),
      message: (errors) => Object.keys(errors).join(', '),
    });
    expect(refusal(() => pipe.transform({ email: 'x' })).toPayload()).toMatchObject({ code: AccountErrorCode.Validation, message: 'quantity, email' });
    expect(refusal(() => pipe.transform({ quantity: 1, email: 'x' })).toPayload()).toMatchObject({ code: 'validation_failed', message: 'email' });
  });

  it('names a nested field by its path and the payload itself as _', () => {
    const lines = z.object({ lines: z.array(z.object({ id: z.string({ error: 'The id must be text.' }) })) });
    expect(refusal(() => new ZodPayloadPipe(lines).transform({ lines: [{ id: 'a' }, { id: 1 }] })).errors).toEqual({ 'lines.1.id': ['The id must be text.'] });
    expect(refusal(() => new ZodPayloadPipe(z.string({ error: 'Text expected.' })).transform(5)).errors).toEqual({ _: ['Text expected.'] });
  });
});
