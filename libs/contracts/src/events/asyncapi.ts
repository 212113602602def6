import type { EventDefinition } from './event-envelope.js';
import { EVENT_CATALOGUE, eventEnvelopeExample, eventEnvelopeJsonSchema } from './event-catalogue.js';

/** How the events are delivered: written into every document and every message. */
export const EVENT_DELIVERY = {
  transport: 'NATS JetStream',
  guarantee: 'at-least-once',
  stream: 'EVENTS',
  streamSubjects: 'evt.>',
  retention: '7 days (limits policy, file storage)',
  publisherDeduplication: 'Nats-Msg-Id = envelope id, within a 2 minute duplicate window',
  consumerDeduplication: 'record the envelope id in an inbox in the same transaction as the effect; skip an id already recorded',
  ordering: 'per subject as published; not across subjects; redeliveries can arrive after later events',
} as const;

export interface AsyncApiOptions {
  /** Where subscribers reach NATS, `host:port` (default `nats:4222`). */
  natsHost?: string;
  /** The subject prefix of this deployment (NATS_PREFIX; empty in production). */
  prefix?: string;
  /** The release the document describes (e.g. the product's version). */
  version?: string;
}

/** `order.paid` v1 → `order.paid.v1`: the channel, message and operation key of an event. */
export function eventKey(event: EventDefinition<unknown>): string {
  return `${event.name}.v${event.version}`;
}

/**
 * The product's event catalogue as an AsyncAPI 3.0 document, generated from EVENT_CATALOGUE:
 * for every event its subject (channel address), version, producer, the envelope with the
 * payload's JSON Schema, an example and the delivery guarantee. Served by the gateway on the
 * operators' port (`/api/events-json`); docs/events.md shows how to consume it.
 */
export function asyncApiDocument(options: AsyncApiOptions = {}): Record<string, unknown> {
  const prefix = options.prefix ?? '';
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const event of EVENT_CATALOGUE) {
    const key = eventKey(event);
    const address = `${prefix}${event.subject}`;
    messages[key] = {
      name: event.name,
      title: `${event.name} v${event.version}`,
      summary: `Published by ${event.producer} on ${address}.`,
      contentType: 'application/json',
      headers: {
        type: 'object',
        properties: {
          'Nats-Msg-Id': { type: 'string', format: 'uuid', description: 'The envelope id: JetStream drops a second publish of it within the duplicate window.' },
        },
      },
      payload: eventEnvelopeJsonSchema(event),
      examples: [{ name: key, summary: `An ${event.name} envelope`, headers: { 'Nats-Msg-Id': eventEnvelopeExample(event).id }, payload: eventEnvelopeExample(event) }],
      'x-event-version': event.version,
      'x-producer': event.producer,
    };
    channels[key] = {
      address,
      title: event.name,
      description: `${event.name}, version ${event.version}, published by ${event.producer}. ` +
        `JetStream stream ${EVENT_DELIVERY.stream} (subjects ${prefix}${EVENT_DELIVERY.streamSubjects}), delivered ${EVENT_DELIVERY.guarantee}: de-duplicate by the envelope id.`,
      messages: { [key]: { $ref: `#/components/messages/${key}` } },
    };
    operations[`publish.${key}`] = {
      action: 'send',
      title: `Publish ${event.name} v${event.version}`,
      summary: `${event.producer} publishes ${event.name} (through its transactional outbox) once the change is committed.`,
      channel: { $ref: `#/channels/${key}` },
      messages: [{ $ref: `#/channels/${key}/messages/${key}` }],
      security: [{ $ref: '#/components/securitySchemes/natsUser' }],
      'x-delivery': EVENT_DELIVERY,
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'AeroMaint Academy events',
      version: options.version ?? '1',
      description:
        'The domain events the AeroMaint Academy services publish on NATS JetStream. Every event travels in the same JSON envelope ' +
        '(id, type, version, occurredAt, producer, correlationId, causationId, data); `data` is the payload described per message. ' +
        `Delivery is ${EVENT_DELIVERY.guarantee}: a subscriber uses a durable JetStream consumer, acknowledges after its effect is ` +
        'committed, and de-duplicates by the envelope `id` (an event can arrive twice). A subject names its major version ' +
        '(`evt.<producer>.<event>.v<version>`): a change of payload schema comes as a new version on a new subject. See docs/events.md.',
    },
    defaultContentType: 'application/json',
    servers: {
      production: {
        host: options.natsHost ?? 'nats:4222',
        protocol: 'nats',
        description: `The NATS server with JetStream; events are on the ${EVENT_DELIVERY.stream} stream.`,
        security: [{ $ref: '#/components/securitySchemes/natsUser' }],
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: {
        natsUser: { type: 'userPassword', description: 'A NATS user allowed to read the events stream (credentials given by the operators).' },
      },
    },
  };
}
