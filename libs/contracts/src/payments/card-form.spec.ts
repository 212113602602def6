import { describe, expect, it } from '@jest/globals';
import { cardFormErrors, CardFieldMessages, luhnValid } from './card-form.js';

const now = new Date(Date.UTC(2026, 5, 15)); // June 2026

describe('cardFormErrors (the payment page card form, mirrored from payments)', () => {
  it('accepts the sandbox cards with spaces or dashes, two- or four-digit years and 3-4 digit CVCs', () => {
    expect(cardFormErrors({ number: '4242 4242 4242 4242', expiration_month: '6', expiration_year: '26', cvc: '123' }, now)).toEqual({});
    expect(cardFormErrors({ number: '4000-0000-0000-3220', expiration_month: 12, expiration_year: 2046, cvc: 1234 }, now)).toEqual({});
  });

  it('a card is valid to the end of its expiry month', () => {
    expect(cardFormErrors({ number: '4242424242424242', expiration_month: '5', expiration_year: '2026', cvc: '123' }, now)).toEqual({
      expiration_year: CardFieldMessages.expired,
    });
  });

  it('gives one message per field: required or invalid number, month, year, CVC', () => {
    expect(cardFormErrors({}, now)).toEqual({
      number: CardFieldMessages.numberRequired,
      expiration_month: CardFieldMessages.monthInvalid,
      expiration_year: CardFieldMessages.yearInvalid,
      cvc: CardFieldMessages.cvcInvalid,
    });
    expect(cardFormErrors({ number: '4242424242424241', expiration_month: '0', expiration_year: '2047', cvc: '12345' }, now)).toEqual({
      number: CardFieldMessages.numberInvalid,
      expiration_month: CardFieldMessages.monthInvalid,
      expiration_year: CardFieldMessages.yearInvalid,
      cvc: CardFieldMessages.cvcInvalid,
    });
    // A past year is "expired" even when the month is wrong too.
    expect(cardFormErrors({ number: '4242424242424242', expiration_month: 'x', expiration_year: '2020', cvc: '123' }, now)).toEqual({
      expiration_month: CardFieldMessages.monthInvalid,
      expiration_year: CardFieldMessages.expired,
    });
  });

  it('checks the Luhn checksum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});
