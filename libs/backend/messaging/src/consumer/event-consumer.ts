import { parseEvent, type EventDefinition, type EventEnvelope } from '@aero/contracts';
import { runWithContext, type Metrics } from '@aero/backend-observability';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { ZodError } from 'zod';
import { durableName, eventStreamName, prefixed } from '../subjects.js';

export interface EventHandlerDefinition<T> {
  /** `<service>.<purpose>`, e.g. `notifications.order-confirmation`; names the durable and the inbox key. */
  consumer: string;
  event: EventDefinition<T>;
  /**
   * Runs inside the transaction that records the event in the inbox: the handler's writes and
   * the "seen" mark commit together. Side effects outside Postgres must be keyed by `event.id`.
   */
  handle: (event: EventEnvelope<T>, manager: EntityManager) => Promise<void>;
  /** Deliveries before the event goes to the dead-letter table. */
  maxDeliver?: number;
  /** Redelivery delays after each failure; the last one repeats. */
  backoffMs?: number[];
  /** How long a delivery may stay unacknowledged before JetStream sends it again. */
  ackWaitMs?: number;
}

export interface EventConsumerOptions {
  schema: string;
  prefix: string;
}

type Outcome = 'handled' | 'duplicate' | 'failed' | 'dead_lettered';

/**
 * A durable JetStream pull consumer with an inbox table for idempotency and a dead-letter
 * record after bounded retries. One instance per (service, purpose); replicas share the durable.
 */
export class EventConsumer<T> {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly dataSource: DataSource,
    private readonly definition: EventHandlerDefinition<T>,
    private readonly options: EventConsumerOptions,
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {}

  get maxDeliver(): number {
    return this.definition.maxDeliver ?? 5;
  }

  async start(): Promise<void> {
    const stream = eventStreamName(this.options.prefix);
    const durable = durableName(this.options.prefix, this.definition.consumer);
    const jsm = await jetstreamManager(this.nc);
    const config = {
      durable_name: durable,
      filter_subject: prefixed(this.options.prefix, this.definition.event.subject),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.definition.ackWaitMs ?? 30_000),
      max_deliver: this.maxDeliver,
    };
    try {
      await jsm.consumers.info(stream, durable);
      await jsm.consumers.update(stream, durable, {
        ack_wait: config.ack_wait,
        max_deliver: config.max_deliver,
      });
    } catch {
      await jsm.consumers.add(stream, config);
    }
    const consumer = await jetstream(this.nc).consumers.get(stream, durable);
    this.messages = await consumer.consume({ max_messages: 64 });
    this.loop = (async () => {
      for await (const msg of this.messages!) {
        await this.process(msg);
      }
    })().catch((error) => this.logger.error({ err: error, consumer: this.definition.consumer }, 'consumer loop ended'));
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }

  /** Handles one delivery; public so tests can drive redelivery paths deterministically. */
  async process(msg: JsMsg): Promise<Outcome> {
    const subject = this.definition.event.subject;
    let outcome: Outcome;
    let raw: unknown;
    let event: EventEnvelope<T>;
    try {
      raw = msg.json();
      event = parseEvent(this.definition.event, raw);
    } catch (error) {
      // A malformed event will never succeed: park it at once instead of retrying.
      await this.deadLetter(msg, (raw as { id?: string } | undefined)?.id ?? null, error);
      msg.term('invalid event');
      this.metrics?.eventsConsumed.inc({ subject, outcome: 'dead_lettered' });
      return 'dead_lettered';
    }
    try {
      outcome = await runWithContext({ correlationId: event.correlationId, causationId: event.id }, () =>
        this.dataSource.transaction(async (manager) => {
          const inserted: unknown[] = await manager.query(
            `INSERT INTO "${this.options.schema}".inbox (consumer, event_id, subject) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING RETURNING event_id`,
            [this.definition.consumer, event.id, subject],
          );
          if (inserted.length === 0) return 'duplicate' as const;
          await this.definition.handle(event, manager);
          return 'handled' as const;
        }),
      );
      msg.ack();
    } catch (error) {
      const deliveries = msg.info.deliveryCount;
      if (deliveries >= this.maxDeliver) {
        await this.deadLetter(msg, event.id, error);
        msg.term('max deliveries reached');
        outcome = 'dead_lettered';
      } else {
        const delays = this.definition.backoffMs ?? [1000, 5000, 30_000];
        msg.nak(delays[Math.min(deliveries - 1, delays.length - 1)]);
        outcome = 'failed';
      }
      this.logger.warn({ err: error, eventId: event.id, deliveries, outcome }, 'event handler failed');
    }
    this.metrics?.eventsConsumed.inc({ subject, outcome });
    return outcome;
  }

  private async deadLetter(msg: JsMsg, eventId: string | null, error: unknown): Promise<void> {
    const message = error instanceof ZodError ? `invalid event: ${error.message}` : String(error);
    await this.dataSource.query(
      `INSERT INTO "${this.options.schema}".dead_letters (consumer, event_id, subject, payload, error, deliveries)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [this.definition.consumer, eventId, msg.subject, msg.string(), message, msg.info.deliveryCount],
    );
  }
}
