import type { Logger } from 'pino';

export interface IdleMemoryOptions {
  /** How often the process's CPU time is read. */
  intervalMs?: number;
  /** CPU time spent since the last collection that makes one worth it (start-up counts). */
  workCpuMs?: number;
  /** An interval with at most this share of one core in use is quiet. */
  quietShare?: number;
  /** V8's full collection (default: lastResortCollection(), which needs `node --expose-gc`). */
  gc?: () => void;
  /** The process's CPU time, user and system, in microseconds. */
  cpuMicros?: () => number;
}

/**
 * Gives the memory of past work back once the process goes quiet.
 *
 * Under load V8 grows its heap and keeps it: a full collection only comes when the heap fills
 * again, so a gateway that served a burst of reads stays at 280+ MB with 50 MB live, and the
 * Buffers of a burst of invoices and e-mails (freed only when their JS objects are collected)
 * keep notifications at 250+ MB. One full collection when the process has gone quiet after at
 * least `workCpuMs` of work brings each back to its idle size (about 50 ms of CPU, at a time
 * nothing waits on it). It never runs while the process is busy, and not again until new work
 * has been done, so a quiet process is never woken by it.
 */
export class IdleMemoryRelease {
  private readonly intervalMs: number;
  private readonly workCpuMicros: number;
  private readonly quietCpuMicros: number;
  private readonly gc: (() => void) | undefined;
  private readonly cpuMicros: () => number;
  private lastCpu: number;
  private workSinceCollection = 0;

  constructor(
    private readonly logger: Logger,
    options: IdleMemoryOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 5000;
    this.workCpuMicros = (options.workCpuMs ?? 1000) * 1000;
    this.quietCpuMicros = this.intervalMs * 1000 * (options.quietShare ?? 0.02);
    this.gc = 'gc' in options ? options.gc : lastResortCollection();
    this.cpuMicros = options.cpuMicros ?? (() => {
      const { user, system } = process.cpuUsage();
      return user + system;
    });
    // From 0: the start-up's CPU time is the first reading's work (its garbage is collected too).
    this.lastCpu = 0;
  }

  /** Whether collections can run (`node --expose-gc`); without it the process keeps V8's own pace. */
  get enabled(): boolean {
    return this.gc !== undefined;
  }

  start(): this {
    if (!this.enabled) {
      this.logger.info('idle memory release off: node runs without --expose-gc');
      return this;
    }
    // Unreferenced: it never keeps a process alive that is otherwise done.
    setInterval(() => this.check(), this.intervalMs).unref();
    return this;
  }

  /** One reading: collects when the last interval was quiet after enough work. True when it collected. */
  check(): boolean {
    const cpu = this.cpuMicros();
    const spent = cpu - this.lastCpu;
    this.lastCpu = cpu;
    // Only busy intervals count as work: the timers of a quiet process (health checks, the
    // outbox poll) leave little garbage, and must not wake it for a collection every few minutes.
    if (spent > this.quietCpuMicros) {
      this.workSinceCollection += spent;
      return false;
    }
    if (!this.gc || this.workSinceCollection < this.workCpuMicros) return false;
    const started = performance.now();
    this.gc();
    this.logger.debug({ ms: Math.round(performance.now() - started), workCpuMs: Math.round(this.workSinceCollection / 1000) }, 'idle: memory released');
    // The collection's own CPU time shows in the next reading; it is not work that calls for another.
    this.lastCpu = this.cpuMicros();
    this.workSinceCollection = 0;
    return true;
  }
}

/**
 * V8's last-resort collection (what it runs before giving up on memory): full collections until
 * nothing more is freed, then the free pages V8 keeps pooled for reuse go back to the system. A
 * plain `gc()` frees the objects but keeps those pages: on a gateway grown to 280 MB by a burst
 * of reads, resident memory stayed at 265 MB with 53 MB of heap in use. Undefined without
 * `--expose-gc`.
 */
function lastResortCollection(): (() => void) | undefined {
  const gc = globalThis.gc;
  return gc ? () => void gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : undefined;
}

/** Starts the idle memory release of this process (see IdleMemoryRelease). */
export function releaseMemoryWhenIdle(logger: Logger, options?: IdleMemoryOptions): IdleMemoryRelease {
  return new IdleMemoryRelease(logger, options).start();
}
