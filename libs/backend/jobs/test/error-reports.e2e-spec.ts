import { declareQueue, JobQueue, JobWorker, QueueName, type JobsHost } from '@aero/backend-jobs';
import { closeErrorReports, configureErrorReports, createLogger, errorReportsKey, flushErrorReports, Metrics, NOT_LOGGED_IN, readErrorReports } from '@aero/backend-observability';
import { createTestEnvironment, TEST_INFRA, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';

describe('error reports: a job that failed for good', () => {
  let env: TestEnvironment;
  let host: JobsHost;
  let redis: Redis;

  beforeAll(async () => {
    env = await createTestEnvironment();
    host = { config: { REDIS_URL: TEST_INFRA.redis, REDIS_PREFIX: env.redisPrefix }, logger: createLogger('jobs-test', 'silent'), metrics: new Metrics('jobs-test') };
    configureErrorReports({ source: 'notifications', release: '1.2.3', environment: 'test', redisUrl: TEST_INFRA.redis, redisPrefix: env.redisPrefix });
    redis = new Redis(TEST_INFRA.redis);
  });

  afterAll(async () => {
    await closeErrorReports();
    await redis?.del(errorReportsKey(env.redisPrefix));
    redis?.disconnect();
    await env?.destroy();
  });

  it("arrives in the sink once, after its last try, with the job's correlation id, the queue and 'Not logged in'", async () => {
    const declaration = declareQueue(QueueName.EmailSend, { attempts: 2, backoff: { type: 'fixed', delayMs: 10 } });
    const jobs = new JobQueue(declaration, host);
    const worker = new JobWorker(declaration, () => Promise.reject(new Error('SMTP server refused the connection')), host);
    const correlationId = randomUUID();
    try {
      await jobs.add('send', { key: 'welcome:1', to: 'a@example.com', subject: 's', text: 't', correlationId });
      await waitFor(async () => (await jobs.queue.getFailedCount()) === 1, { what: 'the job to fail for good' });
      await flushErrorReports();
      const reports = (await readErrorReports(redis, env.redisPrefix)).filter((report) => report.correlationId === correlationId);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({
        source: 'notifications',
        kind: 'job',
        route: 'email-send:send',
        userId: NOT_LOGGED_IN,
        correlationId,
        message: 'SMTP server refused the connection',
        details: expect.objectContaining({ attempts: 2 }),
      });
    } finally {
      await worker.close();
      await jobs.close();
    }
  });
});
