import { centsToEuros, CURRENCY, formatEuros, type CartSnapshot, type CartView } from '@aero/contracts';
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
 * The cart in cents: every total the shop shows, computed once. The semantics of each total are
 * written in docs/api.md.
 */
export function snapshotCart(lines: PricedLineInput[], voucher: AppliedVoucher | null): Omit<CartSnapshot, 'cartKey'> {
  let beforeDiscount = 0;
  let discount = 0;
  const snapshotLines = lines.map(({ product, quantity }) => {
    beforeDiscount += product.priceCents * quantity;
    discount += product.discountCents * quantity;
    return {
      productId: product.dto.id,
      productType: product.dto.type,
      name: product.dto.name,
      quantity,
      programId: product.dto.program_id,
      unitPriceCents: product.priceCents,
      unitDiscountCents: product.discountCents,
      totalCents: (product.priceCents - product.discountCents) * quantity,
    };
  });
  const withDiscount = beforeDiscount - discount;
  const voucherDiscount = voucher ? Math.min(withDiscount, voucherDiscountCents(voucher.rules, ruleLines(lines))) : 0;
  return {
    lines: snapshotLines,
    totals: {
      beforeDiscountCents: beforeDiscount,
      discountCents: discount,
      withDiscountCents: withDiscount,
      voucherDiscountCents: voucherDiscount,
      finalCents: Math.max(0, withDiscount - voucherDiscount),
    },
    voucherCode: voucher?.rules.code ?? null,
    voucherAutoApplied: voucher?.autoApplied ?? false,
  };
}

/** The cart as the shop's JSON answers carry it: the snapshot's cents turned into euros once. */
export function priceCart(lines: PricedLineInput[], voucher: AppliedVoucher | null): CartView {
  const snapshot = snapshotCart(lines, voucher);
  const data = lines.map(({ product, quantity }, index) => {
    const dto = product.dto;
    return {
      id: dto.id,
      name: dto.name,
      description: dto.description,
      type: dto.type,
      price: dto.price,
      quantity,
      discount: centsToEuros(product.discountCents),
      total: centsToEuros(snapshot.lines[index].totalCents),
      formatted_price: formatEuros(product.priceCents),
      url: dto.url,
      images: dto.images,
      category: dto.category,
      program_id: dto.program_id,
      package: dto.package,
    };
  });
  const { totals } = snapshot;
  return {
    data,
    meta: {
      before_discount: centsToEuros(totals.beforeDiscountCents),
      discount: centsToEuros(totals.discountCents),
      with_discount: centsToEuros(totals.withDiscountCents),
      voucher_discount: centsToEuros(totals.voucherDiscountCents),
      final: centsToEuros(totals.finalCents),
      voucher_code: snapshot.voucherCode,
      voucher_auto_applied: snapshot.voucherAutoApplied,
      items_count: lines.reduce((n, l) => n + l.quantity, 0),
      currency: CURRENCY,
    },
  };
}
