import { OrderBankWireChosenEvent, type EventEnvelope, type OrderBankWireChosen } from '@aero/contracts';
import { waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { EmailsService } from '../src/emails/emails.service.js';
import { BANK_WIRE_INSTRUCTIONS_CONSUMER } from '../src/order-confirmation/bank-wire-instructions.event-handlers.js';
import { bankWireInstructionsKey } from '../src/order-confirmation/bank-wire-instructions.template.js';
import { emailQueueIdle, publishAgain, startNotificationsWithPayments, stopNotificationsWithPayments, type NotificationsWithPayments } from './support/notifications-under-test.js';

const PAYMENTS_SCHEMA = 'payments_bank_wire_stub';

describe('notifications: the bank-wire instructions e-mail', () => {
  jest.setTimeout(30_000);
  let running: NotificationsWithPayments;
  let orderCount = 0;

  function bankWireOrder(): OrderBankWireChosen {
    orderCount++;
    return {
      orderId: randomUUID(),
      reference: `AM-2026-7${String(orderCount).padStart(5, '0')}`,
      buyer: { userId: randomUUID(), email: `wire${orderCount}@example.com`, name: 'Jane Doe', companyId: null },
      lines: [
        { productId: 107, productType: 'course', name: 'Part-66 Module 7: Maintenance Practices', quantity: 2, programId: 1007, unitPriceCents: 19900, totalCents: 39800 },
      ],
      finalCents: 39800,
      voucherCode: null,
      payBefore: '2026-12-13T10:15:00.000Z',
    };
  }

  /** Payments' side: the event goes into its outbox in a transaction and the relay publishes it. */
  const chooseBankWire = (order: OrderBankWireChosen): Promise<EventEnvelope<OrderBankWireChosen>> => running.payments.emit(OrderBankWireChosenEvent, order);

  beforeAll(async () => {
    running = await startNotificationsWithPayments(PAYMENTS_SCHEMA, {
      EMAIL_RETRY_DELAY_MS: '100',
      BANK_WIRE_BENEFICIARY: 'AeroMaint Academy SAS',
      BANK_WIRE_IBAN: 'BE68 5390 0754 7034',
      BANK_WIRE_BIC: 'TESTBEBB',
      BANK_WIRE_BANK_NAME: 'Test Bank',
    });
  });

  afterAll(async () => {
    await stopNotificationsWithPayments(running ?? {});
  });

  it('e-mails the buyer the amount, the account, the reference to quote and the pay-by day, with the order page', async () => {
    const order = bankWireOrder();
    await chooseBankWire(order);

    const mail = await waitFor(() => running.smtp.to(order.buyer.email)[0], { what: 'the bank-wire e-mail' });
    expect(mail.headers.subject).toBe(`Bank wire details for order ${order.reference}`);
    for (const line of [
      'Hello Jane Doe,',
      'Amount: €398.00',
      'Beneficiary: AeroMaint Academy SAS',
      'IBAN: BE68 5390 0754 7034',
      'BIC: TESTBEBB',
      'Bank: Test Bank',
      `Reference to quote: ${order.reference}`,
      'Pay by: 13 December 2026',
      '- Part-66 Module 7: Maintenance Practices × 2: €398.00',
      `http://localhost:3000/payment/bank-wire/${order.orderId}`,
    ]) {
      expect(mail.text.split('\n')).toContain(line);
    }
    expect(mail.attachments).toEqual([]);
  });

  it('sends one e-mail when the same event reaches the stream twice (one key per order)', async () => {
    const order = bankWireOrder();
    const envelope = await chooseBankWire(order);
    await publishAgain(running, OrderBankWireChosenEvent, envelope, BANK_WIRE_INSTRUCTIONS_CONSUMER);
    const emails = running.service.app.get(EmailsService, { strict: false });
    await waitFor(async () => (await emails.find(bankWireInstructionsKey(order.orderId)))?.status === 'sent', { what: 'the e-mail to be sent' });
    await emailQueueIdle(running.service);
    expect(running.smtp.to(order.buyer.email)).toHaveLength(1);
  });
});
