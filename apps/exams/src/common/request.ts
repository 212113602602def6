import { ZodPayloadPipe } from '@aero/backend-messaging';
import type { z } from 'zod';

/**
 * Reads a request with its schema of libs/contracts (the one the gateway checked it with): a
 * request that breaks it is the 422 with every field's messages.
 */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return new ZodPayloadPipe(schema).transform(value);
}

/** A query value as the query schemas read it: text (a number written as text). */
export function queryText(value: unknown): unknown {
  return typeof value === 'number' ? String(value) : value;
}
