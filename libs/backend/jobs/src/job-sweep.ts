import { Counter } from 'prom-client';
import { Redis } from 'ioredis';
import type { JobsHost } from './job-queue.js';

/**
 * A periodic look at the rows whose timer is due but whose job is not done: the catch-all of
 * "the deadline lives in the row, the job id is deterministic". A delayed job is the fast path;
 * the sweep finds what a lost job left behind (Redis restarted without its data, a job removed,
 * a producer that died between its commit and its `add`) and adds that row's job again.
 *
 * It is idempotent on both ends, so running it twice (two replicas, a retried tick) is harmless:
 * - `find` answers only rows still due, so a row whose job ran meanwhile is not found again;
 * - `enqueue` adds the row's job under the same deterministic id as its producer, so while that
 *   job still exists (waiting, delayed, running, or kept after it finished) nothing is added.
 * A job that failed for good and is kept as a dead letter also keeps its id: dead letters are for
 * an operator to inspect and retry, not for the sweep to run again.
 */
export interface SweepDeclaration<Row> {
  /** Unique within the service (`order-expiry`): names the period claim, the logs and the metric. */
  readonly name: string;
  /** The period. A due row waits at most about this long (plus its grace) after its job was lost. */
  readonly everyMs: number;
  /** Rows looked at per run; more wait for the next period, once these jobs have run. */
  readonly batchSize: number;
  /** Up to `limit` rows due (deadline plus grace passed, job not done), oldest first. */
  find(limit: number): Promise<readonly Row[]>;
  /** Adds the row's job under its deterministic id. */
  enqueue(row: Row): Promise<void>;
  /** What names the row in the logs (its id or key; never personal data). */
  keyOf(row: Row): string;
}

/** What one run did: rows found due, and those whose job could not be added (logged). */
export interface SweepRun {
  found: number;
  failed: number;
}

export function declareSweep<Row>(sweep: Omit<SweepDeclaration<Row>, 'batchSize'> & { batchSize?: number }): SweepDeclaration<Row> {
  const declared = { batchSize: 500, ...sweep };
  if (!/^[a-z0-9][a-z0-9-]*$/.test(declared.name)) throw new Error(`sweep ${declared.name}: the name must be lower-case words joined by dashes`);
  if (!Number.isInteger(declared.everyMs) || declared.everyMs < 100) throw new Error(`sweep ${declared.name}: everyMs must be an integer of at least 100`);
  if (!Number.isInteger(declared.batchSize) || declared.batchSize < 1) throw new Error(`sweep ${declared.name}: batchSize must be a positive integer`);
  return Object.freeze(declared);
}

const SWEPT_METRIC = 'job_sweep_rows_total';

/** One counter per process registry, shared by every sweeper of the service. */
function sweptCounter(host: JobsHost): Counter<'sweep' | 'outcome'> {
  const registry = host.metrics.registry;
  const existing = registry.getSingleMetric(SWEPT_METRIC) as Counter<'sweep' | 'outcome'> | undefined;
  return (
    existing ??
    new Counter({
      name: SWEPT_METRIC,
      help: 'Rows a sweep found due whose job was added again (found), or could not be (failed): each one a job that was lost or late',
      labelNames: ['sweep', 'outcome'],
      registers: [registry],
    })
  );
}

/**
 * Runs a service's sweeps on timers. Every replica runs the timers; each period one of them
 * claims the run and the others skip it. Why a timer in each process and a claim in Redis rather
 * than a BullMQ job scheduler: the scheduler is itself a key in Redis, so the very restart
 * without data the sweep is there for would silently stop it until a service restarts, whereas a
 * timer lives in the processes. The claim (`SET … NX PX`, a little shorter than the period so the
 * holder's next tick always wins) only saves the other replicas' work: if it is lost with Redis,
 * two replicas may sweep in one period, which the sweep's idempotence makes harmless. Redis
 * rather than a Postgres advisory lock because the claim must outlive the run (once per period,
 * not merely one at a time) without holding a database connection, and a tick that cannot reach
 * Redis has nothing to do anyway: its jobs could not be added.
 */
export class JobSweeper {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<SweepRun>>();
  private readonly swept: Counter<'sweep' | 'outcome'>;
  private readonly claims: Redis;
  private closed = false;

  constructor(
    private readonly host: JobsHost,
    private readonly sweeps: readonly SweepDeclaration<unknown>[],
  ) {
    const names = sweeps.map((s) => s.name);
    if (new Set(names).size !== names.length) throw new Error(`sweep names must be unique: ${names.join(', ')}`);
    this.swept = sweptCounter(host);
    // No offline queue: a claim asked while Redis is away fails at once and the tick is skipped,
    // instead of piling up until Redis is back.
    this.claims = new Redis(host.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.claims.on('error', (error: Error) => host.logger.warn({ err: error }, 'job sweeper: Redis error'));
  }

  /** Starts each sweep's timer; the first run comes one period after the start. */
  start(): this {
    for (const sweep of this.sweeps) {
      const timer = setInterval(() => void this.tick(sweep), sweep.everyMs);
      // A pending tick never holds the process open.
      timer.unref();
      this.timers.push(timer);
    }
    return this;
  }

  /**
   * Runs one sweep now, without the period claim (tests, operators). A run of the same sweep
   * already under way is joined rather than started twice.
   */
  runNow(name: string): Promise<SweepRun> {
    const sweep = this.sweeps.find((s) => s.name === name);
    if (!sweep) throw new Error(`no sweep named ${name} (known: ${this.sweeps.map((s) => s.name).join(', ')})`);
    return this.run(sweep);
  }

  /** Stops the timers and waits for the runs under way (call it before closing the queues they add to). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.running.values()]);
    this.claims.disconnect();
  }

  private async tick(sweep: SweepDeclaration<unknown>): Promise<void> {
    if (this.closed || this.running.has(sweep.name)) return;
    try {
      if (!(await this.claimPeriod(sweep))) return;
      await this.run(sweep);
    } catch (error) {
      this.host.logger.warn({ err: error, sweep: sweep.name }, 'sweep skipped this period');
    }
  }

  /** True when this process won the period (the key did not exist). */
  private async claimPeriod(sweep: SweepDeclaration<unknown>): Promise<boolean> {
    const key = `${this.host.config.REDIS_PREFIX}:sweep:${sweep.name}`;
    const holdMs = Math.max(1, Math.floor(sweep.everyMs * 0.9));
    return (await this.claims.set(key, String(process.pid), 'PX', holdMs, 'NX')) === 'OK';
  }

  private run(sweep: SweepDeclaration<unknown>): Promise<SweepRun> {
    const under = this.running.get(sweep.name);
    if (under) return under;
    const run = this.sweepOnce(sweep).finally(() => this.running.delete(sweep.name));
    this.running.set(sweep.name, run);
    return run;
  }

  private async sweepOnce(sweep: SweepDeclaration<unknown>): Promise<SweepRun> {
    const rows = await sweep.find(sweep.batchSize);
    let failed = 0;
    for (const row of rows) {
      if (this.closed) break;
      try {
        await sweep.enqueue(row);
        this.swept.inc({ sweep: sweep.name, outcome: 'found' });
      } catch (error) {
        failed++;
        this.swept.inc({ sweep: sweep.name, outcome: 'failed' });
        this.host.logger.error({ err: error, sweep: sweep.name, row: sweep.keyOf(row) }, 'sweep could not add the job of a due row; the next period tries again');
      }
    }
    if (rows.length) {
      // Normally nothing is found: a row found means its job was lost or is running late.
      this.host.logger.warn({ sweep: sweep.name, found: rows.length, failed }, 'sweep found rows due whose job had not run; their jobs were added again');
    }
    return { found: rows.length, failed };
  }
}

/**
 * A service's sweeps as one Nest provider: the timers start once the application is up
 * (`onApplicationBootstrap`) and stop before the queues close (`onModuleDestroy` comes before
 * `onApplicationShutdown`), because a run under way may still add jobs. A subclass declares its
 * sweeps in its constructor: `super(infra, [declareSweep({ … })])`.
 */
export abstract class SweepsProvider<Name extends string = string> {
  private readonly sweeper: JobSweeper;
  private readonly names: readonly string[];

  protected constructor(host: JobsHost, sweeps: readonly SweepDeclaration<unknown>[]) {
    this.sweeper = new JobSweeper(host, sweeps);
    this.names = sweeps.map((sweep) => sweep.name);
  }

  onApplicationBootstrap(): void {
    this.sweeper.start();
  }

  /** One sweep now (tests, operators), whatever the period; the name may be left out when there is one sweep. */
  runNow(name?: Name): Promise<SweepRun> {
    if (name === undefined && this.names.length !== 1) throw new Error(`name the sweep to run (known: ${this.names.join(', ')})`);
    return this.sweeper.runNow(name ?? this.names[0]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeper.close();
  }
}
