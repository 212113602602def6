import { formatEuros, type OrderPaid } from '@aero/contracts';
import type { OutgoingEmail } from '../emails/emails.service.js';

const PAYMENT_KIND_LABELS: Record<OrderPaid['paymentKind'], string> = {
  mangopay: 'Credit card',
  paypal: 'PayPal',
  paypal_credit: 'PayPal Credit',
  bankwire: 'Bank wire',
  wallet: 'Wallet',
  free: 'Free order',
};

/** The key of an order's confirmation e-mail: one per order, whatever happens to the event. */
export function orderConfirmationKey(orderId: string): string {
  return `order-confirmation:${orderId}`;
}

function paidOn(paidAt: string): string {
  const date = new Date(paidAt);
  if (Number.isNaN(date.getTime())) return paidAt;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The confirmation e-mail of a paid order: reference, what was bought (name × quantity, with
 * prices), discounts and the total paid, in euros with two decimals.
 */
export function orderConfirmationEmail(order: OrderPaid): Omit<OutgoingEmail, 'eventId'> {
  const lines = order.lines.map((line) => {
    const each = line.quantity > 1 ? ` (${formatEuros(line.unitPriceCents)} each)` : '';
    return `- ${line.name} × ${line.quantity}${each}: ${formatEuros(line.totalCents)}`;
  });
  const { beforeDiscountCents, discountCents, voucherDiscountCents, finalCents } = order.totals;
  const totals: string[] = [];
  if (discountCents > 0 || voucherDiscountCents > 0) totals.push(`Subtotal: ${formatEuros(beforeDiscountCents)}`);
  if (discountCents > 0) totals.push(`Discount: -${formatEuros(discountCents)}`);
  if (voucherDiscountCents > 0) {
    totals.push(`Voucher${order.voucherCode ? ` ${order.voucherCode}` : ''}: -${formatEuros(voucherDiscountCents)}`);
  }
  totals.push(`Total paid: ${formatEuros(finalCents)}`);

  const greeting = order.buyer.name.trim() ? `Hello ${order.buyer.name.trim()},` : 'Hello,';
  const text = [
    greeting,
    '',
    `thank you for your order ${order.reference} at AeroMaint Academy. We have received your payment.`,
    '',
    `Order reference: ${order.reference}`,
    `Paid on: ${paidOn(order.paidAt)}`,
    `Payment method: ${PAYMENT_KIND_LABELS[order.paymentKind]}`,
    '',
    'Your order:',
    ...lines,
    '',
    ...totals,
    '',
    'Kind regards,',
    'AeroMaint Academy',
    '',
  ].join('\n');

  return {
    key: orderConfirmationKey(order.orderId),
    to: order.buyer.email,
    subject: `Order confirmation ${order.reference}`,
    text,
  };
}
