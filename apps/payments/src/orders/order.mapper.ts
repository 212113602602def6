import {
  centsToEuros,
  formatEuros,
  type OrderDto,
  type OrderListItem,
  type OrderLine,
  type OrderPaid,
} from '@aero/contracts';
import type { OrderLineEntity } from './order-line.entity.js';
import type { OrderEntity } from './order.entity.js';
import { isCancelable } from './order-state.js';

export function toOrderLine(line: OrderLineEntity): OrderLine {
  return {
    productId: line.productId,
    productType: line.productType,
    name: line.name,
    quantity: line.quantity,
    programId: line.programId,
    unitPriceCents: line.unitPriceCents,
    unitDiscountCents: line.unitDiscountCents,
    totalCents: line.totalCents,
  };
}

/** The order's lines as order events carry them (`order.paid`, `order.bank_wire_chosen`). */
export function toOrderEventLines(order: OrderEntity): OrderPaid['lines'] {
  return sortedLines(order).map((l) => ({
    productId: l.productId,
    productType: l.productType,
    name: l.name,
    quantity: l.quantity,
    programId: l.programId,
    unitPriceCents: l.unitPriceCents,
    totalCents: l.totalCents,
  }));
}

function sortedLines(order: OrderEntity): OrderLineEntity[] {
  return [...(order.lines ?? [])].sort((a, b) => a.position - b.position);
}

/** The order as services see it (cents). */
export function toOrderDto(order: OrderEntity): OrderDto {
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    paymentKind: order.paymentKind,
    buyer: { userId: order.userId, email: order.buyerEmail, name: order.buyerName, companyId: order.companyId },
    billing: order.billing,
    lines: sortedLines(order).map(toOrderLine),
    totals: {
      beforeDiscountCents: order.beforeDiscountCents,
      discountCents: order.discountCents,
      withDiscountCents: order.withDiscountCents,
      voucherDiscountCents: order.voucherDiscountCents,
      finalCents: order.finalCents,
    },
    voucherCode: order.voucherCode,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    canceledAt: order.canceledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    expiresAt: order.expiresAt?.toISOString() ?? null,
  };
}

/** The order as the orders/invoices screen shows it (euros). */
export function toOrderListItem(order: OrderEntity): OrderListItem {
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    payment_kind: order.paymentKind,
    before_discount: centsToEuros(order.beforeDiscountCents),
    discount: centsToEuros(order.discountCents),
    voucher_discount: centsToEuros(order.voucherDiscountCents),
    voucher_code: order.voucherCode,
    total: centsToEuros(order.finalCents),
    formatted_total: formatEuros(order.finalCents),
    currency: 'EUR',
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    canceled_at: order.canceledAt?.toISOString() ?? null,
    can_cancel: isCancelable(order.status),
    invoice_available: order.status === 'payed',
    lines: sortedLines(order).map((line) => ({
      product_id: line.productId,
      name: line.name,
      type: line.productType,
      quantity: line.quantity,
      program_id: line.programId,
      unit_price: centsToEuros(line.unitPriceCents),
      unit_discount: centsToEuros(line.unitDiscountCents),
      total: centsToEuros(line.totalCents),
      formatted_total: formatEuros(line.totalCents),
    })),
  };
}
