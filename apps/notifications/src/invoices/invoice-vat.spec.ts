import { describe, expect, it } from '@jest/globals';
import { formatVatRate, isReverseCharge, vatIncluded } from './invoice-vat.js';

describe('invoice VAT', () => {
  it('takes the VAT out of the amount paid (prices include VAT), rounded to the cent, the rest taxable', () => {
    expect(vatIncluded(12100, 21)).toEqual({ netCents: 10000, vatCents: 2100 });
    expect(vatIncluded(19900, 21)).toEqual({ netCents: 16446, vatCents: 3454 });
    expect(vatIncluded(0, 21)).toEqual({ netCents: 0, vatCents: 0 });
    expect(vatIncluded(19900, 0)).toEqual({ netCents: 19900, vatCents: 0 });
  });

  it('reverse-charges a company billed with a VAT number of another EU member state, nobody else', () => {
    expect(isReverseCharge('BE0123456789', { company: 'Baltic MRO', vat: 'PL5260001246' })).toBe(true);
    expect(isReverseCharge('BE0123456789', { company: 'Hellas MRO', vat: 'el123456789' })).toBe(true);
    expect(isReverseCharge('BE0123456789', { company: 'Brussels MRO', vat: 'BE0999999999' })).toBe(false);
    expect(isReverseCharge('BE0123456789', { company: 'Oslo MRO', vat: 'NO123456789MVA' })).toBe(false);
    expect(isReverseCharge('BE0123456789', { company: null, vat: 'PL5260001246' })).toBe(false);
    expect(isReverseCharge('BE0123456789', { company: 'Baltic MRO', vat: null })).toBe(false);
  });

  it('prints rates as "21 %"', () => {
    expect(formatVatRate(21)).toBe('21 %');
    expect(formatVatRate(5.5)).toBe('5.5 %');
  });
});
