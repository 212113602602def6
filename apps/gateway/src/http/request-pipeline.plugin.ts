import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { createCsrfHook } from '../csrf/csrf.hook.js';
import type { GatewayInfra } from '../gateway-infra.js';
import { createFirstVisitCookiesHook, createSessionHook } from '../session/session.hook.js';
import { cacheControlHook } from './cache-control.hook.js';
import { correlationIdHook, requestContextHook } from './correlation-id.hook.js';
import { createHttpMetricsHook } from './http-metrics.hook.js';
import { endRequestSpanHook, requestSpanHook } from './request-span.hook.js';
import { applyRouteBodyLimit, createJsonBodyParser, formBodyParser, rejectUnsafeUrlHook } from './input-checks.js';
import { createMethodOverrideHook, rejectInvalidQueryOverrideHook } from './method-override.hook.js';
import { registerSecurityHeaders } from './security-headers.js';

/**
 * Everything the gateway does around each request, as Fastify hooks on the root instance, so it
 * applies to every route: Nest controllers, static files, Swagger and the 404 handler alike.
 * The order matters and is the order below:
 *
 *   onRequest   security headers (helmet, CSP, Permissions-Policy) -> correlation id ->
 *               the request's span -> unsafe path or query -> session id -> CSRF check ->
 *               bad `?_method=`
 *   (parsing)   JSON and form bodies: size, UTF-8, depth, control characters (input-checks.ts)
 *   preHandler  request context and span (for RPC, logs and traces) -> `_method` in the body
 *   onSend      cookies set by handlers (@fastify/cookie) -> a first visit's session and
 *               XSRF-TOKEN cookies, unless publicly cacheable -> Cache-Control (no-store unless
 *               the route decided)
 *   onResponse  duration histogram -> the span ends
 *
 * None of them talks to Redis: a request that does not use its session costs no round trip.
 * Routes are registered later (at listen), so each gets its body limit from the onRoute hook.
 */
export async function registerRequestPipeline(app: NestFastifyApplication, infra: GatewayInfra): Promise<void> {
  // Registered in order (avvio loads plugins one after the other): the security headers come
  // first so that every answer has them, and cookies are parsed before the session hook reads them.
  const { config } = infra;
  await registerSecurityHeaders(app, {
    recaptcha: config.CAPTCHA_PROVIDER === 'recaptcha',
    payPal: config.PAYMENT_PROVIDER === 'live',
    https: config.COOKIE_SECURE,
  });
  await app.register(fastifyCookie);
  // Registered here, Nest does not add its own parsers for these types.
  app.useBodyParser('application/json', {}, createJsonBodyParser(app.getHttpAdapter().getInstance()));
  app.useBodyParser('application/x-www-form-urlencoded', {}, formBodyParser);
  await app.register(withoutEncapsulation((fastify: FastifyInstance) => {
    fastify.decorateRequest('correlationId', '');
    fastify.decorateRequest('session', null as never);
    fastify.decorateRequest('span', null);
    fastify.addHook('onRoute', applyRouteBodyLimit);
    fastify.addHook('onRequest', correlationIdHook);
    fastify.addHook('onRequest', requestSpanHook);
    fastify.addHook('onRequest', rejectUnsafeUrlHook);
    fastify.addHook('onRequest', createSessionHook(infra.sessions, infra.sessionCookies));
    fastify.addHook('onRequest', createCsrfHook(infra.csrf, infra.sessionCookies));
    fastify.addHook('onRequest', rejectInvalidQueryOverrideHook);
    fastify.addHook('preHandler', requestContextHook);
    fastify.addHook('preHandler', createMethodOverrideHook(fastify));
    fastify.addHook('onSend', createFirstVisitCookiesHook(infra.sessionCookies));
    fastify.addHook('onSend', cacheControlHook);
    fastify.addHook('onResponse', createHttpMetricsHook(infra.metrics));
    fastify.addHook('onResponse', endRequestSpanHook);
  }));
}

/** What `fastify-plugin` does: the hooks land on the root instance, not in a child context. */
function withoutEncapsulation(plugin: (fastify: FastifyInstance) => void) {
  const wrapped = (fastify: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
    plugin(fastify);
    done();
  };
  return Object.assign(wrapped, { [Symbol.for('skip-override')]: true });
}
