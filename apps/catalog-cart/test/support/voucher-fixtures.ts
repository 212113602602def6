import type { VoucherRules } from '../../src/vouchers/voucher-rules.js';

/** A voucher's rules for a test: 10 % off, no dates, no use limits, every product, unless the test says otherwise. */
export function voucherRules(overrides: Partial<VoucherRules> = {}): VoucherRules {
  return {
    code: 'TEST',
    kind: 'percent',
    value: 10,
    startsAt: null,
    endsAt: null,
    maxUsesTotal: null,
    maxUsesPerUser: null,
    firstOrderOnly: false,
    courseProductId: null,
    productIds: [],
    autoApply: false,
    ...overrides,
  };
}
