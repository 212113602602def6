import type { PackageItem, ProductImages, ProductType } from './product.js';

/** One cart line as the shop's JSON answers carry it (money in euros). */
export interface CartLineDto {
  id: number;
  name: string;
  description: string;
  type: ProductType;
  price: number;
  quantity: number;
  discount: number;
  /** price × quantity − discount × quantity, in euros. */
  total: number;
  formatted_price: string;
  url: string;
  images: ProductImages;
  category: string | null;
  program_id: number | null;
  package: PackageItem[];
}

/**
 * Cart totals (all euros, rounded to cents; see docs/api.md):
 * before_discount = Σ price × qty; discount = Σ product discount × qty;
 * with_discount = before_discount − discount; voucher_discount = the voucher's reduction;
 * final = with_discount − voucher_discount (never below 0).
 */
export interface CartMeta {
  before_discount: number;
  discount: number;
  with_discount: number;
  voucher_discount: number;
  final: number;
  voucher_code: string | null;
  /** True when the voucher was applied automatically: the Voucher row is hidden. */
  voucher_auto_applied: boolean;
  items_count: number;
  currency: 'EUR';
}

export interface CartView {
  data: CartLineDto[];
  meta: CartMeta;
}

/** One line of a priced cart, in cents; an order keeps its lines as checkout took them. */
export interface PricedLine {
  productId: number;
  productType: ProductType;
  name: string;
  quantity: number;
  programId: number | null;
  unitPriceCents: number;
  unitDiscountCents: number;
  /** (unit price − unit discount) × quantity. */
  totalCents: number;
}

/** A priced cart in cents, taken by checkout when an order is placed. */
export interface CartSnapshot {
  lines: PricedLine[];
  totals: {
    beforeDiscountCents: number;
    discountCents: number;
    withDiscountCents: number;
    voucherDiscountCents: number;
    finalCents: number;
  };
  voucherCode: string | null;
  voucherAutoApplied: boolean;
  /**
   * Which cart, in which version, this snapshot was taken from (`<cart id>:<version>`); every
   * change of the cart gives a new key. Checkout places at most one order per key. Null for a
   * cart that does not exist (an empty cart).
   */
  cartKey: string | null;
}
