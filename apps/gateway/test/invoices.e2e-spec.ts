import { DEMO_ACCOUNTS, OrderPaidEvent, type EventEnvelope, type OrderPaid } from '@aero/contracts';
import { prefixed } from '@aero/backend-messaging';
import { DEMO_PASSWORD, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { Browser } from './support/browser.js';
import { startMailPlatform, type MailPlatform } from './support/mail-catcher.js';

const NOT_FOUND = { message: 'Invoice not found.', code: 'notifications.invoice_not_found' };

describe('gateway: invoice PDFs of paid orders (GET /orders/{uuid}/invoice)', () => {
  jest.setTimeout(60_000);
  let platform: MailPlatform;
  let env: TestEnvironment;
  let nats: NatsConnection;
  let url: string;
  let buyer: Browser;
  let order: OrderPaid;

  /** A visitor who signed in with a seeded demo account. */
  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(url);
    await browser.get('/api/me');
    const res = await browser.request('POST', '/login', { body: { email, password: DEMO_PASSWORD }, csrf: true });
    expect(res.status).toBe(200);
    return browser;
  }

  /** Payments' `order.paid`, published to the test's stream as its outbox relay would. */
  async function publishPaid(data: OrderPaid): Promise<void> {
    const envelope: EventEnvelope<OrderPaid> = {
      id: randomUUID(),
      type: OrderPaidEvent.name,
      version: OrderPaidEvent.version,
      occurredAt: new Date().toISOString(),
      producer: OrderPaidEvent.producer,
      correlationId: randomUUID(),
      data,
    };
    await jetstream(nats).publish(prefixed(env.natsPrefix, OrderPaidEvent.subject), JSON.stringify(envelope), { msgID: envelope.id });
  }

  beforeAll(async () => {
    platform = await startMailPlatform({ seedNotifications: false });
    ({ env, url } = platform);
    nats = await connect({ servers: env.env().NATS_URL });

    buyer = await signedIn(DEMO_ACCOUNTS.student.email);
    order = {
      orderId: randomUUID(),
      reference: 'AM-2026-000101',
      buyer: { userId: DEMO_ACCOUNTS.student.id, email: DEMO_ACCOUNTS.student.email, name: 'Demo Student', companyId: null },
      paymentKind: 'mangopay',
      lines: [{ productId: 107, productType: 'course', name: 'Part-66 Module 7', quantity: 1, programId: 1007, unitPriceCents: 19900, totalCents: 19900 }],
      totals: { beforeDiscountCents: 19900, discountCents: 0, voucherDiscountCents: 0, finalCents: 19900 },
      voucherCode: null,
      paidAt: '2026-11-21T10:15:00.000Z',
    };
    await publishPaid(order);
  });

  afterAll(async () => {
    await nats?.close();
    await platform?.stop();
  });

  it("gives the buyer the invoice PDF of a paid order, as an attachment named after the invoice's number", async () => {
    const res = (await waitFor(
      async () => {
        const answer = await buyer.get(`/orders/${order.orderId}/invoice`);
        return answer.status === 200 ? answer : undefined;
      },
      { timeoutMs: 20_000, what: 'the invoice to be issued' },
    ))!;
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="invoice-AM-INV-2026-000001.pdf"');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.length).toBe(Number(res.headers.get('content-length')));

    // The same document every time.
    const again = Buffer.from(await (await buyer.get(`/orders/${order.orderId}/invoice`)).arrayBuffer());
    expect(again.equals(body)).toBe(true);
  });

  it("answers 404 'Invoice not found.' (JSON) to another signed-in user", async () => {
    const other = await signedIn(DEMO_ACCOUNTS.companyAdmin.email);
    const res = await other.get(`/orders/${order.orderId}/invoice`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it('answers 404 for an order without an invoice (unknown or not paid) and for an id that is not a uuid, also to a page navigation', async () => {
    for (const path of [`/orders/${randomUUID()}/invoice`, '/orders/not-a-uuid/invoice']) {
      const res = await buyer.get(path, { accept: 'text/html,application/xhtml+xml' });
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers 401 to a visitor', async () => {
    const visitor = new Browser(url);
    const res = await visitor.get(`/orders/${order.orderId}/invoice`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});
