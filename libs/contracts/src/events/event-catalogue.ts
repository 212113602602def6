import { z } from 'zod';
import { CertificateIssuedEvent } from './certificate-issued.event.js';
import { ChapterCompletedEvent } from './chapter-completed.event.js';
import { CourseCompletedEvent } from './course-completed.event.js';
import { CourseEnrolledEvent } from './course-enrolled.event.js';
import { CourseStartedEvent } from './course-started.event.js';
import { CoursesDeliveredEvent } from './courses-delivered.event.js';
import { EmployeeCreatedEvent } from './employee-created.event.js';
import { EmployeeRemovedEvent } from './employee-removed.event.js';
import { EmployeeUpdatedEvent } from './employee-updated.event.js';
import { EnrolmentCreatedEvent } from './enrolment-created.event.js';
import type { EventDefinition, EventEnvelope } from './event-envelope.js';
import { EVENT_EXAMPLES } from './event-examples.js';
import { ExamAttemptCompletedEvent } from './exam-attempt-completed.event.js';
import { ExamFailedEvent } from './exam-failed.event.js';
import { ExamPassedEvent } from './exam-passed.event.js';
import { ExamRetryAvailableEvent } from './exam-retry-available.event.js';
import { InvitationAcceptedEvent } from './invitation-accepted.event.js';
import { InvitationSentEvent } from './invitation-sent.event.js';
import { KycDecidedEvent } from './kyc-decided.event.js';
import { OrderBankWireChosenEvent } from './order-bank-wire-chosen.event.js';
import { OrderPaidEvent } from './order-paid.event.js';
import { QuestionAnsweredEvent } from './question-answered.event.js';
import { QuestionAskedEvent } from './question-asked.event.js';
import { SeatGrantedEvent } from './seat-granted.event.js';
import { ShareAcceptedEvent } from './share-accepted.event.js';
import { ShareCancelledEvent } from './share-cancelled.event.js';
import { ShareCreatedEvent } from './share-created.event.js';
import { ShareRecalledEvent } from './share-recalled.event.js';
import { ShareSentEvent } from './share-sent.event.js';
import { UserEmailVerificationRequestedEvent } from './user-email-verification-requested.event.js';
import { UserEmailVerifiedEvent } from './user-email-verified.event.js';
import { UserNewsletterConsentChangedEvent } from './user-newsletter-consent-changed.event.js';
import { UserPasswordChangedEvent } from './user-password-changed.event.js';
import { UserPasswordResetRequestedEvent } from './user-password-reset-requested.event.js';
import { UserRegisteredEvent } from './user-registered.event.js';

/**
 * Every event the product publishes on JetStream: the source of the published event catalogue
 * (the AsyncAPI document) and of the schema lock (event-schemas.lock.json). A test fails when an
 * `*.event.ts` definition is missing here.
 */
export const EVENT_CATALOGUE: readonly EventDefinition<unknown>[] = [
  OrderPaidEvent,
  OrderBankWireChosenEvent,
  UserRegisteredEvent,
  UserEmailVerificationRequestedEvent,
  UserEmailVerifiedEvent,
  UserPasswordResetRequestedEvent,
  UserPasswordChangedEvent,
  UserNewsletterConsentChangedEvent,
  KycDecidedEvent,
  EmployeeCreatedEvent,
  EmployeeUpdatedEvent,
  EmployeeRemovedEvent,
  InvitationSentEvent,
  InvitationAcceptedEvent,
  SeatGrantedEvent,
  ShareCreatedEvent,
  ShareSentEvent,
  ShareAcceptedEvent,
  ShareRecalledEvent,
  ShareCancelledEvent,
  CourseEnrolledEvent,
  CoursesDeliveredEvent,
  EnrolmentCreatedEvent,
  CourseStartedEvent,
  ChapterCompletedEvent,
  CourseCompletedEvent,
  QuestionAskedEvent,
  QuestionAnsweredEvent,
  ExamAttemptCompletedEvent,
  ExamPassedEvent,
  ExamFailedEvent,
  ExamRetryAvailableEvent,
  CertificateIssuedEvent,
] as EventDefinition<unknown>[];

export type JsonSchema = Record<string, unknown>;

/**
 * An event's payload (the envelope's `data`) as JSON Schema draft-07, the schema dialect of
 * AsyncAPI 3: what a consumer may rely on, generated from the zod schema the producer and the
 * product's consumers validate with.
 */
export function eventPayloadJsonSchema(event: EventDefinition<unknown>): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(event.schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return schema;
}

/** The envelope every event travels in, with this event's payload schema as `data`. */
export function eventEnvelopeJsonSchema(event: EventDefinition<unknown>): JsonSchema {
  return {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid', description: 'The event id: the JetStream Nats-Msg-Id and the key a consumer de-duplicates on.' },
      type: { type: 'string', const: event.name },
      version: { type: 'integer', const: event.version },
      occurredAt: { type: 'string', format: 'date-time' },
      producer: { type: 'string', const: event.producer },
      correlationId: { type: 'string', description: 'The id of the request (or job) that caused the event, across services.' },
      causationId: { type: 'string', description: 'The id of the event that caused this one, when one did.' },
      data: eventPayloadJsonSchema(event),
    },
    required: ['id', 'type', 'version', 'occurredAt', 'producer', 'correlationId', 'data'],
  };
}

/**
 * The payload schema as the schema lock hashes it: keys in a fixed order, without descriptions
 * (rewording a comment is not a change of contract). Hash it with SHA-256 (see the lock's test).
 */
export function canonicalPayloadSchema(event: EventDefinition<unknown>): string {
  return canonicalJson(withoutDescriptions(eventPayloadJsonSchema(event)));
}

function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'description')
        .map(([key, child]) => [key, withoutDescriptions(child)]),
    );
  }
  return value;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * An example payload of the event: the one declared in event-examples.ts, else one generated from
 * its JSON Schema (every property present, the first enum value, plausible strings by field
 * name). A test parses every example with the event's zod schema.
 */
export function eventExample(event: EventDefinition<unknown>): unknown {
  const declared = EVENT_EXAMPLES[event.name];
  if (declared !== undefined) return declared;
  return exampleOf(eventPayloadJsonSchema(event), '', { uuids: 0 });
}

/** A whole envelope around the event's example payload, as a subscriber receives it. */
export function eventEnvelopeExample(event: EventDefinition<unknown>): EventEnvelope<unknown> {
  return {
    id: '0b8f3c1e-5d2a-4f6b-9c7d-1e2f3a4b5c6d',
    type: event.name,
    version: event.version,
    occurredAt: '2026-03-14T09:30:00.000Z',
    producer: event.producer,
    correlationId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    data: eventExample(event),
  };
}

const EXAMPLE_STRINGS: Record<string, string> = {
  email: 'learner@example.com',
  recipientEmail: 'colleague@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  surname: 'Lovelace',
  nick: 'ada',
  courseName: 'B1 Module 3: Electrical Fundamentals',
  chapterName: 'DC circuits',
  chapterSlug: 'dc-circuits',
  reference: 'AM-2026-000123',
  number: 'AMA-2026-000042',
  country: 'DE',
  userId: '5f0c6b1e-2d3a-4b5c-8d6e-7f8091a2b3c4',
  companyId: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d',
  availableTill: '2027-03-31',
  birthDate: '1990-05-17',
  voucherCode: 'WELCOME10',
};

interface ExampleState {
  uuids: number;
}

/** A value valid against `schema` (the subset of JSON Schema zod generates). */
function exampleOf(schema: JsonSchema, key: string, state: ExampleState): unknown {
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[])[0];
  const choices = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (choices) {
    const nonNull = choices.find((choice) => choice['type'] !== 'null') ?? choices[0];
    return exampleOf(nonNull, key, state);
  }
  if (Array.isArray(schema['allOf'])) {
    return Object.assign({}, ...(schema['allOf'] as JsonSchema[]).map((part) => exampleOf(part, key, state)));
  }
  const type = Array.isArray(schema['type']) ? (schema['type'] as string[]).find((t) => t !== 'null') : schema['type'];
  switch (type) {
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, exampleOf(child, name, state)]));
    }
    case 'array': {
      const items = (schema['items'] ?? {}) as JsonSchema;
      const count = Math.max(1, Number(schema['minItems'] ?? 1));
      return Array.from({ length: count }, () => exampleOf(items, key.replace(/s$/, ''), state));
    }
    case 'integer':
    case 'number': {
      const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : undefined;
      const exclusive = typeof schema['exclusiveMinimum'] === 'number' ? schema['exclusiveMinimum'] + 1 : undefined;
      const maximum = typeof schema['maximum'] === 'number' ? schema['maximum'] : undefined;
      const value = /cents$/i.test(key) ? 4900 : /percent/i.test(key) ? 80 : 1;
      return Math.min(maximum ?? Infinity, Math.max(minimum ?? -Infinity, exclusive ?? -Infinity, value));
    }
    case 'boolean':
      return true;
    case 'string':
      return exampleString(schema, key, state);
    default:
      return null;
  }
}

function exampleString(schema: JsonSchema, key: string, state: ExampleState): string {
  switch (schema['format']) {
    case 'uuid':
      state.uuids += 1;
      return `00000000-0000-4000-8000-${String(state.uuids).padStart(12, '0')}`;
    case 'email':
      return EXAMPLE_STRINGS[key] ?? 'learner@example.com';
    case 'uri':
      return 'https://shop.example.com/email/verify?token=example';
    case 'date-time':
      return '2026-03-14T09:30:00.000Z';
    case 'date':
      return '2026-03-14';
  }
  if (EXAMPLE_STRINGS[key]) return EXAMPLE_STRINGS[key];
  if (/At$/.test(key)) return '2026-03-14T09:30:00.000Z';
  if (/Url$/i.test(key)) return 'https://shop.example.com/';
  if (/Id$/.test(key)) return `${key.slice(0, -2)}-1`;
  const minLength = Number(schema['minLength'] ?? 0);
  const text = key ? `example ${key}` : 'example';
  return text.length >= minLength ? text : text.padEnd(minLength, 'x');
}
