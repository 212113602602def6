import 'reflect-metadata';
import { RpcClient } from '@aero/backend-messaging';
import {
  checkNats,
  checkRedis,
  closeErrorReports,
  configureErrorReports,
  createLogger,
  errorReportSettingsFromEnv,
  flushTracing,
  InfrastructureError,
  Metrics,
  PinoNestLogger,
  startTracing,
  TraceStore,
  tracingSettingsFromEnv,
} from '@aero/backend-observability';
import { connect } from '@nats-io/transport-node';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication, type NestFastifyListenOptions } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { CsrfTokens } from './csrf/csrf-tokens.js';
import { GatewayExceptionFilter } from './errors/gateway-exception.filter.js';
import { loadGatewayConfig, trustProxySetting } from './gateway.config.js';
import { GatewayInfra } from './gateway-infra.js';
import { GatewayModule } from './gateway.module.js';
import { answerFrameworkError } from './http/input-checks.js';
import { DEFAULT_BODY_LIMIT } from './http/input-rules.js';
import { rewriteUrlForMethodOverride } from './http/method-override.hook.js';
import { registerRequestPipeline } from './http/request-pipeline.plugin.js';
import { ApiDocuments, setupPublicApiDocs } from './openapi/openapi.setup.js';
import { boundPort, startOpsServer } from './ops/ops-server.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { SessionCookies } from './session/session-cookies.js';
import { SessionStore } from './session/session-store.js';
import { WebApp } from './web-app/web-app.js';
import { WebAppRoutes } from './web-app/web-app-routes.js';

export interface RunningGateway {
  app: NestFastifyApplication;
  infra: GatewayInfra;
  /** The port actually bound (GATEWAY_PORT=0 in tests picks a free one). */
  port: number;
  /** The operations port actually bound (/metrics, the operators' API document). */
  opsPort: number;
  close(): Promise<void>;
  /**
   * Graceful shutdown (SIGTERM): readiness down, no new connections, the running requests
   * finished (GatewayDrain), then close().
   */
  drain(): Promise<void>;
}

export interface StartGatewayOptions {
  /** Extra Nest modules mounted next to the gateway's own (test-only routes). */
  modules?: Type[];
}

/**
 * Starts the public HTTP server: checks Redis and NATS (a clear InfrastructureError when one is
 * down), opens one connection to each, and serves the API, the web app, /health and the public
 * OpenAPI docs; /metrics and the operators' docs on the operations port (GATEWAY_OPS_PORT).
 * Throws ConfigError when the environment is invalid.
 */
export async function startGateway(env: NodeJS.ProcessEnv = process.env, options: StartGatewayOptions = {}): Promise<RunningGateway> {
  const config = loadGatewayConfig(env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  // The gateway's 5xx and the browsers' reports (POST /api/client-errors); read at /errors on the operations port.
  configureErrorReports(errorReportSettingsFromEnv(env, 'gateway'));
  // A span per HTTP request, the root of the request's trace; sent when OTEL_EXPORTER_OTLP_ENDPOINT is set.
  startTracing(tracingSettingsFromEnv(env, 'gateway'));
  const problems = (await Promise.all([checkRedis(config.REDIS_URL), checkNats(config.NATS_URL)])).filter(
    (problem): problem is string => problem !== null,
  );
  if (problems.length) throw new InfrastructureError(problems);

  // noAsyncTraces: nats.js would otherwise build two Error objects (for their stack traces) on every
  // request, a measurable share of the gateway's CPU per call. Failures keep their messages.
  const nats = await connect({ servers: config.NATS_URL, name: 'gateway', maxReconnectAttempts: -1, noAsyncTraces: true });
  // Few retries: a request waiting on a dead Redis should fail fast rather than hang.
  const redis = new Redis(config.REDIS_URL, { keyPrefix: `${config.REDIS_PREFIX}:`, maxRetriesPerRequest: 2 });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  // The local trace viewer's store, read and written on the operations port only.
  const traces = new TraceStore(config.REDIS_URL, config.REDIS_PREFIX);
  const releaseConnections = async () => {
    await nats.drain().catch(() => undefined);
    await redis.quit().catch(() => redis.disconnect());
    await traces.close();
  };

  try {
    const csrf = new CsrfTokens(config.SESSION_SECRET);
    const infra = new GatewayInfra(
      config,
      logger,
      new Metrics('gateway'),
      nats,
      redis,
      new RpcClient(nats, { prefix: config.NATS_PREFIX, timeoutMs: config.RPC_TIMEOUT_MS, noRespondersRetryMs: config.RPC_NO_RESPONDERS_RETRY_MS }),
      new SessionStore(redis),
      new SessionCookies(csrf, config.COOKIE_SECURE),
      csrf,
      new RateLimiter(redis, config.RATE_LIMIT_MULTIPLIER),
    );
    const webApp = new WebApp(config.WEB_DIST_DIR);

    const adapter = new FastifyAdapter({
      rewriteUrl: rewriteUrlForMethodOverride,
      trustProxy: trustProxySetting(config.TRUST_PROXY),
      // `/voucher/apply/` (the form posted with an empty code) must reach the same route as `/voucher/apply`.
      routerOptions: { ignoreTrailingSlash: true },
      // Routes that take more set their own (@BodyLimit); over the limit is a 413 before the body is read.
      bodyLimit: DEFAULT_BODY_LIMIT,
      frameworkErrors: answerFrameworkError,
    });
    const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(infra, options.modules), adapter, {
      logger: new PinoNestLogger(logger),
      // Throw instead of exiting the process on a wiring error, and let close() end keep-alive sockets.
      abortOnError: false,
      forceCloseConnections: true,
    });
    infra.drain.register(app);
    await registerRequestPipeline(app, infra);
    await webApp.register(app);
    app.useGlobalFilters(new GatewayExceptionFilter(logger, webApp, new WebAppRoutes(infra.rpc)));
    const documents = new ApiDocuments(app, { serverUrl: config.PUBLIC_BASE_URL });
    setupPublicApiDocs(app, documents);

    // reusePort (Node's SO_REUSEPORT) is passed on to net.Server#listen; Fastify's types omit it.
    await app.listen({ port: config.GATEWAY_PORT, host: config.HOST, reusePort: config.GATEWAY_REUSE_PORT } as NestFastifyListenOptions);
    const port = boundPort(app, config.GATEWAY_PORT);
    let ops: NestFastifyApplication;
    try {
      ops = await startOpsServer(infra.metrics, documents, logger, {
        port: config.GATEWAY_OPS_PORT,
        host: config.SERVICE_HTTP_HOST,
        events: { natsUrl: config.NATS_URL, prefix: config.NATS_PREFIX },
        traces,
      });
    } catch (error) {
      await app.close();
      throw error;
    }
    const opsPort = boundPort(ops, config.GATEWAY_OPS_PORT);
    logger.info({ port, opsPort, webDistDir: config.WEB_DIST_DIR }, 'gateway started');

    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await app.close();
      // The last spans, while the operations port (the local viewer, when it is the exporter's target) still answers.
      await flushTracing();
      await ops.close();
      await releaseConnections();
      await closeErrorReports();
    };
    return {
      app,
      infra,
      port,
      opsPort,
      close,
      async drain() {
        const settings = {
          delayMs: config.GATEWAY_DRAIN_DELAY_MS,
          keepAliveGraceMs: config.GATEWAY_DRAIN_KEEPALIVE_GRACE_MS,
          timeoutMs: config.DRAIN_TIMEOUT_MS,
        };
        await infra.drain.drain(app, settings, logger);
        await close();
      },
    };
  } catch (error) {
    await releaseConnections();
    throw error;
  }
}
