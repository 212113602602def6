import { parseEvent, type EventDefinition, type EventEnvelope } from '@aero/contracts';
import { CORRELATION_ATTRIBUTE, inSpan, reportError, runWithContext, SpanKind, type Metrics, type Span } from '@aero/backend-observability';
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
import { traceHeadersOf } from '../trace-headers.js';

export interface EventHandlerDefinition<T> {
  /** `<service>.<purpose>`, e.g. `notifications.order-confirmation`; names the durable and the inbox key. */
  consumer: string;
  event: EventDefinition<T>;
  /**
   * Runs inside the transaction that records the event in the inbox: the handler's writes and
   * the "seen" mark commit together. Side effects outside Postgres must be keyed by `event.id`.
   */
  handle: (event: EventEnvelope<T>, manager: EntityManager) => Promise<void>;
  /**
   * Handler attempts before the event goes to the dead-letter table. A delivery after that (the
   * last attempt was never answered) records the dead letter without calling the handler.
   */
  maxDeliver?: number;
  /** Redelivery delays after each failure; the last one repeats. */
  backoffMs?: number[];
  /** How long a delivery may stay unacknowledged before JetStream sends it again. */
  ackWaitMs?: number;
  /**
   * Deliveries handled at the same time (default 1, one after the other). Above 1 only for
   * handlers that do not depend on the order of events, e.g. each `order.paid` stands alone:
   * then a burst is not held behind the round trips of one handler at a time.
   */
  concurrency?: number;
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

  /**
   * How far behind this consumer is: events not yet delivered or not yet acknowledged, and
   * deliveries made more than once (a handler failed, or its process died holding them).
   */
  async lag(): Promise<{ consumer: string; pending: number; redelivered: number }> {
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.consumers.info(eventStreamName(this.options.prefix), durableName(this.options.prefix, this.definition.consumer));
    return { consumer: this.definition.consumer, pending: info.num_pending + info.num_ack_pending, redelivered: info.num_redelivered };
  }

  get maxDeliver(): number {
    return this.definition.maxDeliver ?? 5;
  }

  async start(): Promise<void> {
    const stream = eventStreamName(this.options.prefix);
    const durable = durableName(this.options.prefix, this.definition.consumer);
    const jsm = await jetstreamManager(this.nc);
    const ackWait = nanos(this.definition.ackWaitMs ?? 30_000);
    // JetStream itself never gives up (max_deliver -1): this consumer bounds the attempts and
    // records the dead letter. With a JetStream limit, a last attempt that dies unacknowledged
    // (crash, hang past ack_wait, or a delivery to a pull request of a dead process) would make
    // JetStream drop the event silently.
    const maxDeliver = -1;
    const exists = await jsm.consumers.info(stream, durable).then(
      () => true,
      () => false,
    );
    if (exists) {
      await jsm.consumers.update(stream, durable, { ack_wait: ackWait, max_deliver: maxDeliver });
    } else {
      try {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          filter_subject: prefixed(this.options.prefix, this.definition.event.subject),
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ack_wait: ackWait,
          max_deliver: maxDeliver,
        });
      } catch (error) {
        // Another replica created the durable at the same moment.
        if (!/already in use|exists/i.test(String(error))) throw error;
      }
    }
    const consumer = await jetstream(this.nc).consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: 64 });
    this.messages = messages;
    this.loop = this.consumeAll(messages).catch((error) =>
      this.logger.error({ err: error, consumer: this.definition.consumer }, 'consumer loop ended'),
    );
  }

  /** Handles deliveries as they come, at most `concurrency` at a time; ends when `messages` is closed. */
  private async consumeAll(messages: ConsumerMessages): Promise<void> {
    const limit = Math.max(1, this.definition.concurrency ?? 1);
    const inFlight = new Set<Promise<void>>();
    for await (const msg of messages) {
      const task: Promise<void> = this.process(msg)
        .then(() => undefined)
        .catch((error: unknown) => {
          // Outside the handler (dead-letter insert, ack on a lost connection...): the delivery
          // stays unacknowledged and comes back after ack_wait. The loop must go on, otherwise
          // one bad moment would stop this consumer until the process restarts.
          this.logger.error({ err: error, consumer: this.definition.consumer, subject: msg.subject }, 'event processing failed');
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= limit) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }

  /**
   * Handles one delivery; public so tests can drive redelivery paths deterministically. It runs
   * in a CONSUMER span, child of the span that wrote the event (the trace context in the
   * message's headers): the trace of the request that caused the event goes on here.
   */
  process(msg: JsMsg): Promise<Outcome> {
    const { event, consumer } = this.definition;
    return inSpan(
      `process ${event.name}`,
      {
        kind: SpanKind.CONSUMER,
        remote: traceHeadersOf(msg.headers),
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': event.subject, 'messaging.consumer.group.name': consumer },
      },
      (span) => this.processDelivery(msg, span),
    );
  }

  private async processDelivery(msg: JsMsg, span: Span): Promise<Outcome> {
    const subject = this.definition.event.subject;
    let raw: unknown;
    let event: EventEnvelope<T>;
    try {
      raw = msg.json();
      event = parseEvent(this.definition.event, raw);
    } catch (error) {
      // A malformed event will never succeed: park it at once instead of retrying.
      return this.park(msg, (raw as { id?: unknown } | undefined)?.id, error, 'invalid event');
    }
    const deliveries = msg.info.deliveryCount;
    span.setAttributes({ 'messaging.message.id': event.id, 'messaging.delivery_count': deliveries, [CORRELATION_ATTRIBUTE]: event.correlationId });
    if (deliveries > this.maxDeliver) {
      // Every attempt the handler was allowed ended without an answer (process died or hung),
      // unless the last one committed and only its ack was lost.
      const seen: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM "${this.options.schema}".inbox WHERE consumer = $1 AND event_id = $2`,
        [this.definition.consumer, event.id],
      );
      if (seen.length) {
        msg.ack();
        this.metrics?.eventsConsumed.inc({ subject, outcome: 'duplicate' });
        return 'duplicate';
      }
      const error = new Error(
        `max deliveries (${this.maxDeliver}) reached; the last one was never answered (consumer died or hung past ack_wait)`,
      );
      return this.park(msg, event.id, error, 'max deliveries reached');
    }
    let outcome: Outcome;
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
    } catch (error) {
      this.logger.warn({ err: error, eventId: event.id, deliveries }, 'event handler failed');
      reportError(error, {
        kind: 'event',
        route: this.definition.consumer,
        correlationId: event.correlationId,
        details: { eventId: event.id, subject, deliveries },
      });
      if (deliveries >= this.maxDeliver) return this.park(msg, event.id, error, 'max deliveries reached');
      const delays = this.definition.backoffMs ?? [1000, 5000, 30_000];
      msg.nak(delays[Math.min(deliveries - 1, delays.length - 1)]);
      this.metrics?.eventsConsumed.inc({ subject, outcome: 'failed' });
      return 'failed';
    }
    // Acknowledged only after the commit; outside the try so that a lost ack (connection gone)
    // is never mistaken for a handler failure: the redelivery finds the inbox row.
    msg.ack();
    this.metrics?.eventsConsumed.inc({ subject, outcome });
    return outcome;
  }

  /** Records the delivery in the dead-letter table and tells JetStream to stop redelivering it. */
  private async park(msg: JsMsg, eventId: unknown, error: unknown, reason: string): Promise<Outcome> {
    await this.deadLetter(msg, typeof eventId === 'string' ? eventId : null, error);
    // No reason on the wire: nats-server before 2.10 does not parse `+TERM <reason>` and leaves
    // the message pending, so it would come back after ack_wait and be dead-lettered again.
    msg.term();
    this.logger.warn({ eventId, consumer: this.definition.consumer, reason }, 'event dead-lettered');
    this.metrics?.eventsConsumed.inc({ subject: this.definition.event.subject, outcome: 'dead_lettered' });
    return 'dead_lettered';
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
