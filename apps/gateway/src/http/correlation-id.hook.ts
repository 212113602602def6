import { CORRELATION_HEADER, runWithContext, withSpan } from '@aero/backend-observability';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { randomUUID } from 'node:crypto';

declare module 'fastify' {
  interface FastifyRequest {
    /** The id every log line and RPC of this request carries. */
    correlationId: string;
  }
}

/** An incoming id is kept only when it is short and plain, so it cannot forge log lines or headers. */
const ACCEPTABLE_ID = /^[\w.:-]{1,128}$/;

/** onRequest: adopts the caller's X-Correlation-Id or makes one, and echoes it in the response. */
export function correlationIdHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const incoming = request.headers[CORRELATION_HEADER];
  const correlationId = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  request.correlationId = correlationId;
  reply.header(CORRELATION_HEADER, correlationId);
  done();
}

/** The languages the platform writes texts in; the first is the default. */
const SUPPORTED_LOCALES = ['en'] as const;

/** The client's language: the first supported primary tag of Accept-Language, else the default. */
export function localeOf(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase().split('-')[0];
    if ((SUPPORTED_LOCALES as readonly string[]).includes(tag)) return tag;
  }
  return SUPPORTED_LOCALES[0];
}

/**
 * preHandler: runs the handler (guards, pipes, controller, filters) inside the request context,
 * which is where the RpcClient and the logger read the correlation id, the language and (once
 * the signed-in user is read, see SignedInUsers) the actor from, and with the request's span
 * current (its RPC calls are its children; log lines carry its ids). It is entered here rather
 * than in onRequest because body parsing continues on stream callbacks that lose it.
 */
export function requestContextHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const enter = () => runWithContext({ correlationId: request.correlationId, locale: localeOf(request.headers['accept-language']) }, done);
  if (request.span) withSpan(request.span, enter);
  else enter();
}
