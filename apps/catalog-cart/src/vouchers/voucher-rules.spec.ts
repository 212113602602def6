import { describe, expect, it } from '@jest/globals';
import { voucherRules } from '../../test/support/voucher-fixtures.js';
import {
  NO_USAGE,
  readsUsageFacts,
  rejectionReason,
  usageFactsRead,
  voucherDiscountCents,
  type RuleLine,
  type UsageFacts,
  type VoucherContext,
  type VoucherRules,
} from './voucher-rules.js';

const now = new Date('2026-11-21T12:00:00Z');

const voucher = voucherRules;

const course: RuleLine = { productId: 107, productType: 'course', amountCents: 19900 };
const otherCourse: RuleLine = { productId: 201, productType: 'course', amountCents: 14900 };
const wallet: RuleLine = { productId: 501, productType: 'wallet', amountCents: 10000 };

function ctx(overrides: Partial<VoucherContext> = {}): VoucherContext {
  return { now, lines: [course], otherVoucherApplied: false, hasPaidOrder: false, usesTotal: 0, usesByUser: 0, ...overrides };
}

describe('voucher rules', () => {
  it('accepts a valid voucher for a cart with an eligible product', () => {
    expect(rejectionReason(voucher(), ctx())).toBeNull();
  });

  it('refuses a voucher before its start date as not available yet', () => {
    expect(rejectionReason(voucher({ startsAt: new Date('2027-01-01') }), ctx())).toBe('NotYetValid');
  });

  it('refuses a voucher at and after its end date as expired', () => {
    expect(rejectionReason(voucher({ endsAt: now }), ctx())).toBe('Expired');
    expect(rejectionReason(voucher({ endsAt: new Date('2026-01-01') }), ctx())).toBe('Expired');
  });

  it('refuses a second discount when another voucher is already applied', () => {
    expect(rejectionReason(voucher(), ctx({ otherVoucherApplied: true }))).toBe('AlreadyDiscounted');
  });

  it('refuses a first-order voucher to a buyer who already has a paid order', () => {
    expect(rejectionReason(voucher({ firstOrderOnly: true }), ctx({ hasPaidOrder: true }))).toBe('FirstOrderOnly');
    expect(rejectionReason(voucher({ firstOrderOnly: true }), ctx({ hasPaidOrder: false }))).toBeNull();
  });

  it('refuses a voucher whose total uses are exhausted, and one the user already used up', () => {
    expect(rejectionReason(voucher({ maxUsesTotal: 1 }), ctx({ usesTotal: 1 }))).toBe('UsedUp');
    expect(rejectionReason(voucher({ maxUsesPerUser: 1 }), ctx({ usesByUser: 1 }))).toBe('UsedByUser');
    expect(rejectionReason(voucher({ maxUsesTotal: 2 }), ctx({ usesTotal: 1 }))).toBeNull();
  });

  it('gives no discount when the cart only adds funds to the wallet', () => {
    expect(rejectionReason(voucher(), ctx({ lines: [wallet] }))).toBe('WalletFunds');
  });

  it('names the course when the voucher is only for a course the cart lacks', () => {
    expect(rejectionReason(voucher({ courseProductId: 107 }), ctx({ lines: [otherCourse] }))).toBe('OnlyForCourse');
    expect(rejectionReason(voucher({ courseProductId: 107 }), ctx({ lines: [otherCourse, course] }))).toBeNull();
  });

  it('refuses a product-restricted voucher when no cart product is allowed', () => {
    expect(rejectionReason(voucher({ productIds: [999] }), ctx())).toBe('NotForProduct');
    expect(rejectionReason(voucher({ productIds: [107] }), ctx())).toBeNull();
  });

  it('refuses any voucher on an empty cart', () => {
    expect(rejectionReason(voucher(), ctx({ lines: [] }))).toBe('NotForProduct');
  });
});

describe('usage facts a voucher reads', () => {
  // Facts that would refuse any voucher reading them.
  const refusing: UsageFacts = { hasPaidOrder: true, usesTotal: 1000, usesByUser: 1000 };
  const facts = Object.keys(NO_USAGE) as (keyof UsageFacts)[];

  it.each([
    ['no limit', {}],
    ['first order only', { firstOrderOnly: true }],
    ['a total limit', { maxUsesTotal: 5 }],
    ['a per-user limit', { maxUsesPerUser: 1 }],
    ['every rule', { firstOrderOnly: true, maxUsesTotal: 5, maxUsesPerUser: 1 }],
  ] as [string, Partial<VoucherRules>][])('a voucher with %s is refused by the facts it reads and by no other', (_, rules) => {
    const v = voucher(rules);
    const read = usageFactsRead(v);
    for (const fact of facts) {
      const reason = rejectionReason(v, ctx({ ...NO_USAGE, [fact]: refusing[fact] }));
      if (read[fact]) expect(reason).not.toBeNull();
      else expect(reason).toBeNull();
    }
    expect(readsUsageFacts(v)).toBe(facts.some((fact) => read[fact]));
  });
});

describe('voucher discount', () => {
  it('takes a percentage of the eligible lines, rounded to the cent', () => {
    expect(voucherDiscountCents(voucher({ value: 10 }), [course])).toBe(1990);
    expect(voucherDiscountCents(voucher({ value: 25 }), [{ ...course, amountCents: 999 }])).toBe(250);
  });

  it('never discounts wallet top-ups', () => {
    expect(voucherDiscountCents(voucher({ value: 50 }), [course, wallet])).toBe(9950);
  });

  it('only discounts the allowed course', () => {
    expect(voucherDiscountCents(voucher({ value: 30, courseProductId: 107 }), [course, otherCourse])).toBe(5970);
  });

  it('caps a fixed amount at what the eligible lines cost', () => {
    expect(voucherDiscountCents(voucher({ kind: 'fixed', value: 1000 }), [course])).toBe(1000);
    expect(voucherDiscountCents(voucher({ kind: 'fixed', value: 1000 }), [{ ...course, amountCents: 600 }])).toBe(600);
  });

  it('makes the eligible lines free at 100 %', () => {
    expect(voucherDiscountCents(voucher({ value: 100 }), [course, otherCourse])).toBe(34800);
  });
});
