import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asyncApiDocument, eventKey } from './asyncapi.js';
import { canonicalPayloadSchema, EVENT_CATALOGUE, eventEnvelopeExample, eventExample } from './event-catalogue.js';
import { eventEnvelopeSchema, type EventDefinition } from './event-envelope.js';

const here = dirname(fileURLToPath(import.meta.url));
const LOCK_FILE = join(here, 'event-schemas.lock.json');
/** `UPDATE_EVENT_SCHEMA_LOCK=1` adds the subjects missing from the lock (never changes a locked one). */
const UPDATE = process.env.UPDATE_EVENT_SCHEMA_LOCK === '1';

function schemaHash(event: EventDefinition<unknown>): string {
  return `sha256:${createHash('sha256').update(canonicalPayloadSchema(event)).digest('hex')}`;
}

function isEventDefinition(value: unknown): value is EventDefinition<unknown> {
  return !!value && typeof value === 'object' && 'subject' in value && 'schema' in value && 'producer' in value;
}

describe('event catalogue', () => {
  it('lists every event defined in libs/contracts/src/events, each subject once', async () => {
    const defined: string[] = [];
    for (const file of readdirSync(here).filter((name) => name.endsWith('.event.ts'))) {
      const module = (await import(`./${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
      defined.push(...Object.values(module).filter(isEventDefinition).map((event) => event.subject));
    }
    const listed = EVENT_CATALOGUE.map((event) => event.subject);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...defined].sort());
  });

  it.each(EVENT_CATALOGUE.map((event) => [eventKey(event), event] as const))('%s: its example is a valid payload and envelope', (_key, event) => {
    expect(event.schema.safeParse(eventExample(event)).error).toBeUndefined();
    const envelope = eventEnvelopeExample(event);
    expect(eventEnvelopeSchema.safeParse(envelope).error).toBeUndefined();
    expect(envelope).toMatchObject({ type: event.name, version: event.version, producer: event.producer });
  });

  it('changes no locked payload schema without a new version (event-schemas.lock.json)', () => {
    const lock = JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as Record<string, string>;
    const changed: string[] = [];
    const missing: string[] = [];
    for (const event of EVENT_CATALOGUE) {
      const hash = schemaHash(event);
      if (!(event.subject in lock)) missing.push(event.subject);
      else if (lock[event.subject] !== hash) changed.push(event.subject);
    }
    if (UPDATE && missing.length) {
      const next = { ...lock, ...Object.fromEntries(EVENT_CATALOGUE.filter((e) => missing.includes(e.subject)).map((e) => [e.subject, schemaHash(e)])) };
      const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(LOCK_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
      missing.length = 0;
    }
    // A changed schema keeps its subject: define the next version instead (docs/events.md, "Changing an event").
    expect({ changedWithoutNewVersion: changed }).toEqual({ changedWithoutNewVersion: [] });
    // A new event or version: add it with UPDATE_EVENT_SCHEMA_LOCK=1 (docs/events.md).
    expect({ notInLock: missing }).toEqual({ notInLock: [] });
  });

  it('notices a changed payload schema: another field changes the hash, a reworded description does not', async () => {
    const { z } = await import('zod');
    const { defineEvent } = await import('./event-envelope.js');
    const base = defineEvent({ name: 'thing.done', version: 1, producer: 'test', schema: z.object({ a: z.string() }) });
    const reworded = defineEvent({ name: 'thing.done', version: 1, producer: 'test', schema: z.object({ a: z.string().describe('the a') }) });
    const widened = defineEvent({ name: 'thing.done', version: 1, producer: 'test', schema: z.object({ a: z.string(), b: z.number().optional() }) });
    expect(schemaHash(reworded as EventDefinition<unknown>)).toBe(schemaHash(base));
    expect(schemaHash(widened as EventDefinition<unknown>)).not.toBe(schemaHash(base));
  });

  it('the AsyncAPI document has a channel per event at its subject, with its version, payload, example and delivery guarantee', () => {
    const document = asyncApiDocument({ prefix: 'staging.' }) as {
      asyncapi: string;
      channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
      operations: Record<string, { action: string; 'x-delivery': { guarantee: string } }>;
      components: { messages: Record<string, { payload: { properties: Record<string, unknown> }; examples: { payload: unknown }[]; 'x-event-version': number }> };
    };
    expect(document.asyncapi).toBe('3.0.0');
    for (const event of EVENT_CATALOGUE) {
      const key = eventKey(event);
      expect(document.channels[key].address).toBe(`staging.${event.subject}`);
      const message = document.components.messages[key];
      expect(message['x-event-version']).toBe(event.version);
      expect(message.payload.properties['version']).toEqual({ type: 'integer', const: event.version });
      expect(message.payload.properties['data']).toMatchObject({ type: 'object' });
      expect(message.examples[0].payload).toEqual(eventEnvelopeExample(event));
      expect(document.operations[`publish.${key}`]).toMatchObject({ action: 'send', 'x-delivery': { guarantee: 'at-least-once' } });
    }
  });
});
