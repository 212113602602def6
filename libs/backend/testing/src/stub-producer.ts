import type { EventDefinition, EventEnvelope } from '@aero/contracts';
import { createMessagingTables, OutboxRelay, OutboxWriter } from '@aero/backend-messaging';
import { createServiceDataSource } from '@aero/backend-persistence';
import { expect } from '@jest/globals';
import type { NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import type { TestEnvironment } from './test-environment.js';

/**
 * Another service's side of an event, without that service: its outbox in a schema of its own on
 * the test's database, and the relay that publishes it. An event emitted here reaches the file's
 * stream the way the producer's would (written in a transaction, `Nats-Msg-Id` = event id).
 */
export class StubProducer {
  private readonly writer: OutboxWriter;

  private constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    schema: string,
    producer: string,
  ) {
    this.writer = new OutboxWriter(schema, producer);
  }

  /** `schema`: a name no service uses (e.g. `payments_stub`); `producer`: the service it stands for. */
  static async start(env: TestEnvironment, nats: NatsConnection, schema: string, producer: string): Promise<StubProducer> {
    const dataSource = createServiceDataSource({ url: env.databaseUrl, schema, entities: [], migrations: [], poolSize: 2 });
    await dataSource.initialize();
    for (const sql of createMessagingTables(schema)) await dataSource.query(sql);
    const relay = new OutboxRelay(dataSource, nats, { schema, databaseUrl: env.databaseUrl, prefix: env.natsPrefix }, pino({ level: 'silent' }));
    return new StubProducer(dataSource, relay, schema, producer);
  }

  /** Writes the event to the outbox in a transaction, and the relay publishes it. */
  async emit<T>(event: EventDefinition<T>, data: T): Promise<EventEnvelope<T>> {
    const envelope = await this.dataSource.transaction((manager) => this.writer.add(manager, event, data));
    expect(await this.relay.drainAll()).toBe(1);
    return envelope;
  }

  async close(): Promise<void> {
    await this.dataSource.destroy();
  }
}
