import { z } from 'zod';

/**
 * Every domain event travels in this envelope. `id` doubles as the JetStream `Nats-Msg-Id`
 * (publisher de-duplication) and as the consumers' inbox key (consumer de-duplication).
 */
export interface EventEnvelope<T> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  producer: string;
  correlationId: string;
  causationId?: string;
  data: T;
}

export interface EventDefinition<T> {
  /** `<entity>.<past_tense>`, e.g. `order.paid`. */
  readonly name: string;
  readonly version: number;
  readonly producer: string;
  /** `evt.<producer>.<name>.v<major>`; consumers filter on it. */
  readonly subject: string;
  readonly schema: z.ZodType<T>;
}

export function defineEvent<T>(def: {
  name: string;
  version: number;
  producer: string;
  schema: z.ZodType<T>;
}): EventDefinition<T> {
  return { ...def, subject: `evt.${def.producer}.${def.name}.v${def.version}` };
}

/**
 * The `defineEvent` of one producer: a service names itself once (event-producers.ts), so its
 * events cannot disagree on the `<producer>` part of their subjects. The payload type is the
 * schema's.
 */
export function eventProducer(producer: string) {
  return <T>(name: string, version: number, schema: z.ZodType<T>): EventDefinition<T> => defineEvent({ name, version, producer, schema });
}

export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  producer: z.string(),
  correlationId: z.string(),
  causationId: z.string().optional(),
  data: z.unknown(),
});

/** Checks the envelope and the payload against the event's schema; throws a ZodError if not. */
export function parseEvent<T>(def: EventDefinition<T>, raw: unknown): EventEnvelope<T> {
  const envelope = eventEnvelopeSchema.parse(raw);
  return { ...envelope, data: def.schema.parse(envelope.data) };
}
