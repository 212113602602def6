import { CORRELATION_HEADER } from '@aero/backend-observability';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RawRequestDefaultExpression } from 'fastify';
import { VALIDATION_FAILED_MESSAGE } from '../errors/validation-failed.exception.js';

/**
 * HTML forms can only GET and POST; the spec's `data-method` links and forms send `_method`
 * instead (Laravel style). A POST carrying `_method` = PUT, PATCH or DELETE is handled exactly
 * as a request with that method: same route, guards, validation and CSRF check.
 *
 * Fastify picks the route before it reads the body, so there are two steps:
 * - `?_method=` in the query: `rewriteUrlForMethodOverride` changes the method before routing;
 * - `_method` in the body (form or JSON): `methodOverrideHook` reads it once the body is parsed
 *   and replays the request internally (`fastify.inject`) with the right method, then answers
 *   with that reply. Forms are rare next to the JSON API, so the replay's cost is fine.
 */
export const OVERRIDABLE_METHODS: ReadonlySet<string> = new Set(['PUT', 'PATCH', 'DELETE']);
export const INVALID_OVERRIDE_MESSAGE = 'The _method field must be PUT, PATCH or DELETE.';

const kInvalidOverride = Symbol('invalidMethodOverride');
const kReplayed = Symbol('methodOverrideReplayed');

type RawRequest = RawRequestDefaultExpression & { [kInvalidOverride]?: true };

/** Fastify's `rewriteUrl`: applies `?_method=` to the raw request and drops it from the URL. */
export function rewriteUrlForMethodOverride(req: RawRequest): string {
  const url = req.url ?? '/';
  if (req.method !== 'POST' || !url.includes('_method=')) return url;
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  const requested = query.get('_method');
  if (requested === null) return url;
  query.delete('_method');
  const method = requested.toUpperCase();
  if (OVERRIDABLE_METHODS.has(method)) req.method = method;
  else req[kInvalidOverride] = true;
  const rest = query.toString();
  return rest ? `${url.slice(0, queryStart)}?${rest}` : url.slice(0, queryStart);
}

/** onRequest, after the CSRF check: refuses a `?_method=` that names another method. */
export function rejectInvalidQueryOverrideHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!(request.raw as RawRequest)[kInvalidOverride]) return done();
  void reply.code(422).send(invalidOverrideBody());
}

/** Whether the request is the outer POST of a replayed override (for metrics). */
export function isReplayedOverride(request: FastifyRequest): boolean {
  return (request as FastifyRequest & { [kReplayed]?: true })[kReplayed] === true;
}

/** preHandler: the body form of `_method`. `server` is the root instance the request is replayed on. */
export function createMethodOverrideHook(server: FastifyInstance) {
  return function methodOverrideHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object' || !('_method' in body)) return done();
    const { _method: requested, ...rest } = body;
    if (request.method !== 'POST') {
      // Already overridden by the query; the body's copy must not reach validation as an unknown field.
      request.body = rest;
      return done();
    }
    const method = typeof requested === 'string' ? requested.toUpperCase() : '';
    if (!OVERRIDABLE_METHODS.has(method)) {
      void reply.code(422).send(invalidOverrideBody());
      return;
    }
    replay(server, request, reply, method, rest).catch((error: Error) => done(error));
  };
}

/** Hop-by-hop and length headers belong to each message, not to the request being replayed. */
const NOT_FORWARDED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

async function replay(
  server: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  method: string,
  body: Record<string, unknown>,
): Promise<void> {
  (request as FastifyRequest & { [kReplayed]?: true })[kReplayed] = true;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
  }
  headers['content-type'] = 'application/json';
  headers[CORRELATION_HEADER] = request.correlationId;

  const inner = await server.inject({
    method: method as 'PUT' | 'PATCH' | 'DELETE',
    url: request.url,
    headers,
    payload: JSON.stringify(body),
    // Rate limits by IP must see the client, not the loopback of the replay.
    remoteAddress: request.ip,
  });
  for (const [name, value] of Object.entries(inner.headers)) {
    if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
  }
  await reply.code(inner.statusCode).send(inner.rawPayload);
}

function invalidOverrideBody() {
  return { message: VALIDATION_FAILED_MESSAGE, errors: { _method: [INVALID_OVERRIDE_MESSAGE] } };
}
