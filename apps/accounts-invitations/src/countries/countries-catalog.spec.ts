import { describe, expect, it } from '@jest/globals';
import { CountriesCatalog } from './countries-catalog.js';

const catalog = new CountriesCatalog();

describe('countries catalogue', () => {
  it('validates alpha-2 ids case-insensitively', () => {
    expect(catalog.isCountry('de')).toBe(true);
    expect(catalog.isCountry('DE ')).toBe(true);
    expect(catalog.isCountry('DEU')).toBe(false);
    expect(catalog.isCountry('XX')).toBe(false);
    expect(catalog.isCountry(49)).toBe(false);
  });

  it('puts the exact id first, then names starting with the query, then names containing it', () => {
    const ids = catalog.search('in').map((c) => c.id);
    expect(ids[0]).toBe('IN');
    expect(ids.indexOf('ID')).toBeLessThan(ids.indexOf('FI'));
  });

  it('ignores accents and case', () => {
    expect(catalog.search('ÅLAND').map((c) => c.id)).toContain('AX');
    expect(catalog.search('reunion').map((c) => c.id)).toEqual(['RE']);
  });
});
