import type { CartSnapshot } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { contentHash } from './order-content.js';

const snapshot: CartSnapshot = {
  lines: [
    {
      productId: 107,
      productType: 'course',
      name: 'Part-66 Module 7',
      quantity: 1,
      programId: 1007,
      unitPriceCents: 19900,
      unitDiscountCents: 0,
      totalCents: 19900,
    },
  ],
  totals: { beforeDiscountCents: 19900, discountCents: 0, withDiscountCents: 19900, voucherDiscountCents: 0, finalCents: 19900 },
  voucherCode: null,
  voucherAutoApplied: false,
};

describe('order content', () => {
  it('gives the same cart the same fingerprint, and a changed cart or voucher another one', () => {
    expect(contentHash(snapshot, null)).toBe(contentHash(structuredClone(snapshot), null));
    const twoSeats = { ...snapshot, lines: [{ ...snapshot.lines[0], quantity: 2, totalCents: 39800 }] };
    expect(contentHash(twoSeats, null)).not.toBe(contentHash(snapshot, null));
    expect(contentHash({ ...snapshot, voucherCode: 'SPRING25' }, null)).not.toBe(contentHash(snapshot, null));
  });

  it('tells orders billed differently apart', () => {
    const billing = {
      person: 'Ada',
      email: null,
      phone: null,
      country: 'FR',
      region: null,
      city: null,
      address: null,
      zip: null,
      to_company: false,
      company: null,
      company_code: null,
      vat: null,
    };
    expect(contentHash(snapshot, billing)).not.toBe(contentHash(snapshot, { ...billing, to_company: true }));
  });
});
