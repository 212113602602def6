import { createJobsRedis, createQueue, jobIdFor, QueueName } from '@aero/backend-jobs';
import { type RunningService } from '@aero/backend-runtime';
import { startPrivateRedis, waitFor, type PrivateRedis, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmailSweep } from '../src/emails/email-sweep.js';
import { EmailsService } from '../src/emails/emails.service.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { startNotifications, stopNotifications } from './support/notifications-under-test.js';

/** The claim lease of this file's service. */
const LEASE_MS = 2000;

/**
 * E-mails whose send job was lost: notifications runs its queue on a Redis of this file's own
 * that keeps nothing across a restart, as a Redis restarted without its data would. The rows say
 * what is owed; the sweep (run here at once rather than after its period) queues them again, and
 * the claim on each row still lets each one out once.
 */
describe('notifications: the sweep sends the e-mails whose job was lost, once', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  let redis: PrivateRedis;
  let smtp: SmtpCatcher;
  let service: RunningService;
  let inspection: Redis;

  const sweep = () => service.app.get(EmailSweep, { strict: false });
  const db = () => service.infra.dataSource;
  const row = async (key: string) =>
    (await db().query<{ status: string; attempts: number }[]>('SELECT status, attempts FROM notifications.emails WHERE key = $1', [key]))[0];

  /** A row as the outbox writes it, `ageSeconds` old, in `state`. */
  async function owed(key: string, to: string, ageSeconds: number, state: { status: string; claimedSecondsAgo?: number; attempts?: number } = { status: 'queued' }) {
    await db().query(
      `INSERT INTO notifications.emails (key, recipient, subject, body_text, message_id, status, attempts, created_at, claimed_at, claim_token)
       VALUES ($1, $2, 'Your notice', 'Hello\n', $3, $4, $5, now() - make_interval(secs => $6),
               CASE WHEN $7::int IS NULL THEN NULL ELSE now() - make_interval(secs => $7::int) END,
               CASE WHEN $7::int IS NULL THEN NULL ELSE gen_random_uuid() END)`,
      [key, to, `<${randomUUID()}@aeromaint.test>`, state.status, state.attempts ?? 0, ageSeconds, state.claimedSecondsAgo ?? null],
    );
  }

  async function jobs<T>(read: (queue: ReturnType<typeof createQueue<QueueName.EmailSend>>) => Promise<T>): Promise<T> {
    const bare = createQueue(QueueName.EmailSend, inspection, env.redisPrefix);
    try {
      return await read(bare);
    } finally {
      await bare.close();
    }
  }

  beforeAll(async () => {
    redis = await startPrivateRedis({ persistence: 'none' });
    ({ env, smtp, service } = await startNotifications({
      REDIS_URL: redis.url,
      EMAIL_SEND_LEASE_MS: String(LEASE_MS),
      // A failed try waits a minute for the next: long enough for its job to be lost meanwhile.
      EMAIL_RETRY_DELAY_MS: '60000',
    }));
    inspection = createJobsRedis(redis.url);
  });

  afterAll(async () => {
    inspection?.disconnect();
    await stopNotifications({ service, smtp, env });
    await redis?.destroy();
  });

  it('queues again a queued e-mail, and one whose sender died mid-send, and each goes out once', async () => {
    const queuedTo = `queued-${randomUUID()}@example.com`;
    const orphanTo = `orphan-${randomUUID()}@example.com`;
    const queued = `test-notice:${randomUUID()}`;
    const orphaned = `test-notice:${randomUUID()}`;
    await owed(queued, queuedTo, 120);
    // Claimed five minutes ago and never renewed since: its worker died, and its job is gone.
    await owed(orphaned, orphanTo, 300, { status: 'sending', claimedSecondsAgo: 300, attempts: 1 });
    // Not lost: just asked for, being sent under a live claim, sent already, failed a week ago.
    await owed(`test-notice:${randomUUID()}`, 'young@example.com', 5);
    await owed(`test-notice:${randomUUID()}`, 'live@example.com', 300, { status: 'sending', claimedSecondsAgo: 1, attempts: 1 });
    await owed(`test-notice:${randomUUID()}`, 'sent@example.com', 300, { status: 'sent', claimedSecondsAgo: 290, attempts: 1 });
    await owed(`test-notice:${randomUUID()}`, 'old@example.com', 7 * 24 * 3600, { status: 'failed', claimedSecondsAgo: 6 * 24 * 3600, attempts: 8 });

    expect(await sweep().runNow()).toEqual({ found: 2, failed: 0 });
    await waitFor(async () => (await row(queued)).status === 'sent' && (await row(orphaned)).status === 'sent', { what: 'the two e-mails sent' });
    expect(await row(orphaned)).toEqual({ status: 'sent', attempts: 2 });

    // Sent: not due any more, and the jobs it added do not run again.
    expect(await sweep().runNow()).toEqual({ found: 0, failed: 0 });
    await sleep(500);
    expect([smtp.to(queuedTo).length, smtp.to(orphanTo).length]).toEqual([1, 1]);
    expect(smtp.to(queuedTo)[0].headers['subject']).toBe('Your notice');
  });

  it('sends once an e-mail whose job was lost with Redis between two tries', async () => {
    const to = `retried-${randomUUID()}@example.com`;
    const key = `test-notice:${randomUUID()}`;
    // The relay refuses it for now (451): the first try fails and the job waits a minute.
    smtp.refuseNext(to, 451);
    await db().transaction((manager) => service.app.get(EmailsService, { strict: false }).schedule(manager, { key, to, subject: 'Retried', text: 'Hello\n' }));
    await waitFor(async () => (await row(key))?.status === 'failed', { what: 'the first try to fail' });
    await waitFor(async () => (await jobs((queue) => queue.getJobState(jobIdFor(key)))) === 'delayed', { what: 'the job to wait for its next try' });
    const aMinuteLater = () => db().query(`UPDATE notifications.emails SET claimed_at = now() - interval '2 minutes' WHERE key = $1`, [key]);

    // While its job waits, the sweep finds the row but adds nothing: the job keeps its id and its time.
    await aMinuteLater();
    expect(await sweep().runNow()).toEqual({ found: 1, failed: 0 });
    expect(await jobs((queue) => queue.getJobCounts('waiting', 'delayed', 'active'))).toEqual({ waiting: 0, delayed: 1, active: 0 });
    expect(smtp.refusedFor(to)).toEqual([451]);

    await redis.kill();
    await redis.start();
    expect(await jobs((queue) => queue.count())).toBe(0);
    // The row is still failed, and its next try will never come.
    await aMinuteLater();

    expect(await sweep().runNow()).toEqual({ found: 1, failed: 0 });
    await waitFor(async () => (await row(key)).status === 'sent', { what: 'the e-mail sent' });
    expect(await sweep().runNow()).toEqual({ found: 0, failed: 0 });
    await sleep(500);
    expect(smtp.to(to)).toHaveLength(1);
    expect(smtp.refusedFor(to)).toEqual([451]);
    expect(await row(key)).toEqual({ status: 'sent', attempts: 2 });
  });
});
