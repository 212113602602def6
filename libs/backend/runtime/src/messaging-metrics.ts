import type { Metrics } from '@aero/backend-observability';
import type { DataSource } from 'typeorm';
import type { EventConsumers } from './service-infra.js';

/**
 * The messaging figures an operator watches, read when Prometheus scrapes: the outbox's unsent
 * events and the age of the oldest (a relay that stopped, or NATS away), each consumer's pending
 * events and redeliveries (a handler that is slow or failing), and the dead letters kept.
 */
export function watchMessaging(metrics: Metrics, dataSource: DataSource, schema: string, consumers: EventConsumers): void {
  const outbox = async () => {
    const [row] = await dataSource.query<{ pending: number; age: number }[]>(
      `SELECT count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
         FROM "${schema}".outbox WHERE published_at IS NULL`,
    );
    return row ?? { pending: 0, age: 0 };
  };
  metrics.readAtScrape('outbox_pending_events', 'Events written to the outbox and not yet acknowledged by JetStream', [], async () => [
    { labels: {}, value: (await outbox()).pending },
  ]);
  metrics.readAtScrape('outbox_oldest_pending_seconds', 'Age of the oldest event not yet published (0 when none waits)', [], async () => [
    { labels: {}, value: (await outbox()).age },
  ]);
  metrics.readAtScrape('event_consumer_pending', 'Events of a durable consumer not yet delivered or not yet acknowledged', ['consumer'], async () =>
    (await consumers.lag()).map(({ consumer, pending }) => ({ labels: { consumer }, value: pending })),
  );
  metrics.readAtScrape('event_consumer_redelivered', 'Events a durable consumer was given more than once and has not acknowledged yet', ['consumer'], async () =>
    (await consumers.lag()).map(({ consumer, redelivered }) => ({ labels: { consumer }, value: redelivered })),
  );
  metrics.readAtScrape('dead_letters', 'Events in the dead-letter table after their last try and not replayed, by consumer', ['consumer'], async () => {
    const rows = await dataSource.query<{ consumer: string; n: number }[]>(`SELECT consumer, count(*)::int AS n FROM "${schema}".dead_letters WHERE replayed_at IS NULL GROUP BY consumer`);
    return rows.map((row) => ({ labels: { consumer: row.consumer }, value: row.n }));
  });
}
