import type { PaginationMeta } from '../common/pagination.js';
import type { PricedLine } from '../catalog/cart.js';
import type { ProductType } from '../catalog/product.js';
import type { BillingSnapshot } from './billing.js';

/** The payment methods a buyer can choose on the payment page (shop spec §3). */
export const PAYMENT_METHODS = ['mangopay', 'paypal_credit', 'paypal', 'bankwire', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How an order was (or is to be) paid: a payment method, or `free` for an order whose final
 * total is 0 (completed without any provider).
 */
export const PAYMENT_KINDS = [...PAYMENT_METHODS, 'free'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * Order statuses (learning spec §4; the spelling `payed` is the spec's).
 * created → waiting_from_payment (bank wire chosen) → payed; created|waiting_from_payment → canceled.
 */
export const ORDER_STATUSES = ['created', 'waiting_from_payment', 'payed', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who buys: the acting user who placed the order (the request context's actor), never a request body. */
export interface OrderBuyer {
  userId: string;
  email: string;
  /** Full name as printed on the invoice. */
  name: string;
  /** The buyer's company (corporate accounts), else null. */
  companyId: string | null;
}

/** One order line, priced in cents when the order was placed (the cart's line as checkout took it). */
export type OrderLine = PricedLine;

/** Order totals in cents (same meaning as the cart's `meta`, see docs/api.md). */
export interface OrderTotals {
  beforeDiscountCents: number;
  discountCents: number;
  withDiscountCents: number;
  voucherDiscountCents: number;
  finalCents: number;
}

/** Why an order was canceled. */
export type OrderCancelReason = 'buyer' | 'expired' | 'voucher_refused' | 'placement_failed';

/** An order as services see it (money in cents). */
export interface OrderDto {
  id: string;
  /** Unique human reference, e.g. `AM-2026-000123`; also the bank-wire reference (the invoice has its own number). */
  reference: string;
  status: OrderStatus;
  /** The method chosen when placing; once paid, the kind that actually paid it. */
  paymentKind: PaymentKind;
  buyer: OrderBuyer;
  billing: BillingSnapshot | null;
  lines: OrderLine[];
  totals: OrderTotals;
  voucherCode: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  canceledAt: string | null;
  cancelReason: OrderCancelReason | null;
  /** When an unpaid order is canceled automatically (null once paid or canceled). */
  expiresAt: string | null;
}

export interface CancelOrderResponse {
  success: true;
  status: 'canceled';
}

/** One order line as the orders screen shows it (euros). */
export interface OrderLineView {
  product_id: number;
  name: string;
  type: ProductType;
  quantity: number;
  program_id: number | null;
  unit_price: number;
  unit_discount: number;
  total: number;
  formatted_total: string;
}

/** One order on the orders/invoices screen (money in euros, dates ISO 8601). */
export interface OrderListItem {
  id: string;
  reference: string;
  status: OrderStatus;
  payment_kind: PaymentKind;
  before_discount: number;
  discount: number;
  voucher_discount: number;
  voucher_code: string | null;
  total: number;
  formatted_total: string;
  currency: 'EUR';
  created_at: string;
  paid_at: string | null;
  canceled_at: string | null;
  /** The cancel icon shows only when true (not paid, not already canceled). */
  can_cancel: boolean;
  /** A paid order has an invoice (issued by notifications, with its own gap-free number). */
  invoice_available: boolean;
  lines: OrderLineView[];
}

export interface ListOrdersResponse {
  data: OrderListItem[];
  meta: { pagination: PaginationMeta };
}
