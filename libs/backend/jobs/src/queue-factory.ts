import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { DEFAULT_QUEUE_SETTINGS, jobOptionsOf } from './declare-queue.js';
import type { JobPayloads, QueueName } from './queues.js';

/** The job options of a queue declared with the default settings. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = jobOptionsOf(DEFAULT_QUEUE_SETTINGS);

export interface JobsConnection {
  redisUrl: string;
  /** Key prefix (REDIS_PREFIX); keeps environments and test files apart. */
  prefix: string;
}

/** BullMQ needs `maxRetriesPerRequest: null` on the connections its workers block on. */
export function createJobsRedis(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/**
 * A bare handle on a queue, for tests and tools that read its jobs (or add one by hand).
 * Services declare their queues (`declareQueue`) and use `JobQueue` and `JobWorker`.
 */
export function createQueue<Q extends QueueName>(name: Q, connection: Redis, prefix: string): Queue<JobPayloads[Q]> {
  return new Queue<JobPayloads[Q]>(name, {
    connection,
    prefix: `${prefix}:bull`,
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
}
