import { isCertificateNumber } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { newCertificateNumber } from './certificate-number.js';

describe('certificate numbers (issue 15)', () => {
  it('are AMA-<year of issue>-XXXX-XXXX, from signs that cannot be mistaken for each other', () => {
    const issuedAt = new Date('2026-11-29T07:00:00Z');
    for (let i = 0; i < 200; i++) {
      const number = newCertificateNumber(issuedAt);
      expect(number).toMatch(/^AMA-2026-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(number.slice(9)).not.toMatch(/[01IO]/);
      expect(isCertificateNumber(number)).toBe(true);
    }
  });

  it('draw each of the eight signs from the random source', () => {
    const draws: number[] = [];
    const number = newCertificateNumber(new Date('2027-01-01T00:00:00Z'), (max) => {
      draws.push(max);
      return draws.length - 1;
    });
    expect(draws).toEqual(Array(8).fill(32));
    expect(number).toBe('AMA-2027-2345-6789');
  });

  it('are told apart from anything else written in their place', () => {
    for (const text of ['AMA-2026-0000-AAAA', 'ama-2026-ABCD-EFGH', 'AMA-26-ABCD-EFGH', 'AMA-2026-ABCD-EFGH-', '', null, 42]) {
      expect(isCertificateNumber(text)).toBe(false);
    }
  });
});
