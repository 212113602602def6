import { describe, expect, it } from '@jest/globals';
import { formatEur, formatEurReduction } from './money.js';
import { sameOriginPath } from './redirect.js';

describe('formatEur (shop §9: EUR with two decimals)', () => {
  it('shows euros with the euro sign, thousands separators and two decimals', () => {
    expect(formatEur(129.9)).toBe('€129.90');
    expect(formatEur(1188)).toBe('€1,188.00');
    expect(formatEur(0)).toBe('€0.00');
    expect(formatEur(0.1 + 0.2)).toBe('€0.30');
  });

  it('shows reductions with a minus sign, and no reduction as €0.00', () => {
    expect(formatEurReduction(40.5)).toBe('-€40.50');
    expect(formatEurReduction(0)).toBe('€0.00');
  });
});

describe('sameOriginPath (order-success-redirect)', () => {
  const origin = 'https://shop.example';
  it('keeps a path of this site with its query and hash', () => {
    expect(sameOriginPath('/my-courses?tab=2#top', origin)).toBe('/my-courses?tab=2#top');
  });

  it('refuses other sites and scripts', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect([value, sameOriginPath(value, origin)]).toEqual([value, undefined]);
    }
  });
});
