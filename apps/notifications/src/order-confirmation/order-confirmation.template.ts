import { formatEuros, type OrderPaid } from '@aero/contracts';
import { formatDate, greeting, SIGNATURE } from '../emails/email-html.js';
import type { OutgoingEmail } from '../emails/emails.service.js';
import { PAYMENT_KIND_LABELS } from '../invoices/payment-kind-labels.js';

/** The kind (key prefix) of order confirmation e-mails; they carry the order's invoice PDF. */
export const ORDER_CONFIRMATION_KIND = 'order-confirmation';

/** The key of an order's confirmation e-mail: one per order, whatever happens to the event. */
export function orderConfirmationKey(orderId: string): string {
  return `${ORDER_CONFIRMATION_KIND}:${orderId}`;
}

/** The order id of an order confirmation key. */
export function orderIdOfConfirmationKey(key: string): string {
  return key.slice(ORDER_CONFIRMATION_KIND.length + 1);
}

/**
 * The confirmation e-mail of a paid order: reference, what was bought (name × quantity, with
 * prices), discounts and the total paid, in euros with two decimals, and the link to the buyer's
 * orders (`<PUBLIC_BASE_URL>/orders`). The invoice PDF is attached when the e-mail is sent. The body does not name the invoice number on purpose: the body is
 * fixed when the e-mail is scheduled, the attachment comes from the committed invoice, so the
 * two can never disagree (e.g. after a rolled-back handling of the event).
 */
export function orderConfirmationEmail(order: OrderPaid, publicBaseUrl: string): Omit<OutgoingEmail, 'eventId'> {
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

  const text = [
    greeting(order.buyer.name),
    '',
    `thank you for your order ${order.reference} at AeroMaint Academy. We have received your payment.`,
    '',
    `Order reference: ${order.reference}`,
    `Paid on: ${formatDate(order.paidAt)}`,
    `Payment method: ${PAYMENT_KIND_LABELS[order.paymentKind]}`,
    '',
    'Your order:',
    ...lines,
    '',
    ...totals,
    '',
    'Your invoice is attached to this e-mail as a PDF. Your orders and their invoices are also on your orders page:',
    `${publicBaseUrl}/orders`,
    '',
    SIGNATURE,
    '',
  ].join('\n');

  return {
    key: orderConfirmationKey(order.orderId),
    to: order.buyer.email,
    subject: `Order confirmation ${order.reference}`,
    text,
  };
}
