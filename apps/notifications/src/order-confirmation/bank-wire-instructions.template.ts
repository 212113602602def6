import { formatEuros, type OrderBankWireChosen } from '@aero/contracts';
import { formatDate, greeting, SIGNATURE } from '../emails/email-html.js';
import type { OutgoingEmail } from '../emails/emails.service.js';

/** The kind (key prefix) of bank-wire instruction e-mails. */
export const BANK_WIRE_INSTRUCTIONS_KIND = 'bank-wire-instructions';

/** The key of an order's bank-wire instructions e-mail: one per order, whatever happens to the event. */
export function bankWireInstructionsKey(orderId: string): string {
  return `${BANK_WIRE_INSTRUCTIONS_KIND}:${orderId}`;
}

/** The shop's bank account, as configured (BANK_WIRE_*). */
export interface BankWireAccount {
  beneficiary: string;
  iban: string;
  bic: string;
  bankName: string;
}

/**
 * The e-mail of an order to be paid by bank wire: the amount, the shop's account, the order
 * reference to quote with the transfer, the day it must arrive by, what was ordered, and the
 * order's instructions page (`<PUBLIC_BASE_URL>/payment/bank-wire/<order id>`) and orders page.
 */
export function bankWireInstructionsEmail(order: OrderBankWireChosen, account: BankWireAccount, publicBaseUrl: string): Omit<OutgoingEmail, 'eventId'> {
  const text = [
    greeting(order.buyer.name),
    '',
    `thank you for your order ${order.reference} at AeroMaint Academy. You chose to pay by bank wire: please send the amount below to our account, quoting the reference, so that we can match your payment to your order.`,
    '',
    `Amount: ${formatEuros(order.finalCents)}`,
    `Beneficiary: ${account.beneficiary}`,
    `IBAN: ${account.iban}`,
    `BIC: ${account.bic}`,
    `Bank: ${account.bankName}`,
    `Reference to quote: ${order.reference}`,
    `Pay by: ${formatDate(order.payBefore)}`,
    '',
    `If the money has not arrived by then, the order is canceled. Your courses are available as soon as we receive the money; we will confirm by e-mail with your invoice.`,
    '',
    'Your order:',
    ...order.lines.map((line) => `- ${line.name} × ${line.quantity}: ${formatEuros(line.totalCents)}`),
    '',
    'These instructions are also on your order page:',
    `${publicBaseUrl}/payment/bank-wire/${order.orderId}`,
    '',
    SIGNATURE,
    '',
  ].join('\n');

  return {
    key: bankWireInstructionsKey(order.orderId),
    to: order.buyer.email,
    subject: `Bank wire details for order ${order.reference}`,
    text,
  };
}
