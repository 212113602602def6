import { CORRELATION_ATTRIBUTE, SpanKind, SpanStatusCode, startSpan, type Span } from '@aero/backend-observability';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's SERVER span: the root of its trace (see requestContextHook, which makes it current). */
    span: Span | null;
  }
}

/**
 * onRequest (after the correlation id): opens the request's span. Each request starts a new
 * trace: a `traceparent` sent by a client is not taken (the public edge does not let callers
 * choose trace ids or sampling).
 */
export function requestSpanHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const route = request.routeOptions.url;
  request.span = startSpan(route ? `${request.method} ${route}` : request.method, {
    kind: SpanKind.SERVER,
    remote: null,
    attributes: {
      'http.request.method': request.method,
      'url.path': request.url.split('?', 1)[0],
      ...(route ? { 'http.route': route } : {}),
      [CORRELATION_ATTRIBUTE]: request.correlationId,
    },
  });
  done();
}

/** onResponse: the status on the span, which ends; a 5xx marks it failed. */
export function endRequestSpanHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const span = request.span;
  if (span) {
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
  done();
}
