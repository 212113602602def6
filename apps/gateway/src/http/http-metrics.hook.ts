import type { Metrics } from '@aero/backend-observability';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Histogram } from 'prom-client';
import { isReplayedOverride } from './method-override.hook.js';

/**
 * onResponse: `http_request_duration_seconds` by method, route pattern and status. The route is
 * the pattern (`/api/products`, `/*` for static files), never the raw URL, so the number of series
 * stays bounded whatever clients request.
 */
export function createHttpMetricsHook(metrics: Metrics) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests answered by the gateway, by method, route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  return function httpMetricsHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const route = isReplayedOverride(request) ? 'method_override' : request.is404 ? 'not_found' : (request.routeOptions.url ?? 'unknown');
    duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  };
}
