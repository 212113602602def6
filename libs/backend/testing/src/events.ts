import type { EventDefinition, EventEnvelope } from '@aero/contracts';
import { durableName, eventStreamName, prefixed } from '@aero/backend-messaging';
import { waitFor } from './test-environment.js';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';

/** An event as its producer's outbox would write it (a new event id unless `id` is given). */
export function envelopeOf<T>(event: EventDefinition<T>, data: T, id: string = randomUUID()): EventEnvelope<T> {
  return {
    id,
    type: event.name,
    version: event.version,
    occurredAt: new Date().toISOString(),
    producer: event.producer,
    correlationId: randomUUID(),
    data: event.schema.parse(data),
  };
}

/**
 * Publishes an envelope to the test's stream the way the producer's relay does
 * (`Nats-Msg-Id` = event id); `msgId` other than the event id publishes it once more, as after a
 * republish beyond the duplicate window. Answers the stream sequence.
 */
export async function publishEnvelope<T>(
  nc: NatsConnection,
  prefix: string,
  event: EventDefinition<T>,
  envelope: EventEnvelope<T>,
  msgId: string = envelope.id,
): Promise<number> {
  const ack = await jetstream(nc).publish(prefixed(prefix, event.subject), JSON.stringify(envelope), { msgID: msgId });
  return ack.seq;
}

/** Resolves once the durable consumer has acknowledged everything up to `seq`. */
export async function consumerSettled(nc: NatsConnection, prefix: string, consumer: string, seq: number): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const durable = durableName(prefix, consumer);
  await waitFor(
    async () => {
      const info = await jsm.consumers.info(eventStreamName(prefix), durable);
      return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 && info.num_pending === 0;
    },
    { what: `the ${consumer} consumer to acknowledge` },
  );
}
