import { defineEvent, type EventDefinition, type EventEnvelope } from '@aero/contracts';
import type { Metrics } from '@aero/backend-observability';
import { createServiceDataSource } from '@aero/backend-persistence';
import { createTestEnvironment, TEST_INFRA, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { jetstream, jetstreamManager, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { pino, type Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  createMessagingTables,
  durableName,
  ensureEventStream,
  EventConsumer,
  prefixed,
  type EventHandlerDefinition,
} from '@aero/backend-messaging';

export { envelopeOf } from '@aero/backend-testing';

/** The payload of the events these tests send around. */
export const widgetSchema = z.object({ serial: z.number().int(), label: z.string() });
export type Widget = z.infer<typeof widgetSchema>;

/** One event type per test, so each test has its own subject (and its own consumers). */
export function widgetEvent(name: string): EventDefinition<Widget> {
  return defineEvent<Widget>({ name: `widget.${name}`, version: 1, producer: 'messaging-test', schema: widgetSchema });
}

/** A consumer that also remembers each delivery it saw and every failure outside the handler. */
export class RecordingConsumer<T> extends EventConsumer<T> {
  readonly deliveries: { eventId: string | null; deliveryCount: number; outcome?: string }[] = [];
  readonly crashes: unknown[] = [];

  override async process(msg: JsMsg) {
    const seen = { eventId: idOf(msg), deliveryCount: msg.info.deliveryCount } as RecordingConsumer<T>['deliveries'][number];
    this.deliveries.push(seen);
    try {
      seen.outcome = await super.process(msg);
      return seen.outcome as Awaited<ReturnType<EventConsumer<T>['process']>>;
    } catch (error) {
      this.crashes.push(error);
      throw error;
    }
  }
}

function idOf(msg: JsMsg): string | null {
  try {
    return msg.json<{ id?: string }>().id ?? null;
  } catch {
    return null;
  }
}

/**
 * A test file's slice of the real servers for the messaging library: a database with the
 * messaging tables and an `effects` table the handlers write to, a NATS prefix with its own
 * EVENTS stream, and helpers to look into the stream.
 */
export interface MessagingKit {
  env: TestEnvironment;
  schema: string;
  dataSource: DataSource;
  nc: NatsConnection;
  jsm: JetStreamManager;
  stream: string;
  logger: Logger;
  /** A consumer on the kit's schema and prefix, by default on the kit's own connections. */
  consumer<T>(definition: EventHandlerDefinition<T>, options?: ConsumerOptions): RecordingConsumer<T>;
  /**
   * Connections of a second "process" that a test can kill: its NATS connection closes and its
   * Postgres sessions are terminated (open transactions roll back), as when the process dies.
   */
  doomedProcess(): Promise<DoomedProcess>;
  /** Publishes raw bytes or an envelope on the (prefixed) subject of `event`; returns the stream sequence. */
  publish(event: EventDefinition<unknown>, body: unknown, msgID?: string): Promise<number>;
  /** How many messages the stream holds on the subject of `event`. */
  countInStream(event: EventDefinition<unknown>): Promise<number>;
  /** Resolves once the durable has acknowledged (ack or term) everything up to `streamSeq`. */
  settled(consumer: string, streamSeq: number): Promise<void>;
  effects(consumer: string): Promise<{ event_id: string; serial: number }[]>;
  close(): Promise<void>;
}

export interface ConsumerOptions {
  nc?: NatsConnection;
  dataSource?: DataSource;
  metrics?: Metrics;
}

export interface DoomedProcess {
  nc: NatsConnection;
  dataSource: DataSource;
  kill(): Promise<void>;
}

export async function createMessagingKit(schema = 'messaging_test'): Promise<MessagingKit> {
  const env = await createTestEnvironment();
  const dataSource = createServiceDataSource({ url: env.databaseUrl, schema, entities: [], migrations: [] });
  await dataSource.initialize();
  for (const sql of createMessagingTables(schema)) await dataSource.query(sql);
  // No unique key on purpose: a handler that ran twice leaves two rows.
  await dataSource.query(`CREATE TABLE "${schema}".effects (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    serial integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  const nc = await connect({ servers: TEST_INFRA.nats, name: `messaging-test-${env.id}` });
  const stream = await ensureEventStream(nc, env.natsPrefix);
  const jsm = await jetstreamManager(nc);
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const consumers: EventConsumer<unknown>[] = [];
  const extraConnections: NatsConnection[] = [];

  const kit: MessagingKit = {
    env,
    schema,
    dataSource,
    nc,
    jsm,
    stream,
    logger,
    consumer<T>(definition: EventHandlerDefinition<T>, options: ConsumerOptions = {}) {
      const consumer = new RecordingConsumer<T>(
        options.nc ?? nc,
        options.dataSource ?? dataSource,
        definition,
        { schema, prefix: env.natsPrefix },
        logger,
        options.metrics,
      );
      consumers.push(consumer as EventConsumer<unknown>);
      return consumer;
    },
    async doomedProcess() {
      const applicationName = `doomed-${randomUUID().slice(0, 8)}`;
      const url = new URL(env.databaseUrl);
      url.searchParams.set('application_name', applicationName);
      const doomedDataSource = createServiceDataSource({ url: url.toString(), schema, entities: [], migrations: [] });
      await doomedDataSource.initialize();
      const doomedNc = await connect({ servers: TEST_INFRA.nats, name: applicationName });
      extraConnections.push(doomedNc);
      return {
        nc: doomedNc,
        dataSource: doomedDataSource,
        async kill() {
          await doomedNc.close();
          await dataSource.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
          await doomedDataSource.destroy();
        },
      };
    },
    async publish(event, body, msgID) {
      const payload = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
      const ack = await jetstream(nc).publish(prefixed(env.natsPrefix, event.subject), payload, msgID ? { msgID } : {});
      return ack.seq;
    },
    async countInStream(event) {
      const subject = prefixed(env.natsPrefix, event.subject);
      const info = await jsm.streams.info(stream, { subjects_filter: subject });
      return info.state.subjects?.[subject] ?? 0;
    },
    async settled(consumer, streamSeq) {
      const durable = durableName(env.natsPrefix, consumer);
      await waitFor(
        async () => {
          const info = await jsm.consumers.info(stream, durable);
          return info.ack_floor.stream_seq >= streamSeq && info.num_ack_pending === 0 && info.num_pending === 0;
        },
        { what: `${consumer} to acknowledge up to stream sequence ${streamSeq}`, intervalMs: 20 },
      );
    },
    effects(consumer) {
      return dataSource.query(`SELECT event_id, serial FROM "${schema}".effects WHERE consumer = $1 ORDER BY created_at`, [consumer]);
    },
    async close() {
      // A consumer whose handler a test left hanging must not hold up the clean-up.
      await Promise.all(consumers.map((c) => Promise.race([c.stop(), new Promise((r) => setTimeout(r, 2000).unref())])));
      await Promise.all(extraConnections.map((c) => c.close().catch(() => undefined)));
      await nc.close();
      await dataSource.destroy();
      await env.destroy();
    },
  };
  return kit;
}

/** A handler that records its effect in the `effects` table of the kit's schema. */
export function recordEffect(kit: MessagingKit, consumer: string) {
  return async (event: EventEnvelope<Widget>, manager: EntityManager) => {
    await manager.query(`INSERT INTO "${kit.schema}".effects (consumer, event_id, serial) VALUES ($1, $2, $3)`, [
      consumer,
      event.id,
      event.data.serial,
    ]);
  };
}
