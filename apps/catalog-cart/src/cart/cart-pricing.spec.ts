import type { ProductDto } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { voucherRules } from '../../test/support/voucher-fixtures.js';
import type { CatalogueEntry } from '../products/products.service.js';
import type { VoucherRules } from '../vouchers/voucher-rules.js';
import { priceCart } from './cart-pricing.js';

function entry(id: number, type: ProductDto['type'], priceCents: number, discountCents = 0): CatalogueEntry {
  return {
    priceCents,
    discountCents,
    dto: {
      id,
      name: `Product ${id}`,
      description: '',
      type,
      price: priceCents / 100,
      quantity: 1,
      discount: discountCents / 100,
      category: null,
      url: `/e-shop/p${id}`,
      images: { '16by9': '', thumbnail: '' },
      formatted_price: '',
      currency: 'EUR',
      program_id: null,
      package: [],
      combination_tags: [],
    },
  };
}

const percent = (value: number, extra: Partial<VoucherRules> = {}): VoucherRules => voucherRules({ code: 'V', value, ...extra });

describe('cart totals', () => {
  it('adds price × quantity before discount, subtracts product discounts, and has no voucher part without a voucher', () => {
    const view = priceCart([{ product: entry(1, 'course', 12990, 1000), quantity: 3 }, { product: entry(2, 'certificate', 2500), quantity: 1 }], null);
    expect(view.meta).toEqual(
      expect.objectContaining({
        before_discount: 414.7,
        discount: 30,
        with_discount: 384.7,
        voucher_discount: 0,
        final: 384.7,
        voucher_code: null,
        voucher_auto_applied: false,
        items_count: 4,
      }),
    );
    expect(view.data[0]).toEqual(expect.objectContaining({ id: 1, quantity: 3, price: 129.9, discount: 10, total: 359.7 }));
  });

  it('applies the voucher to the discounted amount and computes the final total in cents', () => {
    const view = priceCart([{ product: entry(1, 'course', 3333), quantity: 3 }], { rules: percent(10), autoApplied: false });
    // 99.99 × 10 % = 9.999 → 10.00 (rounded once, on cents)
    expect(view.meta.with_discount).toBe(99.99);
    expect(view.meta.voucher_discount).toBe(10);
    expect(view.meta.final).toBe(89.99);
    expect(view.meta.voucher_code).toBe('V');
  });

  it('brings the final total to zero with a 100 % voucher and never below', () => {
    const view = priceCart([{ product: entry(1, 'course', 19900), quantity: 2 }], { rules: percent(100), autoApplied: false });
    expect(view.meta.final).toBe(0);
    expect(view.meta.voucher_discount).toBe(398);
  });

  it('marks an automatic voucher so the Voucher row can be hidden', () => {
    const view = priceCart([{ product: entry(1, 'course', 10000), quantity: 1 }], { rules: percent(15), autoApplied: true });
    expect(view.meta.voucher_auto_applied).toBe(true);
    expect(view.meta.final).toBe(85);
  });

  it('prices an empty cart at zero', () => {
    expect(priceCart([], null).meta).toEqual(expect.objectContaining({ before_discount: 0, final: 0, items_count: 0 }));
  });
});
