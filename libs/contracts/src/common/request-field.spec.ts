import { describe, expect, it } from '@jest/globals';
import { decimalPlaces, isNumberWithDecimals, numberFromText, textLength, UUID_FORMAT, wholeNumberFromText } from './request-field.js';

describe('decimalPlaces', () => {
  it('counts the decimals of a number written out in full, exponent forms included', () => {
    expect([199, 19.9, 19.99, 0.015, 1e-7, 5e-323, 1.5e-7, 1e21, -0.5, 0.1 + 0.2].map(decimalPlaces)).toEqual([0, 1, 2, 3, 7, 323, 8, 0, 1, 17]);
  });
});

describe('isNumberWithDecimals', () => {
  it('accepts finite numbers with at most that many decimals', () => {
    for (const amount of [199, 0.01, 19.99, -4.5, 10_000_000]) expect({ amount, ok: isNumberWithDecimals(amount, 2) }).toEqual({ amount, ok: true });
  });

  it('refuses more decimals, tiny numbers in exponent form, non-finite values and non-numbers', () => {
    for (const amount of [0.015, 1e-7, -5e-323, Infinity, NaN, '19.99', null, {}]) {
      expect({ amount, ok: isNumberWithDecimals(amount, 2) }).toEqual({ amount, ok: false });
    }
  });
});

describe('numbers from form text', () => {
  it('reads whole numbers, and decimals where money is sent, leaving anything else as sent', () => {
    expect(['12', ' -3 ', '1.5', 'abc', '', 7].map(wholeNumberFromText)).toEqual([12, -3, '1.5', 'abc', '', 7]);
    expect(['19.99', ' 12 ', '1e3', '.5'].map(numberFromText)).toEqual([19.99, 12, '1e3', '.5']);
  });
});

describe('textLength', () => {
  it('counts an emoji and a character with its presentation selector as one character', () => {
    expect(textLength('abc')).toBe(3);
    expect(textLength('🛩')).toBe(1);
    expect(textLength('🛩️')).toBe(1);
    expect(textLength('✈️✈')).toBe(2);
  });
});

describe('UUID_FORMAT', () => {
  it('accepts ids of versions 1 to 8 and the nil and max ids, nothing else', () => {
    expect(['0d7c9f5e-1b0a-4c55-9b39-5a1f0f3f8e11', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'].every((id) => UUID_FORMAT.test(id))).toBe(true);
    expect(['0d7c9f5e-1b0a-0c55-9b39-5a1f0f3f8e11', '0d7c9f5e-1b0a-4c55-1b39-5a1f0f3f8e11', '0d7c9f5e1b0a4c559b395a1f0f3f8e11', 'not-an-order'].some((id) => UUID_FORMAT.test(id))).toBe(false);
  });
});
