import { waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MailRejectedError } from '../src/mail/mail.errors.js';
import type { MailMessage } from '../src/mail/mailer.js';
import { SmtpMailer } from '../src/mail/smtp.mailer.js';
import { SmtpCatcher } from './support/smtp-catcher.js';

describe('notifications: the SMTP mailer', () => {
  let smtp: SmtpCatcher;
  let mailer: SmtpMailer;
  let count = 0;
  const from = { name: 'AeroMaint Academy', address: 'no-reply@aeromaint.local', domain: 'aeromaint.local' };

  function message(to = `pilot${++count}@example.com`): MailMessage {
    return { to, subject: `Notice ${count}`, text: 'Hello,\n', messageId: `<notice-${count}@aeromaint.local>` };
  }

  async function refusal(promise: Promise<unknown>): Promise<MailRejectedError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MailRejectedError);
    return error as MailRejectedError;
  }

  beforeAll(async () => {
    smtp = new SmtpCatcher();
    await smtp.start();
    mailer = new SmtpMailer(`smtp://127.0.0.1:${smtp.port}`, from, 2);
  });

  afterAll(async () => {
    mailer?.onApplicationShutdown();
    await smtp?.stop();
  });

  it('sends one message after the other over the same connection', async () => {
    for (let i = 0; i < 5; i++) await mailer.send(message());
    expect(smtp.messages).toHaveLength(5);
    expect(smtp.connections).toBe(1);
  });

  it('sends messages at the same time over at most as many connections as it was given', async () => {
    const batch = Array.from({ length: 8 }, () => message());
    const receipts = await Promise.all(batch.map((m) => mailer.send(m)));
    expect(receipts.map((r) => r.messageId)).toEqual(batch.map((m) => m.messageId));
    for (const m of batch) expect(smtp.to(m.to)).toHaveLength(1);
    expect(smtp.connections).toBeLessThanOrEqual(2);
  });

  it('reports a refusal as temporary (4xx) or permanent (5xx) and keeps using the connection', async () => {
    const opened = smtp.connections;
    const later = message();
    smtp.refuseNext(later.to, 451);
    expect(await refusal(mailer.send(later))).toEqual(expect.objectContaining({ permanent: false, responseCode: 451 }));
    const never = message();
    smtp.refuseNext(never.to, 550);
    expect(await refusal(mailer.send(never))).toEqual(expect.objectContaining({ permanent: true, responseCode: 550 }));

    await mailer.send(later);
    expect(smtp.to(later.to)).toHaveLength(1);
    expect(smtp.connections).toBe(opened);
  });

  it('closes its connections at application shutdown', async () => {
    expect(smtp.openConnections).toBeGreaterThan(0);
    mailer.onApplicationShutdown();
    await waitFor(() => smtp.openConnections === 0, { what: 'the SMTP connections to close' });
  });
});
