import type { JobsOptions, KeepJobs, WorkerOptions } from 'bullmq';
import type { z } from 'zod';
import { jobPayloadSchemas, type JobPayloads, type QueueName } from './queues.js';

/** How one queue's jobs are tried, kept and run. */
export interface QueueSettings {
  /** Tries per job, the first one included. */
  attempts: number;
  /** The wait before the next try; `exponential` doubles `delayMs` after each try. */
  backoff: { type: 'exponential' | 'fixed'; delayMs: number };
  /**
   * Finished jobs kept for inspection, or `false` to remove them at once. While a job is kept,
   * adding another with its id adds nothing.
   */
  keepCompleted: KeepJobs | false;
  /**
   * The queue's dead letters: jobs whose last try failed (or that failed for good at once), kept
   * in BullMQ's failed set for inspection and retry, or `false` when the service records the
   * failure itself and the id must be free for a later schedule.
   */
  keepFailed: KeepJobs | false;
  /** Jobs one worker process runs at a time. */
  concurrency: number;
  /** Lock and stall detection of a running job (BullMQ's defaults when absent). */
  locks?: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;
}

/** A queue as the platform knows it: its name, the schema of its payload and its settings. */
export interface QueueDeclaration<Q extends QueueName = QueueName> extends Readonly<QueueSettings> {
  readonly name: Q;
  readonly payload: z.ZodType<JobPayloads[Q]>;
}

/** Five tries over about 15 s; finished jobs kept a week, failed ones a month. */
export const DEFAULT_QUEUE_SETTINGS: Readonly<QueueSettings> = Object.freeze<QueueSettings>({
  attempts: 5,
  backoff: { type: 'exponential', delayMs: 1000 },
  keepCompleted: { age: 7 * 24 * 3600, count: 10_000 },
  keepFailed: { age: 30 * 24 * 3600 },
  concurrency: 4,
});

/**
 * The one way to declare a queue: its name from `QueueName`, its payload schema from
 * `jobPayloadSchemas`, and the settings that differ from `DEFAULT_QUEUE_SETTINGS`. Producers
 * (`JobQueue`) and consumers (`JobWorker`) are built from the declaration, so they cannot drift.
 */
export function declareQueue<Q extends QueueName>(name: Q, settings: Partial<QueueSettings> = {}): QueueDeclaration<Q> {
  const merged: QueueSettings = { ...DEFAULT_QUEUE_SETTINGS, ...settings };
  if (!Number.isInteger(merged.attempts) || merged.attempts < 1) throw new Error(`queue ${name}: attempts must be a positive integer`);
  if (!Number.isInteger(merged.concurrency) || merged.concurrency < 1) throw new Error(`queue ${name}: concurrency must be a positive integer`);
  if (!(merged.backoff.delayMs >= 0)) throw new Error(`queue ${name}: the backoff delay must not be negative`);
  return Object.freeze({ ...merged, name, payload: jobPayloadSchemas[name] as unknown as z.ZodType<JobPayloads[Q]> });
}

/** The BullMQ options every job of the queue is added with. */
export function jobOptionsOf(declaration: Pick<QueueSettings, 'attempts' | 'backoff' | 'keepCompleted' | 'keepFailed'>): JobsOptions {
  return {
    attempts: declaration.attempts,
    backoff: { type: declaration.backoff.type, delay: declaration.backoff.delayMs },
    removeOnComplete: declaration.keepCompleted === false ? true : declaration.keepCompleted,
    removeOnFail: declaration.keepFailed === false ? true : declaration.keepFailed,
  };
}
