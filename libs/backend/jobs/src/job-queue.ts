import { carrierOf, inSpan, reportError, sendingSpanContext, SpanKind, type Metrics } from '@aero/backend-observability';
import { DelayedError, Queue, QueueEvents, UnrecoverableError, WaitingChildrenError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import { jobOptionsOf, type QueueDeclaration } from './declare-queue.js';
import { createJobsRedis } from './queue-factory.js';
import type { JobPayloads, QueueName } from './queues.js';

/** What queues and workers need from their service (`ServiceInfra` has all of it). */
export interface JobsHost {
  readonly config: { readonly REDIS_URL: string; readonly REDIS_PREFIX: string };
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/** Per-job options a producer may give; tries, backoff and retention come from the declaration. */
export interface AddJobOptions {
  /** A deterministic id (`jobIdFor(key)`, an order id…): adding the same id again adds nothing. */
  jobId?: string;
  /** Milliseconds before the job may run. */
  delay?: number;
}

export class InvalidJobPayloadError extends Error {
  constructor(queue: QueueName, error: z.ZodError) {
    super(`invalid ${queue} job payload: ${z.prettifyError(error)}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/**
 * The field of a job's data holding the trace context of the work that added it (W3C
 * `traceparent`): the job's span is a child of it, in the same trace. Payload schemas ignore it.
 */
export const JOB_TRACE_FIELD = 'traceContext';

/** Errors a processor throws to move its job on (wait, delay), not because it failed. */
function isFailure(error: unknown): boolean {
  return !(error instanceof DelayedError || error instanceof WaitingChildrenError);
}

function bullPrefix(host: JobsHost): string {
  return `${host.config.REDIS_PREFIX}:bull`;
}

/**
 * Logs the 'error' events of a queue, worker or queue events object. Without a listener BullMQ
 * writes them to stderr, outside the service's logs; they come with every reconnection attempt
 * while Redis is unreachable, and the client reconnects by itself.
 */
function logErrors(emitter: { on(event: 'error', listener: (error: Error) => void): unknown }, queue: QueueName, logger: Logger, what: string): void {
  emitter.on('error', (error: Error) => logger.error({ err: error, queue }, `${what} error`));
}

/**
 * The producer side of a declared queue, with its own Redis connection. Every job is added
 * with the declaration's tries, backoff and retention, after its payload passed the schema.
 */
export class JobQueue<Q extends QueueName> {
  readonly queue: Queue<JobPayloads[Q]>;
  private readonly connection: Redis;

  constructor(
    readonly declaration: QueueDeclaration<Q>,
    host: JobsHost,
  ) {
    this.connection = createJobsRedis(host.config.REDIS_URL);
    this.queue = new Queue<JobPayloads[Q]>(declaration.name, {
      connection: this.connection,
      prefix: bullPrefix(host),
      defaultJobOptions: jobOptionsOf(declaration),
    });
    logErrors(this.queue, declaration.name, host.logger, 'job queue');
  }

  /**
   * Adds a job. While Redis is unreachable the call waits for it to come back (the connection
   * queues commands until then) rather than failing. The job carries the current trace context.
   */
  async add(name: string, data: JobPayloads[Q], options: AddJobOptions = {}): Promise<Job<JobPayloads[Q]>> {
    const parsed = this.declaration.payload.safeParse(data);
    if (!parsed.success) throw new InvalidJobPayloadError(this.declaration.name, parsed.error);
    const trace = sendingSpanContext(`enqueue ${this.declaration.name}`, {
      'messaging.system': 'bullmq',
      'messaging.destination.name': this.declaration.name,
      ...(options.jobId ? { 'messaging.message.id': options.jobId } : {}),
    });
    const stored = trace.traceparent ? { ...data, [JOB_TRACE_FIELD]: trace } : data;
    // BullMQ's generic job-name typing does not narrow for a generic payload; the payload type is checked above.
    return (this.queue as Queue).add(name, stored, options) as Promise<Job<JobPayloads[Q]>>;
  }

  /** Closes the queue and its connection. Call it after the workers that may add jobs are closed. */
  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}

export type JobProcessor<Q extends QueueName> = (job: Job<JobPayloads[Q]>, token?: string) => Promise<unknown>;

/** A try that failed with no try left: the job is now a dead letter. */
function failedForGood(job: Job, error: Error): boolean {
  return error.name === UnrecoverableError.name || job.attemptsMade >= (job.opts.attempts ?? 1) || job.finishedOn != null;
}

/**
 * The consumer side of a declared queue, running as soon as it is built. A payload that does
 * not pass the schema fails for good at once; a failed try is logged and retried with the
 * declaration's backoff; a job with no try left is logged as an error (and kept in the failed
 * set, unless the declaration says otherwise); every outcome is counted in
 * `jobs_processed_total{queue, outcome}`.
 */
export class JobWorker<Q extends QueueName> {
  readonly worker: Worker<JobPayloads[Q]>;
  private readonly connection: Redis;
  /** Reads the queue's depth for /metrics (job_queue_depth). */
  private readonly depth: Queue;

  constructor(
    readonly declaration: QueueDeclaration<Q>,
    processor: JobProcessor<Q>,
    host: JobsHost,
  ) {
    const queue = declaration.name;
    const { logger, metrics } = host;
    this.connection = createJobsRedis(host.config.REDIS_URL);
    this.worker = new Worker<JobPayloads[Q]>(
      queue,
      // Each try in a CONSUMER span, child of the span that added the job (its data's trace context).
      (job, token) =>
        inSpan(
          `process ${queue}`,
          {
            kind: SpanKind.CONSUMER,
            remote: carrierOf((job.data as Record<string, unknown>)[JOB_TRACE_FIELD]),
            attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': queue, 'messaging.message.id': job.id ?? '', 'aero.job.attempt': job.attemptsMade + 1 },
            failed: isFailure,
          },
          async () => {
            const parsed = declaration.payload.safeParse(job.data);
            if (!parsed.success) throw new UnrecoverableError(new InvalidJobPayloadError(queue, parsed.error).message);
            return processor(job, token);
          },
        ),
      { connection: this.connection, prefix: bullPrefix(host), concurrency: declaration.concurrency, ...declaration.locks },
    );
    logErrors(this.worker, queue, logger, 'job worker');
    this.worker.on('completed', () => metrics.jobsProcessed.inc({ queue, outcome: 'completed' }));
    this.worker.on('failed', (job, error) => {
      const final = !job || failedForGood(job, error);
      metrics.jobsProcessed.inc({ queue, outcome: final ? 'failed' : 'retried' });
      const fields = { err: error, queue, jobId: job?.id, job: job?.name, attempts: job?.attemptsMade };
      if (!final) logger.warn(fields, 'job try failed; it will be retried');
      else if (declaration.keepFailed === false) logger.error(fields, 'job failed for good');
      else logger.error(fields, 'job failed for good; kept in the failed set for inspection');
      if (final) {
        const correlationId = (job?.data as { correlationId?: unknown } | undefined)?.correlationId;
        reportError(error, {
          kind: 'job',
          route: `${queue}${job?.name ? `:${job.name}` : ''}`,
          ...(typeof correlationId === 'string' ? { correlationId } : {}),
          details: { jobId: job?.id, attempts: job?.attemptsMade },
        });
      }
    });
    this.worker.on('stalled', (jobId) => logger.warn({ queue, jobId }, 'job stalled (its worker stopped); it runs again'));
    this.depth = new Queue(queue, { connection: this.connection, prefix: bullPrefix(host) });
    // It shares the worker's connection: a Redis outage is the worker's error, logged once there.
    this.depth.on('error', () => undefined);
    metrics.readAtScrape('job_queue_depth', 'BullMQ jobs by queue and state: waiting, delayed (retries and timers), active, failed (kept for inspection)', ['queue', 'state'], async () => {
      const counts = await this.depth.getJobCounts('waiting', 'delayed', 'active', 'failed');
      return Object.entries(counts).map(([state, value]) => ({ labels: { queue, state }, value }));
    });
  }

  /**
   * Stops taking jobs, waits for the running ones to finish (so none is left half done for the
   * stall check to find), then closes the connection.
   */
  async close(): Promise<void> {
    await this.worker.close();
    await this.depth.close();
    this.connection.disconnect();
  }
}

/** Completion and failure events of a declared queue, from any process (BullMQ `QueueEvents`). */
export class JobEvents<Q extends QueueName> {
  readonly events: QueueEvents;
  private readonly connection: Redis;

  constructor(
    readonly declaration: QueueDeclaration<Q>,
    host: JobsHost,
  ) {
    this.connection = createJobsRedis(host.config.REDIS_URL);
    this.events = new QueueEvents(declaration.name, { connection: this.connection, prefix: bullPrefix(host) });
    logErrors(this.events, declaration.name, host.logger, 'job events');
  }

  async close(): Promise<void> {
    await this.events.close();
    this.connection.disconnect();
  }
}
