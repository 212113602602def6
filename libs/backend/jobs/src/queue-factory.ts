import { Queue, Worker, type JobsOptions, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobPayloads, QueueName } from './queues.js';

/** Retries with exponential backoff; finished jobs are kept for a while for inspection. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

export interface JobsConnection {
  redisUrl: string;
  /** Key prefix (REDIS_PREFIX); keeps environments and test files apart. */
  prefix: string;
}

/** BullMQ needs `maxRetriesPerRequest: null` on the connections its workers block on. */
export function createJobsRedis(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

export function createQueue<Q extends QueueName>(name: Q, connection: Redis, prefix: string): Queue<JobPayloads[Q]> {
  return new Queue<JobPayloads[Q]>(name, {
    connection,
    prefix: `${prefix}:bull`,
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
}

export function createWorker<Q extends QueueName>(
  name: Q,
  processor: Processor<JobPayloads[Q]>,
  connection: Redis,
  prefix: string,
  options: Partial<WorkerOptions> = {},
): Worker<JobPayloads[Q]> {
  return new Worker<JobPayloads[Q]>(name, processor, {
    connection,
    prefix: `${prefix}:bull`,
    concurrency: 4,
    ...options,
  });
}
