import { createJobsRedis, createQueue, createWorker, jobIdFor, QueueName, type JobPayloads } from '@aero/backend-jobs';
import { createTestEnvironment, TEST_INFRA, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

type EmailJob = JobPayloads[QueueName.EmailSend];

describe('BullMQ queues of the platform', () => {
  let env: TestEnvironment;
  let connection: Redis;
  let queue: Queue<EmailJob>;

  const email = (key: string): EmailJob => ({ key, to: 'a@example.com', subject: 's', text: 't' });

  beforeAll(async () => {
    env = await createTestEnvironment();
    connection = createJobsRedis(TEST_INFRA.redis);
    queue = createQueue(QueueName.EmailSend, connection, env.redisPrefix);
  });

  afterAll(async () => {
    await queue?.close();
    await connection?.quit();
    await env?.destroy();
  });

  it('rejects a raw key with a colon as job id, which is why keys go through jobIdFor', async () => {
    await expect(queue.add('send', email('order-confirmation:1'), { jobId: 'order-confirmation:1' })).rejects.toThrow(/Custom Id/);
  });

  it('keeps one job per key however often it is added', async () => {
    const keys = ['order-confirmation:3f9c1a52-8f7e-4f61-9a0b-2b7f4c6d8e01', '12345', 'share:7:resend', 'a%3Ab', 'a:b'];
    for (let round = 0; round < 3; round++) {
      for (const key of keys) await queue.add('send', email(key), { jobId: jobIdFor(key) });
    }
    expect(await queue.count()).toBe(keys.length);
    for (const key of keys) expect((await queue.getJob(jobIdFor(key)))?.data.key).toBe(key);
    await queue.obliterate({ force: true });
  });

  it('runs a job on a worker with the queue prefix of the environment', async () => {
    const seen: string[] = [];
    const workerConnection = createJobsRedis(TEST_INFRA.redis);
    const worker = createWorker(
      QueueName.EmailSend,
      (job) => {
        seen.push(job.data.key);
        return Promise.resolve('done');
      },
      workerConnection,
      env.redisPrefix,
    );
    try {
      const job = await queue.add('send', email('welcome:1'), { jobId: jobIdFor('welcome:1') });
      await waitFor(async () => (await job.getState()) === 'completed', { what: 'the job to complete' });
      expect(seen).toEqual(['welcome:1']);
      expect(await connection.exists(`${env.redisPrefix}:bull:${QueueName.EmailSend}:${jobIdFor('welcome:1')}`)).toBe(1);
    } finally {
      await worker.close();
      await workerConnection.quit();
    }
  });
});
