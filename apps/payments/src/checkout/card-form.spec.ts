import { cardPayRequestSchema, CardFieldMessages, luhnValid, PaymentMessages, PaymentsErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { ZodPayloadPipe } from '@aero/backend-messaging';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { cardDetailsOf } from './card-form.js';
import { CARD_FORM_REFUSAL } from './payment.errors.js';

const now = new Date('2026-11-21T12:00:00Z');
const valid = { number: '4242 4242 4242 4242', expiration_month: '12', expiration_year: '2028', cvc: '123' };

/** The card as payments reads a PayByCard request: parsed with its schema, then made provider-ready. */
function parseCardForm(form: Record<string, unknown>) {
  return cardDetailsOf(new ZodPayloadPipe(cardPayRequestSchema, CARD_FORM_REFUSAL).transform(form));
}

function errorsOf(form: unknown): DomainError {
  try {
    new ZodPayloadPipe(cardPayRequestSchema, CARD_FORM_REFUSAL).transform(form);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected the form to be refused');
}

describe('card form', () => {
  beforeAll(() => {
    jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
  });
  afterAll(() => {
    jest.useRealTimers();
  });

  it('accepts a valid card, ignoring spaces and dashes in the number', () => {
    expect(parseCardForm(valid)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2028, cvc: '123' });
    expect(parseCardForm({ ...valid, number: '4242-4242-4242-4242' }).number).toBe('4242424242424242');
  });

  it('refuses a number that fails the Luhn checksum, with the spec form-invalid message', () => {
    const error = errorsOf({ ...valid, number: '4242 4242 4242 4241' });
    expect(error.status).toBe(422);
    expect(error.code).toBe(PaymentsErrorCode.FormInvalid);
    expect(error.message).toBe(PaymentMessages.formInvalid);
    expect(error.errors).toEqual({ number: [CardFieldMessages.numberInvalid] });
  });

  it('refuses letters, too short numbers and a missing number', () => {
    expect(errorsOf({ ...valid, number: '4242abcd42424242' }).errors?.number).toEqual([CardFieldMessages.numberInvalid]);
    expect(errorsOf({ ...valid, number: '42' }).errors?.number).toEqual([CardFieldMessages.numberInvalid]);
    expect(errorsOf({ ...valid, number: '' }).errors?.number).toEqual([CardFieldMessages.numberRequired]);
  });

  it('accepts the current month and refuses last month as expired', () => {
    expect(parseCardForm({ ...valid, expiration_month: 11, expiration_year: 2026 }).expMonth).toBe(11);
    expect(errorsOf({ ...valid, expiration_month: 10, expiration_year: 2026 }).errors).toEqual({ expiration_year: [CardFieldMessages.expired] });
    expect(errorsOf({ ...valid, expiration_year: '2025' }).errors).toEqual({ expiration_year: [CardFieldMessages.expired] });
  });

  it('reads a two-digit year as 20xx', () => {
    expect(parseCardForm({ ...valid, expiration_year: '28' }).expYear).toBe(2028);
  });

  it('refuses a month outside 1-12 and a year too far ahead', () => {
    expect(errorsOf({ ...valid, expiration_month: '13' }).errors?.expiration_month).toEqual([CardFieldMessages.monthInvalid]);
    expect(errorsOf({ ...valid, expiration_month: '0' }).errors?.expiration_month).toEqual([CardFieldMessages.monthInvalid]);
    expect(errorsOf({ ...valid, expiration_year: '2099' }).errors?.expiration_year).toEqual([CardFieldMessages.yearInvalid]);
  });

  it('wants a CVC of 3 or 4 digits', () => {
    expect(parseCardForm({ ...valid, cvc: '1234' }).cvc).toBe('1234');
    expect(errorsOf({ ...valid, cvc: '12' }).errors).toEqual({ cvc: [CardFieldMessages.cvcInvalid] });
    expect(errorsOf({ ...valid, cvc: '12a' }).errors).toEqual({ cvc: [CardFieldMessages.cvcInvalid] });
  });

  it('reports every bad field at once', () => {
    expect(Object.keys(errorsOf({}).errors ?? {}).sort()).toEqual(['cvc', 'expiration_month', 'expiration_year', 'number']);
  });

  it('computes the Luhn checksum', () => {
    expect(luhnValid('4000000000003220')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000000000000119')).toBe(true);
    expect(luhnValid('4000000000000003')).toBe(false);
  });
});
