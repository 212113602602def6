import { createJobsRedis, createQueue, jobIdFor, QueueName } from '@aero/backend-jobs';
import { createTestEnvironment, freePort, spawnApp, TEST_INFRA, waitFor, type SpawnedProcess, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EmailSendJob } from '../src/emails/email-send.queue.js';
import { SmtpCatcher } from './support/smtp-catcher.js';

/** After a restart, e-mails that were being sent when the service died go out within this. */
const REDELIVERY_LIMIT_MS = 30_000;

describe('notifications: e-mails being sent when the service is killed', () => {
  jest.setTimeout(90_000);
  let env: TestEnvironment;
  let smtp: SmtpCatcher;
  let notifications: SpawnedProcess | undefined;
  let redis: Redis;
  let queue: Queue<EmailSendJob>;
  let db: pg.Client;
  let spawnNotifications: () => Promise<SpawnedProcess>;

  beforeAll(async () => {
    env = await createTestEnvironment();
    smtp = new SmtpCatcher();
    await smtp.start();
    const port = await freePort();
    // The default lease (EMAIL_SEND_LEASE_MS): the figures below are those of the product.
    const processEnv = env.env({ NOTIFICATIONS_HTTP_PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    delete processEnv.EMAIL_SEND_LEASE_MS;
    spawnNotifications = () => spawnApp('notifications', processEnv, { healthUrl: `http://127.0.0.1:${port}/health`, timeoutMs: 30_000 });
    notifications = await spawnNotifications();
    redis = createJobsRedis(TEST_INFRA.redis);
    queue = createQueue(QueueName.EmailSend, redis, env.redisPrefix);
    db = new pg.Client({ connectionString: env.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    smtp?.release();
    await notifications?.stop();
    await queue?.close();
    redis?.disconnect();
    await db?.end();
    await smtp?.stop();
    await env?.destroy();
  });

  it('sends each of them once, within 30 s of the restart', async () => {
    const recipients = [1, 2, 3].map((i) => `in-flight-${i}-${randomUUID()}@example.com`);
    const keys = recipients.map(() => `test-notice:${randomUUID()}`);
    // The SMTP server answers nothing for now: the three sends are under way when the service dies.
    for (const to of recipients) smtp.hold(to);
    for (const [i, to] of recipients.entries()) {
      await queue.add('test-notice', { key: keys[i], to, subject: `In flight ${i}`, text: 'Hello\n' }, { jobId: jobIdFor(keys[i]), attempts: 8 });
    }
    await waitFor(() => smtp.heldMessages === 3, { timeoutMs: 15_000, what: 'the three sends to reach the SMTP server' });

    const killedAt = performance.now();
    await notifications!.stop('SIGKILL');
    notifications = undefined;
    // The dead process's SMTP connections close: its messages were never accepted.
    await waitFor(() => smtp.openConnections === 0, { what: 'the killed sender to hang up' });
    smtp.release();
    notifications = await spawnNotifications();
    const restartedAt = performance.now();

    await waitFor(() => recipients.every((to) => smtp.to(to).length > 0), {
      timeoutMs: REDELIVERY_LIMIT_MS + 10_000,
      intervalMs: 200,
      what: 'the e-mails to go out after the restart',
    });
    const afterRestartMs = performance.now() - restartedAt;
    const afterKillMs = performance.now() - killedAt;
    console.log(
      `in-flight e-mails out ${(afterRestartMs / 1000).toFixed(1)} s after the restart (${(afterKillMs / 1000).toFixed(1)} s after the SIGKILL; restart took ${((restartedAt - killedAt) / 1000).toFixed(1)} s)`,
    );
    expect(afterRestartMs).toBeLessThan(REDELIVERY_LIMIT_MS);

    // Each exactly once, and recorded as sent on the second claim.
    await waitFor(
      async () => (await db.query(`SELECT count(*)::int AS n FROM notifications.emails WHERE key = ANY($1) AND status = 'sent'`, [keys])).rows[0].n === 3,
      { what: 'the rows to be marked sent' },
    );
    await waitFor(async () => (await queue.getJobCounts('active', 'waiting', 'delayed')).active === 0, { what: 'the jobs to end' });
    expect(recipients.map((to) => smtp.to(to).length)).toEqual([1, 1, 1]);
    const { rows } = await db.query(`SELECT attempts FROM notifications.emails WHERE key = ANY($1)`, [keys]);
    expect(rows.map((r: { attempts: number }) => r.attempts)).toEqual([2, 2, 2]);
  });
});
