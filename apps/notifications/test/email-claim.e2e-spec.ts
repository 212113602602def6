import { jobIdFor } from '@aero/backend-jobs';
import type { RunningService } from '@aero/backend-runtime';
import { waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmailAttachments } from '../src/emails/email-attachments.js';
import { EmailSendQueue, type EmailSendJob } from '../src/emails/email-send.queue.js';
import { EmailsService } from '../src/emails/emails.service.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { startNotifications, stopNotifications } from './support/notifications-under-test.js';

/** A short lease, so that "longer than the lease" takes a second or two here. */
const LEASE_MS = 1000;

describe('notifications: the claim on an e-mail while it is sent', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let service: RunningService;
  /** Attachments of `slow-notice` e-mails wait for this gate (a send that stalls before it starts). */
  let openGate: () => void = () => undefined;
  let gate = Promise.resolve();

  const emails = () => service.app.get(EmailsService, { strict: false });
  const enqueue = (job: EmailSendJob) => service.app.get(EmailSendQueue, { strict: false }).enqueue(job);
  const row = async (key: string) =>
    (
      await service.infra.dataSource.query<{ status: string; attempts: number; claimed_at: Date; claim_token: string | null }[]>(
        'SELECT status, attempts, claimed_at, claim_token FROM notifications.emails WHERE key = $1',
        [key],
      )
    )[0];

  beforeAll(async () => {
    ({ env, smtp, service } = await startNotifications({
      EMAIL_RETRY_DELAY_MS: '100',
      EMAIL_SEND_LEASE_MS: String(LEASE_MS),
    }));
    service.app.get(EmailAttachments, { strict: false }).register('slow-notice', async () => {
      await gate;
      return [];
    });
  });

  afterAll(async () => {
    smtp?.release();
    openGate();
    await stopNotifications({ service, smtp, env });
  });

  it('keeps the claim of a send slower than the lease: the job run again meanwhile sends nothing, and the e-mail goes out once', async () => {
    const key = `test-notice:${randomUUID()}`;
    const to = `slow-${randomUUID()}@example.com`;
    const job: EmailSendJob = { key, to, subject: 'Slow server', text: 'Hello\n' };
    smtp.hold(to);
    await enqueue(job);
    await waitFor(() => smtp.heldMessages === 1, { what: 'the send to reach the SMTP server' });
    const claimedFirst = (await row(key)).claimed_at.getTime();

    // Three leases later the send still runs, and its claim has been renewed all along...
    await sleep(3 * LEASE_MS);
    const held = await row(key);
    expect(held.status).toBe('sending');
    expect(held.claimed_at.getTime()).toBeGreaterThan(claimedFirst + LEASE_MS);
    // ...so the same job run again (a second worker, a stalled job re-run) finds it busy.
    expect(await emails().deliver(job)).toEqual(expect.objectContaining({ status: 'busy' }));

    smtp.release();
    await waitFor(async () => (await row(key)).status === 'sent', { what: 'the e-mail to be sent' });
    expect(smtp.to(to)).toHaveLength(1);
    expect((await row(key)).attempts).toBe(1);
  });

  it('records a sent e-mail once the database answers again, and does not send it a second time', async () => {
    const key = `test-notice:${randomUUID()}`;
    const to = `unrecorded-${randomUUID()}@example.com`;
    // The database stops answering right after the SMTP server took the message: the first two
    // tries to mark it sent fail as a connection refused would.
    const dataSource = service.infra.dataSource;
    const query = dataSource.query.bind(dataSource);
    let refusals = 0;
    const spy = jest.spyOn(dataSource, 'query').mockImplementation(((sql: string, parameters?: unknown[]) => {
      if (sql.includes(`SET status = 'sent'`) && parameters?.[0] === key && refusals < 2) {
        refusals++;
        return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      }
      return query(sql, parameters);
    }) as typeof dataSource.query);
    try {
      await enqueue({ key, to, subject: 'Database away', text: 'Hello\n' });
      await waitFor(async () => (await row(key))?.status === 'sent', { what: 'the e-mail to be recorded as sent' });
    } finally {
      spy.mockRestore();
    }
    expect(refusals).toBe(2);
    // Longer than the lease and the retry delay: a second send would have happened by now.
    await sleep(2 * LEASE_MS);
    expect(smtp.to(to)).toHaveLength(1);
    expect(await row(key)).toEqual(expect.objectContaining({ status: 'sent', attempts: 1 }));
  });

  it('does not send when its claim was taken over while it prepared the e-mail, and records no outcome over the new holder', async () => {
    gate = new Promise((resolve) => (openGate = resolve));
    const key = `slow-notice:${randomUUID()}`;
    const to = `stalled-${randomUUID()}@example.com`;
    await enqueue({ key, to, subject: 'Stalled worker', text: 'Hello\n' });
    await waitFor(async () => (await row(key))?.status === 'sending', { what: 'the e-mail to be claimed' });

    // The worker stalls past its lease and another one takes the claim over (and is sending it).
    const otherHolder = randomUUID();
    await service.infra.dataSource.query(`UPDATE notifications.emails SET claim_token = $2, claimed_at = now() WHERE key = $1`, [key, otherHolder]);
    // The stalled worker's next renewal finds the claim gone; then it resumes.
    await sleep(LEASE_MS / 2);
    openGate();

    // It leaves the e-mail to the new holder: its job waits (delayed until the new claim could run
    // out), nothing sent by it, the row still the new holder's. Read as soon as the job waits: a
    // fixed sleep would race with the job's next try.
    const job = (await service.app.get(EmailSendQueue, { strict: false }).queue.getJob(jobIdFor(key)))!;
    await waitFor(async () => (await job.getState()) === 'delayed', { what: 'the stalled job to wait for the new claim' });
    expect(smtp.to(to)).toHaveLength(0);
    expect(await row(key)).toEqual(expect.objectContaining({ status: 'sending', claim_token: otherHolder, attempts: 1 }));

    // The new holder dies without renewing: its claim runs out and the job sends the e-mail, once.
    await waitFor(async () => (await row(key)).status === 'sent', { timeoutMs: 10_000, what: 'the e-mail to be sent after the lease' });
    expect(smtp.to(to)).toHaveLength(1);
    await waitFor(async () => (await job.getState()) === 'completed', { what: 'the job to complete' });
  });
});
