import { InvoiceRpc, OrderPaidEvent, type EventEnvelope, type InvoicePdfRequest, type OrderPaid } from '@aero/contracts';
import type { RunningService } from '@aero/backend-runtime';
import { actingAs, consumerSettled, envelopeOf, publishEnvelope, rejection, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { EmailSendQueue } from '../src/emails/email-send.queue.js';
import { EmailsService } from '../src/emails/emails.service.js';
import { InvoiceEntity } from '../src/invoices/invoice.entity.js';
import { InvoicesService } from '../src/invoices/invoices.service.js';
import { ORDER_CONFIRMATION_CONSUMER } from '../src/order-confirmation/order-confirmation.event-handlers.js';
import { orderConfirmationKey } from '../src/order-confirmation/order-confirmation.template.js';
import { pdfTextContent } from './support/pdf-text.js';
import { SmtpCatcher, type CaughtMail } from './support/smtp-catcher.js';
import { startNotifications, stopNotifications, emailQueueIdle } from './support/notifications-under-test.js';

describe('notifications: invoices of paid orders', () => {
  jest.setTimeout(60_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let service: RunningService;
  let orderCount = 0;

  const invoices = () => service.app.get(InvoicesService, { strict: false });
  const invoiceRows = () => service.infra.dataSource.getRepository(InvoiceEntity);

  /** A paid order; each test pays in its own year, so its invoice numbers do not depend on the other tests. */
  function paidOrder(year: number, overrides: Partial<OrderPaid> = {}): OrderPaid {
    orderCount++;
    return {
      orderId: randomUUID(),
      reference: `AM-${year}-${String(orderCount).padStart(6, '0')}`,
      buyer: { userId: randomUUID(), email: `buyer${orderCount}@example.com`, name: 'Jane Doe', companyId: null },
      paymentKind: 'mangopay',
      lines: [
        { productId: 107, productType: 'course', name: 'Part-66 Module 7: Maintenance Practices', quantity: 1, programId: 1007, unitPriceCents: 19900, totalCents: 19900 },
        { productId: 201, productType: 'course', name: 'Part-145 Initial Training', quantity: 5, programId: null, unitPriceCents: 9900, totalCents: 49500 },
      ],
      totals: { beforeDiscountCents: 69400, discountCents: 0, voucherDiscountCents: 0, finalCents: 69400 },
      voucherCode: null,
      paidAt: `${year}-11-21T10:15:00.000Z`,
      ...overrides,
    };
  }

  /** Payments publishes `order.paid`; resolves once the order-confirmation consumer has handled it. */
  async function pay(order: OrderPaid, envelope: EventEnvelope<OrderPaid> = envelopeOf(OrderPaidEvent, order), msgId?: string) {
    const seq = await publishEnvelope(service.infra.nats, env.natsPrefix, OrderPaidEvent, envelope, msgId);
    await consumerSettled(service.infra.nats, env.natsPrefix, ORDER_CONFIRMATION_CONSUMER, seq);
    return envelope;
  }

  const numberOf = async (orderId: string) => (await invoiceRows().findOneBy({ orderId }))?.number;
  const confirmation = (order: OrderPaid) => waitFor(() => smtp.to(order.buyer.email)[0], { what: 'the confirmation e-mail' });

  const queueIdle = () => emailQueueIdle(service);

  beforeAll(async () => {
    ({ env, smtp, service } = await startNotifications({ EMAIL_RETRY_DELAY_MS: '100' }));
  });

  afterAll(async () => {
    await stopNotifications({ service, smtp, env });
  });

  it('attaches the invoice PDF (invoice-<number>.pdf) to the order confirmation; it shows the number, order reference, bill-to and total', async () => {
    const order = paidOrder(2026, {
      transactionId: 'PAYIN-4411',
      billing: {
        person: 'Erik Larsen',
        email: 'accounts@nordic-mro.example',
        phone: null,
        country: 'NO',
        region: null,
        city: 'Oslo',
        address: 'Flyplassveien 1',
        zip: '0150',
        to_company: true,
        company: 'Nordic MRO AS',
        company_code: '912345678',
        vat: 'NO912345678MVA',
      },
    });
    const envelope = await pay(order);

    const mail = await confirmation(order);
    expect(mail.text).toContain('Your invoice is attached to this e-mail as a PDF.');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf.filename).toBe('invoice-AM-INV-2026-000001.pdf');
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfTextContent(pdf.content);
    // Norway is not in the EU: the seller's 21 % applies, taken out of the €694.00 paid.
    for (const expected of ['AM-INV-2026-000001', order.reference, '21 November 2026', 'Nordic MRO AS', 'Attn: Erik Larsen', 'Norway', 'NO912345678MVA', '€694.00', 'Total excl. VAT', 'VAT 21 % of €573.55', '€120.45', 'Total incl. VAT (EUR)']) {
      expect(text).toContain(expected);
    }

    const row = await invoiceRows().findOneBy({ orderId: order.orderId });
    expect(row).toEqual(
      expect.objectContaining({
        number: 'AM-INV-2026-000001',
        year: 2026,
        sequence: 1,
        orderReference: order.reference,
        buyerUserId: order.buyer.userId,
        issuedAt: new Date(order.paidAt),
        seller: { name: 'AeroMaint Academy', address: ['Aviation Park 12', '1130 Brussels', 'Belgium'], vatId: 'BE0123456789', vatRatePercent: 21 },
        paymentKind: 'mangopay',
        currency: 'EUR',
        transactionId: 'PAYIN-4411',
        eventId: envelope.id,
        totals: {
          beforeDiscountCents: 69400,
          discountCents: 0,
          voucherCode: null,
          voucherDiscountCents: 0,
          totalCents: 69400,
          netCents: 57355,
          vatCents: 12045,
          vatRates: [{ ratePercent: 21, netCents: 57355, vatCents: 12045 }],
          reverseCharge: false,
        },
      }),
    );
    expect(row!.lines).toEqual([
      { name: 'Part-66 Module 7: Maintenance Practices', quantity: 1, unitPriceCents: 19900, discountCents: 0, totalCents: 19900, vatRatePercent: 21 },
      { name: 'Part-145 Initial Training', quantity: 5, unitPriceCents: 9900, discountCents: 0, totalCents: 49500, vatRatePercent: 21 },
    ]);
    expect(row!.billTo).toEqual(expect.objectContaining({ name: 'Erik Larsen', company: 'Nordic MRO AS', companyCode: '912345678', country: 'Norway' }));
  });

  it('numbers the invoices of a year 000001, 000002, … in the order the payments are handled, and starts again at 000001 in a new year', async () => {
    const orders = Array.from({ length: 5 }, () => paidOrder(2031));
    for (const order of orders) await pay(order);
    const next = paidOrder(2032, { paidAt: '2032-01-01T00:00:00.000Z' });
    await pay(next);
    // Paid one second before the new year (UTC): the old year's next number.
    const late = paidOrder(2031, { paidAt: '2031-12-31T23:59:59.000Z' });
    await pay(late);

    expect(await Promise.all(orders.map((o) => numberOf(o.orderId)))).toEqual([1, 2, 3, 4, 5].map((n) => `AM-INV-2031-00000${n}`));
    expect(await numberOf(next.orderId)).toBe('AM-INV-2032-000001');
    expect(await numberOf(late.orderId)).toBe('AM-INV-2031-000006');
    for (const order of [...orders, next, late]) {
      const mail = await confirmation(order);
      expect(mail.attachments.map((a) => a.filename)).toEqual([`invoice-${await numberOf(order.orderId)}.pdf`]);
    }
  });

  it('gives invoices issued at the same moment (several replicas) consecutive numbers, and a rolled-back issue gives its number back', async () => {
    const issue = (order: OrderPaid) =>
      service.infra.dataSource.transaction((manager) => invoices().issue(manager, envelopeOf(OrderPaidEvent, order)));
    const together = await Promise.all(Array.from({ length: 8 }, () => issue(paidOrder(2033))));
    expect(together.every((issued) => issued.created)).toBe(true);
    expect(together.map((issued) => issued.number).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `AM-INV-2033-00000${n}`));

    const rolledBack = paidOrder(2033);
    await expect(
      service.infra.dataSource.transaction(async (manager) => {
        expect((await invoices().issue(manager, envelopeOf(OrderPaidEvent, rolledBack))).number).toBe('AM-INV-2033-000009');
        throw new Error('the handler failed after issuing');
      }),
    ).rejects.toThrow('the handler failed after issuing');
    expect(await numberOf(rolledBack.orderId)).toBeUndefined();
    expect((await issue(paidOrder(2033))).number).toBe('AM-INV-2033-000009');
  });

  it('numbers a burst of paid orders, handled several at a time, 000001 to 000012 without a gap or a repeat, with one e-mail each', async () => {
    const orders = Array.from({ length: 12 }, () => paidOrder(2041));
    let lastSeq = 0;
    for (const order of orders) {
      lastSeq = await publishEnvelope(service.infra.nats, env.natsPrefix, OrderPaidEvent, envelopeOf(OrderPaidEvent, order));
    }
    await consumerSettled(service.infra.nats, env.natsPrefix, ORDER_CONFIRMATION_CONSUMER, lastSeq);

    const numbers = await Promise.all(orders.map((o) => numberOf(o.orderId)));
    expect(numbers.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `AM-INV-2041-${String(i + 1).padStart(6, '0')}`));
    for (const order of orders) {
      const mail = await confirmation(order);
      expect(mail.attachments.map((a) => a.filename)).toEqual([`invoice-${await numberOf(order.orderId)}.pdf`]);
    }
    await queueIdle();
    expect(orders.map((o) => smtp.to(o.buyer.email).length)).toEqual(orders.map(() => 1));
  });

  it('issues one invoice and sends one e-mail when the same event arrives twice, or another event reports the same order paid', async () => {
    const order = paidOrder(2034);
    const envelope = await pay(order);
    await pay(order, envelope, `${envelope.id}:republished`);
    await pay(order, envelopeOf(OrderPaidEvent, order));

    await waitFor(async () => (await service.app.get(EmailsService, { strict: false }).find(orderConfirmationKey(order.orderId)))?.status === 'sent', {
      what: 'the e-mail to be sent',
    });
    await queueIdle();
    expect(smtp.to(order.buyer.email)).toHaveLength(1);
    expect(await invoiceRows().countBy({ orderId: order.orderId })).toBe(1);
    expect(await numberOf(order.orderId)).toBe('AM-INV-2034-000001');
    // No number was used up by the duplicates.
    const [counter] = await service.infra.dataSource.query('SELECT last_number FROM notifications.invoice_counters WHERE year = 2034');
    expect(counter.last_number).toBe(1);
    expect((await pay(paidOrder(2034)).then((o) => numberOf(o.data.orderId)))).toBe('AM-INV-2034-000002');
  });

  it('issues one invoice when two events for the same order are handled at the same moment, in the same year or (other payment times) in two', async () => {
    const counterOf = async (year: number) =>
      (await service.infra.dataSource.query('SELECT last_number FROM notifications.invoice_counters WHERE year = $1', [year]))[0]?.last_number;
    // The first handling issues the invoice and holds its transaction open; the second one starts meanwhile.
    async function together(first: OrderPaid, second: OrderPaid) {
      let issued!: () => void;
      const firstIssued = new Promise<void>((resolve) => (issued = resolve));
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      const a = service.infra.dataSource.transaction(async (manager) => {
        const invoice = await invoices().issue(manager, envelopeOf(OrderPaidEvent, first));
        issued();
        await committing;
        return invoice;
      });
      await firstIssued;
      const b = service.infra.dataSource.transaction((manager) => invoices().issue(manager, envelopeOf(OrderPaidEvent, second)));
      // The second one waits for the first one's transaction (the year's counter, or the order's invoice).
      await waitFor(
        async () =>
          (await service.infra.dataSource.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          ))[0].n === 1,
        { what: 'the second handling to wait' },
      );
      commit();
      return Promise.all([a, b]);
    }

    const order = paidOrder(2037);
    const [first, second] = await together(order, order);
    expect(first).toEqual({ number: 'AM-INV-2037-000001', created: true });
    expect(second).toEqual({ number: 'AM-INV-2037-000001', created: false });
    expect(await counterOf(2037)).toBe(1);

    const crossing = paidOrder(2038, { paidAt: '2038-12-31T23:59:59.000Z' });
    const [old, next] = await together(crossing, { ...crossing, paidAt: '2039-01-01T00:00:00.000Z' });
    expect(old).toEqual({ number: 'AM-INV-2038-000001', created: true });
    expect(next).toEqual({ number: 'AM-INV-2038-000001', created: false });
    expect(await counterOf(2039)).toBe(0);
    expect(await invoiceRows().countBy({ orderId: crossing.orderId })).toBe(1);
    expect(await numberOf((await pay(paidOrder(2039))).data.orderId)).toBe('AM-INV-2039-000001');
  });

  it('holds back an order confirmation whose invoice is not committed (its transaction rolled back after enqueuing), and sends it with the invoice once the event is handled', async () => {
    const order = paidOrder(2035);
    const key = orderConfirmationKey(order.orderId);
    // The job of a handling that rolled back: it reached Redis, the invoice and e-mail rows did not commit.
    await service.app.get(EmailSendQueue, { strict: false }).enqueue({ key, to: order.buyer.email, subject: `Order confirmation ${order.reference}`, text: 'Hello,\n' });
    const held = await waitFor(
      async () => {
        const row = await service.app.get(EmailsService, { strict: false }).find(key);
        return row?.status === 'failed' ? row : undefined;
      },
      { what: 'the e-mail to wait for its invoice' },
    );
    expect(held!.lastError).toBe(`The invoice of order ${order.orderId} is not issued yet`);
    expect(smtp.to(order.buyer.email)).toHaveLength(0);

    // The event comes again and this time the handling commits.
    await pay(order);
    const mail = await waitFor(() => smtp.to(order.buyer.email)[0], { timeoutMs: 20_000, what: 'the e-mail with the invoice' });
    expect(mail.attachments.map((a) => a.filename)).toEqual(['invoice-AM-INV-2035-000001.pdf']);
    await queueIdle();
    expect(smtp.to(order.buyer.email)).toHaveLength(1);
  });

  describe('InvoiceRpc', () => {
    let order: OrderPaid;
    let attached: CaughtMail['attachments'][number];

    beforeAll(async () => {
      order = paidOrder(2036);
      await pay(order);
      attached = (await confirmation(order)).attachments[0];
    });

    /** The invoice PDF as the acting user (`userId`) asks for it. */
    const pdf = (request: InvoicePdfRequest, userId: string | null) =>
      actingAs(userId ? { userId, roles: ['student'] } : null, () => service.infra.rpc.call(InvoiceRpc.Pdf, request));

    it('gives the buyer the invoice PDF: the same file as the e-mail attachment, byte for byte', async () => {
      const answer = await pdf({ orderId: order.orderId }, order.buyer.userId);
      expect(answer).toEqual({ filename: 'invoice-AM-INV-2036-000001.pdf', content_type: 'application/pdf', base64: expect.any(String) });
      expect(Buffer.from(answer.base64, 'base64').equals(attached.content)).toBe(true);
    });

    it('gives the PDF as stored, not a new rendering', async () => {
      const stored = Buffer.from('%PDF-1.3 as first stored');
      await service.infra.dataSource.query('UPDATE notifications.invoices SET pdf = $2 WHERE order_id = $1', [order.orderId, stored]);
      const answer = await pdf({ orderId: order.orderId }, order.buyer.userId);
      expect(Buffer.from(answer.base64, 'base64').equals(stored)).toBe(true);
      await service.infra.dataSource.query('UPDATE notifications.invoices SET pdf = $2 WHERE order_id = $1', [order.orderId, attached.content]);
    });

    it('answers 404 "Invoice not found." for another user, an unknown (or unpaid) order and an id that is not a uuid', async () => {
      for (const [orderId, userId] of [
        [order.orderId, randomUUID()],
        [randomUUID(), order.buyer.userId!],
        ['not-a-uuid', order.buyer.userId!],
        [order.orderId, null],
      ] as const) {
        const payload = await rejection(pdf({ orderId }, userId));
        expect(payload).toEqual({ code: 'notifications.invoice_not_found', message: 'Invoice not found.', status: 404 });
      }
    });

    it("tells which of the asked orders have an invoice of the actor's, leaving out others' orders and unknown ids", async () => {
      const other = paidOrder(2036);
      await pay(other);
      const mine = paidOrder(2036, { buyer: { ...other.buyer, userId: order.buyer.userId } });
      await pay(mine);
      const unknown = randomUUID();

      const forOrders = (userId: string, orderIds: string[]) =>
        actingAs({ userId, roles: ['student'] }, () => service.infra.rpc.call(InvoiceRpc.ForOrders, { orderIds }));
      const answer = await forOrders(order.buyer.userId!, [mine.orderId, other.orderId, unknown, 'nonsense', order.orderId, mine.orderId]);
      expect(answer).toEqual({
        data: [
          { order_id: mine.orderId, number: 'AM-INV-2036-000003', issued_at: mine.paidAt },
          { order_id: order.orderId, number: 'AM-INV-2036-000001', issued_at: order.paidAt },
        ],
      });
      expect(await forOrders(randomUUID(), [order.orderId])).toEqual({ data: [] });

      const tooMany = await rejection(forOrders(order.buyer.userId!, Array.from({ length: 101 }, () => randomUUID())));
      expect(tooMany).toEqual(expect.objectContaining({ status: 422, errors: { orderIds: ['At most 100 orders can be asked for at a time.'] } }));
    });
  });
});
