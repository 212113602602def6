import { OrderPaidEvent, type EventEnvelope, type OrderPaid } from '@aero/contracts';
import { jobIdFor } from '@aero/backend-jobs';
import type { RunningService } from '@aero/backend-runtime';
import { waitFor, type StubProducer, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { messageIdFor } from '../src/emails/email-message-id.js';
import { EmailSendQueue, type EmailSendJob } from '../src/emails/email-send.queue.js';
import { EmailSendWorker } from '../src/emails/email-send.worker.js';
import { EmailsService } from '../src/emails/emails.service.js';
import { ORDER_CONFIRMATION_CONSUMER } from '../src/order-confirmation/order-confirmation.event-handlers.js';
import { orderConfirmationKey } from '../src/order-confirmation/order-confirmation.template.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { emailQueueIdle, publishAgain, startNotificationsWithPayments, stopNotificationsWithPayments } from './support/notifications-under-test.js';

const PAYMENTS_SCHEMA = 'payments_stub';

describe('notifications: order confirmation e-mails', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let service: RunningService;
  let payments: StubProducer;
  let orderCount = 0;

  const emails = () => service.app.get(EmailsService, { strict: false });
  const queue = () => service.app.get(EmailSendQueue, { strict: false }).queue;

  function paidOrder(overrides: Partial<OrderPaid> = {}): OrderPaid {
    orderCount++;
    return {
      orderId: randomUUID(),
      reference: `AM-2026-${String(orderCount).padStart(6, '0')}`,
      buyer: { userId: randomUUID(), email: `buyer${orderCount}@example.com`, name: 'Jane Doe', companyId: null },
      paymentKind: 'mangopay',
      lines: [
        {
          productId: 107,
          productType: 'course',
          name: 'Part-66 Module 7: Maintenance Practices',
          quantity: 1,
          programId: 1007,
          unitPriceCents: 19900,
          totalCents: 19900,
        },
        {
          productId: 201,
          productType: 'course',
          name: 'Part-145 Initial Training',
          quantity: 5,
          programId: null,
          unitPriceCents: 9900,
          totalCents: 49500,
        },
      ],
      totals: { beforeDiscountCents: 69400, discountCents: 0, voucherDiscountCents: 0, finalCents: 69400 },
      voucherCode: null,
      paidAt: '2026-11-21T10:15:00.000Z',
      ...overrides,
    };
  }

  /** Payments' side: the event goes into its outbox in a transaction and the relay publishes it. */
  const pay = (order: OrderPaid): Promise<EventEnvelope<OrderPaid>> => payments.emit(OrderPaidEvent, order);

  const queueIdle = () => emailQueueIdle(service);

  const emailStatus = async (key: string) => (await emails().find(key))?.status;

  beforeAll(async () => {
    ({ env, smtp, service, payments } = await startNotificationsWithPayments(PAYMENTS_SCHEMA, { EMAIL_RETRY_DELAY_MS: '100' }));
  });

  afterAll(async () => {
    await stopNotificationsWithPayments({ service, payments, smtp, env });
  });

  it('e-mails the buyer one confirmation with the order reference, the lines, the total and the invoice PDF', async () => {
    const order = paidOrder();
    const envelope = await pay(order);

    const mail = await waitFor(() => smtp.to(order.buyer.email)[0], { what: 'the confirmation e-mail' });
    expect(mail.envelopeFrom).toBe('no-reply@aeromaint.local');
    expect(mail.headers.from).toBe('AeroMaint Academy <no-reply@aeromaint.local>');
    expect(mail.headers.to).toBe(order.buyer.email);
    expect(mail.headers.subject).toBe(`Order confirmation ${order.reference}`);
    expect(mail.headers['message-id']).toBe(messageIdFor(orderConfirmationKey(order.orderId), 'aeromaint.local'));
    expect(mail.text).toContain('Hello Jane Doe,');
    expect(mail.text).toContain(`Order reference: ${order.reference}`);
    expect(mail.text).toContain('- Part-66 Module 7: Maintenance Practices × 1: €199.00');
    expect(mail.text).toContain('- Part-145 Initial Training × 5 (€99.00 each): €495.00');
    expect(mail.text).toContain('Total paid: €694.00');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[expect.stringMatching(/^invoice-AM-INV-2026-\d{6}\.pdf$/), 'application/pdf']]);

    const row = await waitFor(
      async () => {
        const email = await emails().find(orderConfirmationKey(order.orderId));
        return email?.status === 'sent' ? email : undefined;
      },
      { what: 'the e-mail row to be marked sent' },
    );
    expect(row).toEqual(
      expect.objectContaining({
        recipient: order.buyer.email,
        subject: `Order confirmation ${order.reference}`,
        attempts: 1,
        lastError: null,
        eventId: envelope.id,
      }),
    );
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('sends one e-mail when the same event reaches the stream twice', async () => {
    const order = paidOrder();
    const envelope = await pay(order);
    await publishAgain({ service, env }, OrderPaidEvent, envelope, ORDER_CONFIRMATION_CONSUMER);
    await waitFor(async () => (await emailStatus(orderConfirmationKey(order.orderId))) === 'sent', { what: 'the e-mail to be sent' });
    await queueIdle();
    expect(smtp.to(order.buyer.email)).toHaveLength(1);
    const inbox = await service.infra.dataSource.query('SELECT count(*)::int AS n FROM notifications.inbox WHERE event_id = $1', [envelope.id]);
    expect(inbox[0].n).toBe(1);
  });

  it('sends nothing more when the job of a sent e-mail runs again', async () => {
    const order = paidOrder();
    await pay(order);
    const key = orderConfirmationKey(order.orderId);
    await waitFor(async () => (await emailStatus(key)) === 'sent', { what: 'the e-mail to be sent' });
    const job = (await queue().getJob(jobIdFor(key)))!;
    await waitFor(async () => (await job.getState()) === 'completed', { what: 'the job to complete' });

    // The processor called again with the same job...
    expect(await service.app.get(EmailSendWorker, { strict: false }).process(job)).toBe('already_sent');
    // ...the same key enqueued again while its job is kept: no second job...
    const payload: EmailSendJob = job.data;
    await service.app.get(EmailSendQueue, { strict: false }).enqueue(payload);
    expect(await queue().getJobCounts('waiting', 'active', 'delayed', 'prioritized')).toEqual({ waiting: 0, active: 0, delayed: 0, prioritized: 0 });
    // ...and enqueued again once the finished job was cleaned up: the new job finds the e-mail sent.
    await job.remove();
    await service.app.get(EmailSendQueue, { strict: false }).enqueue(payload);
    const rerun = (await queue().getJob(jobIdFor(key)))!;
    await waitFor(async () => (await rerun.getState()) === 'completed', { what: 'the second job to complete' });
    expect((await queue().getJob(jobIdFor(key)))!.returnvalue).toBe('already_sent');

    expect(smtp.to(order.buyer.email)).toHaveLength(1);
    expect((await emails().find(key))!.attempts).toBe(1);
  });

  it('retries an e-mail the SMTP server refused for now, and then delivers it once', async () => {
    const order = paidOrder();
    smtp.refuseNext(order.buyer.email, 451);
    await pay(order);
    const key = orderConfirmationKey(order.orderId);

    await waitFor(async () => (await emailStatus(key)) === 'sent', { timeoutMs: 15_000, what: 'the retried e-mail to be sent' });
    expect(smtp.refusedFor(order.buyer.email)).toEqual([451]);
    expect(smtp.to(order.buyer.email)).toHaveLength(1);
    expect(await emails().find(key)).toEqual(expect.objectContaining({ status: 'sent', attempts: 2, lastError: null }));
  });

  it('marks an e-mail the SMTP server refused for good as failed, without retrying', async () => {
    const order = paidOrder();
    smtp.refuseNext(order.buyer.email, 550);
    await pay(order);
    const key = orderConfirmationKey(order.orderId);

    await waitFor(async () => (await queue().getJobState(jobIdFor(key))) === 'failed', { what: 'the job to fail' });
    // Read once it has failed: a job read before can still show its attempt as running.
    const job = (await queue().getJob(jobIdFor(key)))!;
    expect(job.attemptsMade).toBe(1);
    expect(smtp.refusedFor(order.buyer.email)).toEqual([550]);
    expect(smtp.to(order.buyer.email)).toHaveLength(0);
    const row = (await emails().find(key))!;
    expect(row).toEqual(expect.objectContaining({ status: 'failed', attempts: 1 }));
    expect(row.lastError).toMatch(/550/);
  });

  // A kind of e-mail without attachments: an order confirmation waits for its invoice (invoices.e2e-spec).
  it('sends the e-mail of a job whose row was never committed (the scheduling transaction rolled back)', async () => {
    const key = `test-notice:${randomUUID()}`;
    await service.app.get(EmailSendQueue, { strict: false }).enqueue({
      key,
      to: 'orphan@example.com',
      subject: 'Notice AM-ORPHAN',
      text: 'Hello,\n',
    });
    await waitFor(async () => (await emailStatus(key)) === 'sent', { what: 'the e-mail to be sent' });
    expect(smtp.to('orphan@example.com')).toHaveLength(1);
  });

  it('sends what the committed row says when the job starts before its scheduling transaction ends, and what the job says when that transaction rolls back', async () => {
    /** Writes an e-mail row in a transaction that stays open until the job's claim waits for it, then ends it. */
    async function scheduleAndEnd(end: 'commit' | 'rollback') {
      const key = `test-notice:${randomUUID()}`;
      const to = `${end}@example.com`;
      const runner = service.infra.dataSource.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        await runner.query(
          'INSERT INTO notifications.emails (key, recipient, subject, body_text, message_id) VALUES ($1, $2, $3, $4, $5)',
          [key, to, 'From the row', 'Row text\n', messageIdFor(key, 'aeromaint.local')],
        );
        await service.app.get(EmailSendQueue, { strict: false }).enqueue({ key, to, subject: 'From the job', text: 'Job text\n' });
        await waitFor(
          async () =>
            (await service.infra.dataSource.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO notifications.emails AS email%'`,
            ))[0].n === 1,
          { what: 'the claim to wait for the scheduling transaction' },
        );
        if (end === 'commit') await runner.commitTransaction();
        else await runner.rollbackTransaction();
      } finally {
        await runner.release();
      }
      await waitFor(async () => (await emailStatus(key)) === 'sent', { what: 'the e-mail to be sent' });
      expect((await emails().find(key))!.attempts).toBe(1);
      return smtp.to(to);
    }

    const committed = await scheduleAndEnd('commit');
    expect(committed.map((m) => [m.headers.subject, m.text])).toEqual([['From the row', 'Row text\n']]);
    const rolledBack = await scheduleAndEnd('rollback');
    expect(rolledBack.map((m) => [m.headers.subject, m.text])).toEqual([['From the job', 'Job text\n']]);
  });

  it('leaves an e-mail another worker is sending alone, and takes over the claim of a worker that died', async () => {
    const key = `test-notice:${randomUUID()}`;
    const to = 'held@example.com';
    // Another worker claimed the e-mail a moment ago and is sending it.
    await service.infra.dataSource.query(
      `INSERT INTO notifications.emails (key, recipient, subject, body_text, message_id, status, attempts, claimed_at)
       VALUES ($1, $2, 'Held', 'Hello', $3, 'sending', 1, now())`,
      [key, to, messageIdFor(key, 'aeromaint.local')],
    );
    await service.app.get(EmailSendQueue, { strict: false }).enqueue({ key, to, subject: 'Held', text: 'Hello' });
    const job = await waitFor(
      async () => {
        const found = await queue().getJob(jobIdFor(key));
        return found && (await found.getState()) === 'delayed' ? found : undefined;
      },
      { what: 'the job to wait for the claim to expire' },
    );
    expect(smtp.to(to)).toHaveLength(0);
    expect(await emailStatus(key)).toBe('sending');

    // That worker died: its claim is now older than the lease, and the job comes round again.
    await service.infra.dataSource.query(`UPDATE notifications.emails SET claimed_at = now() - interval '10 minutes' WHERE key = $1`, [key]);
    await job!.promote();
    await waitFor(async () => (await emailStatus(key)) === 'sent', { what: 'the e-mail to be sent' });
    expect(smtp.to(to)).toHaveLength(1);
    expect((await emails().find(key))!.attempts).toBe(2);
  });
});
