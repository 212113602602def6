import {
  createJobsRedis,
  createQueue,
  declareQueue,
  InvalidJobPayloadError,
  JobEvents,
  jobIdFor,
  JobQueue,
  JobWorker,
  QueueName,
  type JobPayloads,
  type JobsHost,
} from '@aero/backend-jobs';
import { createLogger, Metrics } from '@aero/backend-observability';
import { createTestEnvironment, startPrivateRedis, TEST_INFRA, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

type EmailJob = JobPayloads[QueueName.EmailSend];

const email = (key: string): EmailJob => ({ key, to: 'a@example.com', subject: 's', text: 't' });

describe('BullMQ queues of the platform', () => {
  let env: TestEnvironment;
  let connection: Redis;
  let queue: Queue<EmailJob>;

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
});

describe('a declared queue', () => {
  let env: TestEnvironment;
  let host: JobsHost;
  let inspection: Redis;
  const closing: { close(): Promise<void> }[] = [];

  /** Each test its own prefix, so counts and ids never mix. */
  function hostFor(name: string, redisUrl = TEST_INFRA.redis): JobsHost {
    return { config: { REDIS_URL: redisUrl, REDIS_PREFIX: `${env.redisPrefix}:${name}` }, logger: createLogger('jobs-test', 'silent'), metrics: new Metrics('jobs-test') };
  }

  function track<T extends { close(): Promise<void> }>(item: T): T {
    closing.push(item);
    return item;
  }

  function outcomes(of: JobsHost, queue: QueueName): Promise<Record<string, number>> {
    return of.metrics.jobsProcessed.get().then(({ values }) =>
      Object.fromEntries(values.filter((v) => v.labels.queue === queue).map((v) => [String(v.labels.outcome), v.value])),
    );
  }

  beforeAll(async () => {
    env = await createTestEnvironment();
    inspection = createJobsRedis(TEST_INFRA.redis);
    host = hostFor('default');
  });

  afterEach(async () => {
    for (const item of closing.splice(0).reverse()) await item.close();
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    inspection?.disconnect();
    await env?.destroy();
  });

  it('adds every job with the tries, backoff and retention of its declaration', async () => {
    const declaration = declareQueue(QueueName.PaymentRefund, {
      attempts: 11,
      backoff: { type: 'exponential', delayMs: 10_000 },
      keepCompleted: false,
      keepFailed: false,
    });
    const jobs = track(new JobQueue(declaration, host));
    const job = await jobs.add('refund', { attemptId: 'a-1' }, { jobId: 'refund-a-1', delay: 60_000 });
    expect(job.opts).toEqual(
      expect.objectContaining({ attempts: 11, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: true, removeOnFail: true, delay: 60_000 }),
    );
    const defaults = track(new JobQueue(declareQueue(QueueName.OrderExpiry), host));
    const kept = await defaults.add('expire', { orderId: 'o-1' });
    expect(kept.opts).toEqual(
      expect.objectContaining({ attempts: 5, removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 }, removeOnFail: { age: 30 * 24 * 3600 } }),
    );
  });

  it('refuses a payload that does not pass the schema of the queue, and adds nothing', async () => {
    const jobs = track(new JobQueue(declareQueue(QueueName.OrderExpiry), hostFor('refused')));
    await expect(jobs.add('expire', { orderId: '' })).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(jobs.add('expire', { id: 'o-1' } as never)).rejects.toThrow(/orderId/);
    expect(await jobs.queue.count()).toBe(0);
  });

  it('refuses impossible settings when the queue is declared', () => {
    expect(() => declareQueue(QueueName.OrderExpiry, { attempts: 0 })).toThrow(/attempts/);
    expect(() => declareQueue(QueueName.OrderExpiry, { concurrency: 1.5 })).toThrow(/concurrency/);
    expect(() => declareQueue(QueueName.OrderExpiry, { backoff: { type: 'fixed', delayMs: -1 } })).toThrow(/backoff/);
  });

  it('runs each job once, counts it completed, and keeps a job with the same id from being added again', async () => {
    const declaration = declareQueue(QueueName.ShareResend);
    const own = hostFor('runs');
    const seen: string[] = [];
    const jobs = track(new JobQueue(declaration, own));
    track(new JobWorker(declaration, (job) => Promise.resolve(void seen.push(job.data.shareId)), own));
    for (let round = 0; round < 3; round++) for (const id of ['s-1', 's-2']) await jobs.add('resend', { shareId: id }, { jobId: id });
    await waitFor(async () => (await jobs.queue.getCompletedCount()) === 2, { what: 'the two jobs to complete' });
    expect(seen.sort()).toEqual(['s-1', 's-2']);
    expect(await outcomes(own, QueueName.ShareResend)).toEqual({ completed: 2 });
  });

  it('retries a failing job with backoff, then keeps it as a dead letter and logs it as an error', async () => {
    const declaration = declareQueue(QueueName.DocumentRender, { attempts: 3, backoff: { type: 'fixed', delayMs: 50 } });
    const own = hostFor('dead-letter');
    const warn = jest.spyOn(own.logger, 'warn');
    const error = jest.spyOn(own.logger, 'error');
    let tries = 0;
    const jobs = track(new JobQueue(declaration, own));
    track(
      new JobWorker(
        declaration,
        () => {
          tries += 1;
          return Promise.reject(new Error('renderer down'));
        },
        own,
      ),
    );
    await jobs.add('render', { kind: 'invoice', id: 'inv-1' }, { jobId: 'inv-1' });
    await waitFor(async () => (await jobs.queue.getJobState('inv-1')) === 'failed', { what: 'the job to fail for good' });
    expect(tries).toBe(3);
    const failed = await jobs.queue.getJob('inv-1');
    expect({ attemptsMade: failed?.attemptsMade, failedReason: failed?.failedReason }).toEqual({ attemptsMade: 3, failedReason: 'renderer down' });
    await waitFor(async () => (await outcomes(own, QueueName.DocumentRender)).failed === 1, { what: 'the failure counted' });
    expect(await outcomes(own, QueueName.DocumentRender)).toEqual({ retried: 2, failed: 1 });
    // /metrics reads the kept failure in the queue's depth.
    expect(await own.metrics.registry.getSingleMetricAsString('job_queue_depth')).toContain(`job_queue_depth{queue="${QueueName.DocumentRender}",state="failed",service="jobs-test"} 1`);
    expect(warn.mock.calls.map(([, message]) => message)).toEqual(['job try failed; it will be retried', 'job try failed; it will be retried']);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ queue: QueueName.DocumentRender, jobId: 'inv-1', attempts: 3 }),
      'job failed for good; kept in the failed set for inspection',
    );
  });

  it('removes a finally failed job when the declaration keeps no failed jobs, so its id is free again', async () => {
    const declaration = declareQueue(QueueName.PaymentReconciliation, { attempts: 1, keepFailed: false });
    const own = hostFor('not-kept');
    const jobs = track(new JobQueue(declaration, own));
    track(new JobWorker(declaration, () => Promise.reject(new Error('provider down')), own));
    await jobs.add('reconcile', { paymentId: 'p-1' }, { jobId: 'p-1' });
    await waitFor(async () => (await outcomes(own, QueueName.PaymentReconciliation)).failed === 1, { what: 'the failure counted' });
    await waitFor(async () => (await jobs.queue.getJob('p-1')) === undefined, { what: 'the failed job removed' });
  });

  it('fails a job whose payload breaks the schema at once, without running it', async () => {
    const declaration = declareQueue(QueueName.ExamDeadline, { attempts: 5 });
    const own = hostFor('bad-payload');
    const run = jest.fn(() => Promise.resolve());
    const bare = createQueue(QueueName.ExamDeadline, inspection, own.config.REDIS_PREFIX);
    track(new JobWorker(declaration, run, own));
    try {
      await bare.add('deadline', { attemptId: 42 } as never, { jobId: 'bad' });
      await waitFor(async () => (await bare.getJobState('bad')) === 'failed', { what: 'the job to fail' });
      const job = await bare.getJob('bad');
      expect(job?.attemptsMade).toBe(1);
      expect(job?.failedReason).toMatch(/invalid exam-deadline job payload/);
      expect(run).not.toHaveBeenCalled();
    } finally {
      await bare.close();
    }
  });

  it('on close, lets the job running finish before it resolves', async () => {
    const declaration = declareQueue(QueueName.ExamGracePeriod);
    const own = hostFor('close');
    const jobs = track(new JobQueue(declaration, own));
    let finished = false;
    const worker = new JobWorker(
      declaration,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        finished = true;
      },
      own,
    );
    await jobs.add('grace', { examId: 'e-1', userId: 'u-1' }, { jobId: 'g-1' });
    await waitFor(async () => (await jobs.queue.getJobState('g-1')) === 'active', { what: 'the job to start' });
    await worker.close();
    expect(finished).toBe(true);
    expect(await jobs.queue.getJobState('g-1')).toBe('completed');
  });

  it('reports completions to a JobEvents listener in another connection', async () => {
    const declaration = declareQueue(QueueName.ShareResend);
    const own = hostFor('events');
    const events = track(new JobEvents(declaration, own));
    await events.events.waitUntilReady();
    const jobs = track(new JobQueue(declaration, own));
    track(new JobWorker(declaration, () => Promise.resolve('sent'), own));
    const job = await jobs.add('resend', { shareId: 's-9' }, { jobId: 's-9' });
    expect(await job.waitUntilFinished(events.events, 10_000)).toBe('sent');
  });

  it('logs a Redis outage through the service logger, not on stderr, and works again once Redis is back', async () => {
    const redis = await startPrivateRedis();
    try {
      const declaration = declareQueue(QueueName.ShareResend);
      const own = hostFor('outage', redis.url);
      const error = jest.spyOn(own.logger, 'error');
      const stderr = jest.spyOn(console, 'error');
      const jobs = track(new JobQueue(declaration, own));
      const events = track(new JobEvents(declaration, own));
      track(new JobWorker(declaration, (job) => Promise.resolve(job.data.shareId), own));
      await events.events.waitUntilReady();
      await jobs.add('resend', { shareId: 'before' }, { jobId: 'before' });
      // Killed only once the worker has seen its reply: a reply lost in the kill is a separate story.
      await waitFor(async () => (await outcomes(own, QueueName.ShareResend)).completed === 1, { what: 'the first job counted' });

      await redis.kill();
      const logged = () => new Set(error.mock.calls.map(([, message]) => message));
      await waitFor(() => ['job queue error', 'job worker error', 'job events error'].every((m) => logged().has(m)), { what: 'the three error logs' });
      await redis.start();

      expect(await (await jobs.add('resend', { shareId: 'after' }, { jobId: 'after' })).waitUntilFinished(events.events, 10_000)).toBe('after');
      expect(stderr).not.toHaveBeenCalled();
      await waitFor(async () => (await outcomes(own, QueueName.ShareResend)).completed === 2, { what: 'both jobs counted' });
      expect(await outcomes(own, QueueName.ShareResend)).toEqual({ completed: 2 });
    } finally {
      for (const item of closing.splice(0).reverse()) await item.close();
      await redis.destroy();
    }
  });
});
