import { declareQueue, declareSweep, JobQueue, JobSweeper, JobWorker, QueueName, type JobsHost, type SweepDeclaration } from '@aero/backend-jobs';
import { createLogger, Metrics } from '@aero/backend-observability';
import { createTestEnvironment, startPrivateRedis, TEST_INFRA, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';

/** A row with a timer: due until its job has run (the test's own table of what is owed). */
interface TimerRow {
  id: string;
}

describe('a sweep of the rows whose job was lost', () => {
  jest.setTimeout(30_000);
  let env: TestEnvironment;
  const closing: { close(): Promise<void> }[] = [];

  /** Each test its own prefix, so jobs and period claims never mix. */
  function hostFor(name: string, redisUrl = TEST_INFRA.redis): JobsHost {
    return { config: { REDIS_URL: redisUrl, REDIS_PREFIX: `${env.redisPrefix}:${name}` }, logger: createLogger('sweep-test', 'silent'), metrics: new Metrics('sweep-test') };
  }

  function track<T extends { close(): Promise<void> }>(item: T): T {
    closing.push(item);
    return item;
  }

  /** Rows `ids` are due until `done` holds them; `enqueue` adds the row's expiry job under its id. */
  function expirySweep(jobs: JobQueue<QueueName.OrderExpiry>, due: Set<string>, options: Partial<SweepDeclaration<TimerRow>> = {}) {
    return declareSweep<TimerRow>({
      name: 'order-expiry',
      everyMs: 60_000,
      find: (limit) => Promise.resolve([...due].slice(0, limit).map((id) => ({ id }))),
      enqueue: async (row) => void (await jobs.add('expire', { orderId: row.id }, { jobId: row.id })),
      keyOf: (row) => row.id,
      ...options,
    });
  }

  async function swept(host: JobsHost): Promise<Record<string, number>> {
    const metric = await host.metrics.registry.getSingleMetric('job_sweep_rows_total')?.get();
    return Object.fromEntries((metric?.values ?? []).map((v) => [String(v.labels.outcome), v.value]));
  }

  beforeAll(async () => {
    env = await createTestEnvironment();
  });

  afterEach(async () => {
    for (const item of closing.splice(0).reverse()) await item.close();
  });

  afterAll(async () => {
    await env?.destroy();
  });

  it('adds the job of every due row under its deterministic id, and a second run adds nothing more', async () => {
    const host = hostFor('adds');
    const jobs = track(new JobQueue(declareQueue(QueueName.OrderExpiry), host));
    const due = new Set(['o-1', 'o-2', 'o-3']);
    // o-2's job was not lost: it waits for its time, and the sweep must not add a second one.
    await jobs.add('expire', { orderId: 'o-2' }, { jobId: 'o-2', delay: 3_600_000 });
    const sweeper = track(new JobSweeper(host, [expirySweep(jobs, due)]));

    expect(await sweeper.runNow('order-expiry')).toEqual({ found: 3, failed: 0 });
    expect(await sweeper.runNow('order-expiry')).toEqual({ found: 3, failed: 0 });
    expect(await jobs.queue.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 2, delayed: 1 });
    expect((await jobs.queue.getJobs(['waiting', 'delayed'])).map((job) => job.id).sort()).toEqual(['o-1', 'o-2', 'o-3']);
    expect(await swept(host)).toEqual({ found: 6 });
  });

  it('finds nothing once the jobs it added have run: each row is handled once', async () => {
    const host = hostFor('runs');
    const declaration = declareQueue(QueueName.OrderExpiry);
    const jobs = track(new JobQueue(declaration, host));
    const due = new Set(['o-1', 'o-2']);
    const runs: string[] = [];
    track(
      new JobWorker(
        declaration,
        (job) => {
          runs.push(job.data.orderId);
          due.delete(job.data.orderId);
          return Promise.resolve();
        },
        host,
      ),
    );
    const sweeper = track(new JobSweeper(host, [expirySweep(jobs, due)]));

    expect(await sweeper.runNow('order-expiry')).toEqual({ found: 2, failed: 0 });
    await waitFor(async () => (await jobs.queue.getCompletedCount()) === 2, { what: 'the two jobs to run' });
    expect(await sweeper.runNow('order-expiry')).toEqual({ found: 0, failed: 0 });
    expect(runs.sort()).toEqual(['o-1', 'o-2']);
  });

  it('adds the jobs of the other rows when one cannot be added, and logs and counts the one', async () => {
    const host = hostFor('fails');
    const error = jest.spyOn(host.logger, 'error');
    const jobs = track(new JobQueue(declareQueue(QueueName.OrderExpiry), host));
    const due = new Set(['o-1', 'bad', 'o-3']);
    const sweep = expirySweep(jobs, due, {
      enqueue: async (row) => {
        if (row.id === 'bad') throw new Error('cannot build this job');
        await jobs.add('expire', { orderId: row.id }, { jobId: row.id });
      },
    });
    const sweeper = track(new JobSweeper(host, [sweep]));

    expect(await sweeper.runNow('order-expiry')).toEqual({ found: 3, failed: 1 });
    expect((await jobs.queue.getJobs(['waiting'])).map((job) => job.id).sort()).toEqual(['o-1', 'o-3']);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ sweep: 'order-expiry', row: 'bad' }),
      'sweep could not add the job of a due row; the next period tries again',
    );
    expect(await swept(host)).toEqual({ found: 2, failed: 1 });
  });

  it('joins a run already under way instead of starting a second one', async () => {
    const host = hostFor('joins');
    const jobs = track(new JobQueue(declareQueue(QueueName.OrderExpiry), host));
    let finds = 0;
    const sweep = expirySweep(jobs, new Set(['o-1']), {
      find: async () => {
        finds++;
        await sleep(200);
        return [{ id: 'o-1' }];
      },
    });
    const sweeper = track(new JobSweeper(host, [sweep]));
    const [first, second] = await Promise.all([sweeper.runNow('order-expiry'), sweeper.runNow('order-expiry')]);
    expect([first, second]).toEqual([
      { found: 1, failed: 0 },
      { found: 1, failed: 0 },
    ]);
    expect(finds).toBe(1);
  });

  it('runs about once per period however many replicas run its timer', async () => {
    const host = hostFor('replicas');
    const jobs = track(new JobQueue(declareQueue(QueueName.OrderExpiry), host));
    const everyMs = 250;
    const periods = 12;
    let finds = 0;
    const counting = expirySweep(jobs, new Set(), {
      everyMs,
      find: () => {
        finds++;
        return Promise.resolve([]);
      },
    });
    // Three replicas of the service, each with its own sweeper and timer.
    for (let replica = 0; replica < 3; replica++) {
      track(new JobSweeper(hostFor('replicas'), [counting]).start());
      await sleep(everyMs / 3);
    }
    await sleep(everyMs * periods);
    for (const item of closing.splice(1).reverse()) await item.close();
    // 3 timers ticked about 36 times; without the period claim each tick would sweep.
    expect(finds).toBeGreaterThanOrEqual(periods - 3);
    expect(finds).toBeLessThanOrEqual(periods + 3);
  });

  it('keeps sweeping through a Redis restart that lost every key, and adds the lost jobs again', async () => {
    const redis = await startPrivateRedis({ persistence: 'none' });
    try {
      const host = hostFor('restart', redis.url);
      const warn = jest.spyOn(host.logger, 'warn');
      const jobs = track(new JobQueue(declareQueue(QueueName.OrderExpiry), host));
      const due = new Set(['o-1', 'o-2']);
      // Their timers, as placing the orders scheduled them (an hour to pay).
      for (const id of due) await jobs.add('expire', { orderId: id }, { jobId: id, delay: 3_600_000 });
      const sweeper = track(new JobSweeper(host, [expirySweep(jobs, due, { everyMs: 300 })]).start());

      await redis.kill();
      await sleep(700);
      // Started empty (no persistence): the two delayed jobs are gone.
      await redis.start();

      // Both rows are due by now, and the timer (not a key in Redis) finds them.
      await waitFor(async () => (await jobs.queue.getJobCounts('waiting')).waiting === 2, { what: 'the lost jobs added again', timeoutMs: 10_000 });
      expect((await jobs.queue.getJobs(['waiting'])).map((job) => job.id).sort()).toEqual(['o-1', 'o-2']);
      expect(warn.mock.calls.map(([, message]) => message)).toContain('sweep skipped this period');
      await sweeper.close();
    } finally {
      for (const item of closing.splice(0).reverse()) await item.close();
      await redis.destroy();
    }
  });

  it('refuses impossible declarations', () => {
    const base = { find: () => Promise.resolve([]), enqueue: () => Promise.resolve(), keyOf: () => '' };
    expect(() => declareSweep({ ...base, name: 'Order Expiry', everyMs: 1000 })).toThrow(/name/);
    expect(() => declareSweep({ ...base, name: 'order-expiry', everyMs: 10 })).toThrow(/everyMs/);
    expect(() => declareSweep({ ...base, name: 'order-expiry', everyMs: 1000, batchSize: 0 })).toThrow(/batchSize/);
    const host = { config: { REDIS_URL: TEST_INFRA.redis, REDIS_PREFIX: 'unused' }, logger: createLogger('sweep-test', 'silent'), metrics: new Metrics('x') };
    const sweep = declareSweep({ ...base, name: 'twice', everyMs: 1000 });
    expect(() => new JobSweeper(host, [sweep, sweep])).toThrow(/unique/);
  });
});
