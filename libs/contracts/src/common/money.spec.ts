import { describe, expect, it } from '@jest/globals';
import { centsToEuros, formatEuros } from './money.js';

describe('money', () => {
  it('shows euros with two decimals and thousands grouped by commas', () => {
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatEuros(5)).toBe('€0.05');
    expect(formatEuros(12990)).toBe('€129.90');
    expect(formatEuros(99999)).toBe('€999.99');
    expect(formatEuros(100000)).toBe('€1,000.00');
    expect(formatEuros(123456789)).toBe('€1,234,567.89');
    expect(formatEuros(100000000000)).toBe('€1,000,000,000.00');
  });

  it('puts the sign before the euro sign, and rounds fractions of a cent', () => {
    expect(formatEuros(-123456)).toBe('-€1,234.56');
    expect(formatEuros(1999.6)).toBe('€20.00');
  });

  it('gives JSON answers euros rounded to cents', () => {
    expect(centsToEuros(12990)).toBe(129.9);
    expect(centsToEuros(1)).toBe(0.01);
  });
});
