import { centsToEuros, CURRENCY, formatEuros, type CartView } from '@aero/contracts';
import type { CatalogueEntry } from '../products/products.service.js';
import { voucherDiscountCents, type RuleLine, type VoucherRules } from '../vouchers/voucher-rules.js';

export interface PricedLineInput {
  product: CatalogueEntry;
  quantity: number;
}

export interface AppliedVoucher {
  rules: VoucherRules;
  autoApplied: boolean;
}

/** The cart's lines as the voucher rules see them (cents after product discounts). */
export function ruleLines(lines: PricedLineInput[]): RuleLine[] {
  return lines.map(({ product, quantity }) => ({
    productId: product.dto.id,
    productType: product.dto.type,
    amountCents: (product.priceCents - product.discountCents) * quantity,
  }));
}

/**
 * Prices a cart from integer cents; euros appear only in the answer. The semantics of every
 * total are written in docs/api.md.
 */
export function priceCart(lines: PricedLineInput[], voucher: AppliedVoucher | null): CartView {
  let beforeDiscount = 0;
  let discount = 0;
  const data = lines.map(({ product, quantity }) => {
    const gross = product.priceCents * quantity;
    const lineDiscount = product.discountCents * quantity;
    beforeDiscount += gross;
    discount += lineDiscount;
    const dto = product.dto;
    return {
      id: dto.id,
      name: dto.name,
      description: dto.description,
      type: dto.type,
      price: dto.price,
      quantity,
      discount: centsToEuros(product.discountCents),
      total: centsToEuros(gross - lineDiscount),
      formatted_price: formatEuros(product.priceCents),
      url: dto.url,
      images: dto.images,
      category: dto.category,
      program_id: dto.program_id,
      package: dto.package,
    };
  });
  const withDiscount = beforeDiscount - discount;
  const voucherDiscount = voucher ? Math.min(withDiscount, voucherDiscountCents(voucher.rules, ruleLines(lines))) : 0;
  return {
    data,
    meta: {
      before_discount: centsToEuros(beforeDiscount),
      discount: centsToEuros(discount),
      with_discount: centsToEuros(withDiscount),
      voucher_discount: centsToEuros(voucherDiscount),
      final: centsToEuros(Math.max(0, withDiscount - voucherDiscount)),
      voucher_code: voucher?.rules.code ?? null,
      voucher_auto_applied: voucher?.autoApplied ?? false,
      items_count: lines.reduce((n, l) => n + l.quantity, 0),
      currency: CURRENCY,
    },
  };
}
