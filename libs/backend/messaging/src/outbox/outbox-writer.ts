import type { EventDefinition, EventEnvelope } from '@aero/contracts';
import { currentContext, currentCorrelationId, sendingSpanContext, type TraceCarrier } from '@aero/backend-observability';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { outboxChannel } from './messaging-tables.js';

/**
 * The field of an outbox row's payload holding the trace context of the work that wrote the
 * event (W3C `traceparent`): the relay moves it into the message's headers, so the published
 * event is the envelope alone and its consumers' spans join the trace.
 */
export const OUTBOX_TRACE_FIELD = 'traceContext';

/** The payload stored for an event: its envelope, and the trace context when there is one. */
function storedPayload(envelope: EventEnvelope<unknown>, trace: TraceCarrier): string {
  return JSON.stringify(trace.traceparent ? { ...envelope, [OUTBOX_TRACE_FIELD]: trace } : envelope);
}

/**
 * Records domain events in the outbox inside the caller's transaction: the event exists if and
 * only if the state change committed. The relay publishes it afterwards.
 */
export class OutboxWriter {
  constructor(
    private readonly schema: string,
    private readonly producer: string,
  ) {}

  async add<T>(manager: EntityManager, event: EventDefinition<T>, data: T): Promise<EventEnvelope<T>> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`OutboxWriter.add(${event.name}) must run inside a transaction`);
    }
    const envelope = this.envelope(event, data);
    const trace = sendingSpanContext(`publish ${event.name}`, {
      'messaging.system': 'nats',
      'messaging.destination.name': event.subject,
      'messaging.message.id': envelope.id,
    });
    // One round trip: the row and its wake-up. NOTIFY is delivered by Postgres at commit only,
    // so a rolled-back transaction wakes nobody.
    await manager.query(
      `WITH recorded AS (
         INSERT INTO "${this.schema}".outbox (id, subject, type, payload) VALUES ($1, $2, $3, $4) RETURNING id
       )
       SELECT pg_notify($5, id::text) FROM recorded`,
      [envelope.id, event.subject, event.name, storedPayload(envelope, trace), outboxChannel(this.schema)],
    );
    return envelope;
  }

  /**
   * Several events of one type in one statement (a bulk action: one event per item), in their
   * order; one wake-up of the relay for all of them.
   */
  async addMany<T>(manager: EntityManager, event: EventDefinition<T>, data: readonly T[]): Promise<EventEnvelope<T>[]> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`OutboxWriter.addMany(${event.name}) must run inside a transaction`);
    }
    if (data.length === 0) return [];
    const envelopes = data.map((item) => this.envelope(event, item));
    const trace = sendingSpanContext(`publish ${event.name}`, {
      'messaging.system': 'nats',
      'messaging.destination.name': event.subject,
      'messaging.batch.message_count': envelopes.length,
    });
    await manager.query(
      `WITH recorded AS (
         INSERT INTO "${this.schema}".outbox (id, subject, type, payload)
         SELECT id, $2, $3, payload FROM unnest($1::uuid[], $4::jsonb[]) AS e(id, payload)
         RETURNING id
       )
       SELECT pg_notify($5, min(id::text)) FROM recorded`,
      [envelopes.map((e) => e.id), event.subject, event.name, envelopes.map((e) => storedPayload(e, trace)), outboxChannel(this.schema)],
    );
    return envelopes;
  }

  private envelope<T>(event: EventDefinition<T>, data: T): EventEnvelope<T> {
    return {
      id: randomUUID(),
      type: event.name,
      version: event.version,
      occurredAt: new Date().toISOString(),
      producer: this.producer,
      correlationId: currentCorrelationId(),
      ...(currentContext()?.causationId ? { causationId: currentContext()?.causationId } : {}),
      // Validate before storing: a malformed event must fail the writer, not every consumer.
      data: event.schema.parse(data),
    };
  }
}
