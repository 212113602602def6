import { describe, expect, it } from '@jest/globals';
import { validate } from 'class-validator';
import { decimalPlaces, IsNumberWithDecimals } from './decimal-number.validator.js';

class Payment {
  @IsNumberWithDecimals(2, { message: 'two decimals at most' })
  amount: unknown;
}

const errorsFor = async (amount: unknown) =>
  (await validate(Object.assign(new Payment(), { amount }))).flatMap((error) => Object.values(error.constraints ?? {}));

describe('decimalPlaces', () => {
  it('counts the decimals of a number written out in full, exponent forms included', () => {
    expect([199, 19.9, 19.99, 0.015, 1e-7, 5e-323, 1.5e-7, 1e21, -0.5, 0.1 + 0.2].map(decimalPlaces)).toEqual([0, 1, 2, 3, 7, 323, 8, 0, 1, 17]);
  });
});

describe('IsNumberWithDecimals', () => {
  it('accepts finite numbers with at most that many decimals', async () => {
    for (const amount of [199, 0.01, 19.99, -4.5, 10_000_000]) expect(await errorsFor(amount)).toEqual([]);
  });

  it('refuses more decimals, tiny numbers in exponent form (which class-validator threw on), non-finite values and non-numbers, once', async () => {
    for (const amount of [0.015, 1e-7, -5e-323, Infinity, NaN, '19.99', null, {}]) {
      expect({ amount, errors: await errorsFor(amount) }).toEqual({ amount, errors: ['two decimals at most'] });
    }
  });
});
