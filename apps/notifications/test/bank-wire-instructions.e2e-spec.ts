import { OrderBankWireChosenEvent, type EventEnvelope, type OrderBankWireChosen } from '@aero/contracts';
import type { RunningService } from '@aero/backend-runtime';
import { consumerSettled, publishEnvelope, StubProducer, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { EmailsService } from '../src/emails/emails.service.js';
import { BANK_WIRE_INSTRUCTIONS_CONSUMER } from '../src/order-confirmation/bank-wire-instructions.event-handlers.js';
import { bankWireInstructionsKey } from '../src/order-confirmation/bank-wire-instructions.template.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { emailQueueIdle, startNotifications, stopNotifications } from './support/notifications-under-test.js';

const PAYMENTS_SCHEMA = 'payments_bank_wire_stub';

describe('notifications: the bank-wire instructions e-mail', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let service: RunningService;
  let payments: StubProducer;
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
  const chooseBankWire = (order: OrderBankWireChosen): Promise<EventEnvelope<OrderBankWireChosen>> => payments.emit(OrderBankWireChosenEvent, order);

  beforeAll(async () => {
    ({ env, smtp, service } = await startNotifications({
      EMAIL_RETRY_DELAY_MS: '100',
      BANK_WIRE_BENEFICIARY: 'AeroMaint Academy SAS',
      BANK_WIRE_IBAN: 'BE68 5390 0754 7034',
      BANK_WIRE_BIC: 'TESTBEBB',
      BANK_WIRE_BANK_NAME: 'Test Bank',
    }));
    payments = await StubProducer.start(env, service.infra.nats, PAYMENTS_SCHEMA, 'payments');
  });

  afterAll(async () => {
    await service?.close();
    await payments?.close();
    await stopNotifications({ smtp, env });
  });

  it('e-mails the buyer the amount, the account, the reference to quote and the pay-by day, with the order page', async () => {
    const order = bankWireOrder();
    await chooseBankWire(order);

    const mail = await waitFor(() => smtp.to(order.buyer.email)[0], { what: 'the bank-wire e-mail' });
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
    const again = await publishEnvelope(service.infra.nats, env.natsPrefix, OrderBankWireChosenEvent, envelope, `${envelope.id}:republished`);
    await consumerSettled(service.infra.nats, env.natsPrefix, BANK_WIRE_INSTRUCTIONS_CONSUMER, again);
    const emails = service.app.get(EmailsService, { strict: false });
    await waitFor(async () => (await emails.find(bankWireInstructionsKey(order.orderId)))?.status === 'sent', { what: 'the e-mail to be sent' });
    await emailQueueIdle(service);
    expect(smtp.to(order.buyer.email)).toHaveLength(1);
  });
});
