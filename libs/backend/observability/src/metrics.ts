import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, with Node's default metrics and the platform's own. */
export class Metrics {
  readonly registry = new Registry();
  readonly rpcDuration: Histogram<'pattern' | 'outcome'>;
  readonly eventsConsumed: Counter<'subject' | 'outcome'>;
  readonly eventsPublished: Counter<'subject'>;
  readonly jobsProcessed: Counter<'queue' | 'outcome'>;

  /**
   * Figures read when Prometheus scrapes (a query, a JetStream or Redis call): outbox lag,
   * consumer lag and redeliveries, dead letters, queue depth. Each source adds its own readings.
   */
  private readonly readings = new Map<string, { gauge: Gauge<string>; sources: (() => Promise<Reading[]>)[] }>();

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.rpcDuration = new Histogram({
      name: 'rpc_duration_seconds',
      help: 'Duration of RPC calls handled or made, by pattern and outcome',
      labelNames: ['pattern', 'outcome'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [this.registry],
    });
    this.eventsConsumed = new Counter({
      name: 'events_consumed_total',
      help: 'Events handled by durable consumers, by outcome (handled, duplicate, failed, dead_lettered)',
      labelNames: ['subject', 'outcome'],
      registers: [this.registry],
    });
    this.eventsPublished = new Counter({
      name: 'events_published_total',
      help: 'Outbox events acknowledged by JetStream',
      labelNames: ['subject'],
      registers: [this.registry],
    });
    this.jobsProcessed = new Counter({
      name: 'jobs_processed_total',
      help: 'BullMQ job tries by queue and outcome (completed, retried: failed with a try left, failed: no try left, kept as a dead letter)',
      labelNames: ['queue', 'outcome'],
      registers: [this.registry],
    });
  }

  /**
   * A gauge whose values are read at scrape time from `read` (several sources may feed one
   * gauge, e.g. one per consumer). A source that fails is skipped for that scrape: the metrics
   * endpoint still answers, and the gap in the series says it.
   */
  readAtScrape(name: string, help: string, labelNames: string[], read: () => Promise<Reading[]>): void {
    let entry = this.readings.get(name);
    if (!entry) {
      const sources: (() => Promise<Reading[]>)[] = [];
      const gauge = new Gauge<string>({
        name,
        help,
        labelNames,
        registers: [this.registry],
        async collect() {
          this.reset();
          const results = await Promise.allSettled(sources.map((source) => source()));
          for (const result of results) {
            if (result.status !== 'fulfilled') continue;
            for (const reading of result.value) this.set(reading.labels, reading.value);
          }
        },
      });
      entry = { gauge, sources };
      this.readings.set(name, entry);
    }
    entry.sources.push(read);
  }
}

/** One value of a gauge read at scrape time, with its labels. */
export interface Reading {
  labels: Record<string, string>;
  value: number;
}
