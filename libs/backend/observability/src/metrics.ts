import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, with Node's default metrics and the platform's own. */
export class Metrics {
  readonly registry = new Registry();
  readonly rpcDuration: Histogram<'pattern' | 'outcome'>;
  readonly eventsConsumed: Counter<'subject' | 'outcome'>;
  readonly eventsPublished: Counter<'subject'>;
  readonly jobsProcessed: Counter<'queue' | 'outcome'>;

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
}
