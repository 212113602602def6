import 'reflect-metadata';
import { infraConfigSchema, loadConfig, loadPort } from '@aero/backend-config';
import type { ServiceName } from '@aero/contracts';
import {
  ensureEventStream,
  NatsRpcServer,
  OutboxRelay,
  OutboxWriter,
  RpcClient,
  RpcErrorFilter,
} from '@aero/backend-messaging';
import {
  checkInfrastructure,
  createLogger,
  drainOnSignals,
  exitOnStartFailure,
  flushTracing,
  Metrics,
  PinoNestLogger,
  releaseMemoryWhenIdle,
  startTracing,
  tracingSettingsFromEnv,
} from '@aero/backend-observability';
import {
  createServiceDataSource,
  ensureDatabase,
  runMigrations,
  withAdvisoryLock,
  type ServiceDataSourceOptions,
} from '@aero/backend-persistence';
import { connect } from '@nats-io/transport-node';
import { Module, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { InfraModule } from './infra.module.js';
import { watchMessaging } from './messaging-metrics.js';
import { EventConsumers, ServiceInfra } from './service-infra.js';

/** What makes one service: its name, schema, HTTP port variable, persistence and Nest module. */
export interface ServiceDefinition {
  name: ServiceName;
  /** Postgres schema owned by the service (snake_case of the name). */
  schema: string;
  /** e.g. `CATALOG_CART_HTTP_PORT`; serves /health and /metrics. */
  portVariable: string;
  defaultPort: number;
  entities: ServiceDataSourceOptions['entities'];
  migrations: ServiceDataSourceOptions['migrations'];
  module: Type;
  /** Idempotent demo data, applied after migrations when SEED_DEMO_DATA=true (npm start). */
  seed?: (dataSource: DataSource) => Promise<void>;
}

export interface RunningService {
  infra: ServiceInfra;
  app: INestApplication;
  /** The HTTP port actually bound (useful with port 0 in tests). */
  httpPort: number;
  /** Stops at once: requests still running are not waited for. */
  close(): Promise<void>;
  /**
   * Graceful shutdown (SIGTERM): readiness down, the request subscriptions drained (the other
   * replicas take the new requests), running requests finished (up to DRAIN_TIMEOUT_MS), then
   * event consumers, the outbox relay and the job workers closed (a running job or event handler
   * is finished first), then the connections.
   */
  drain(): Promise<void>;
}

/**
 * The service's schema brought up to date: the database created when missing, the migrations
 * applied (under an advisory lock: replicas starting together apply each once), then the demo
 * data when SEED_DEMO_DATA=true. Answers the initialized data source.
 */
async function migrateSchema(definition: ServiceDefinition, databaseUrl: string, env: NodeJS.ProcessEnv, logger: Logger): Promise<DataSource> {
  await ensureDatabase(databaseUrl);
  const dataSource = createServiceDataSource({
    url: databaseUrl,
    schema: definition.schema,
    entities: definition.entities,
    migrations: definition.migrations,
  });
  await dataSource.initialize();
  const applied = await runMigrations(dataSource, definition.schema);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  const seed = definition.seed;
  if (seed && env.SEED_DEMO_DATA === 'true') {
    // Replicas starting together seed one after another: each seed is idempotent, but two running
    // at once could both find a row missing and insert it.
    await withAdvisoryLock(dataSource, `aeromaint:seed:${definition.schema}`, () => seed(dataSource));
    logger.info('demo data seeded');
  }
  return dataSource;
}

/**
 * MIGRATE_ONLY=true: the schema brought up to date and nothing else (no NATS, no Redis, no HTTP),
 * for the migration Job that runs before a rollout (deploy/k8s/base/migrate.job.yaml).
 */
export async function migrateService(definition: ServiceDefinition, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const config = loadConfig(infraConfigSchema, env);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const dataSource = await migrateSchema(definition, config.DATABASE_URL, env, logger);
  try {
    const rows: { name: string }[] = await dataSource.query(`SELECT name FROM "${definition.schema}".migrations ORDER BY id`);
    return rows.map((row) => row.name);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Starts one service as a hybrid Nest app: NATS request/reply handlers in the service's queue
 * group, /health and /metrics over HTTP, migrations applied, outbox relay and consumers running.
 */
export async function startService(definition: ServiceDefinition, env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(infraConfigSchema, env);
  const port = loadPort(definition.portVariable, definition.defaultPort, env);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  // Spans around its RPC handlers, events and jobs; sent when OTEL_EXPORTER_OTLP_ENDPOINT is set.
  startTracing(tracingSettingsFromEnv(env, definition.name));
  await checkInfrastructure({ postgres: config.DATABASE_URL, redis: config.REDIS_URL, nats: config.NATS_URL });

  const dataSource = await migrateSchema(definition, config.DATABASE_URL, env, logger);

  const metrics = new Metrics(definition.name);
  // noAsyncTraces, as in the gateway: no Error objects built for stack traces on every request.
  const nats = await connect({ servers: config.NATS_URL, name: `${definition.name}-client`, maxReconnectAttempts: -1, noAsyncTraces: true });
  await ensureEventStream(nats, config.NATS_PREFIX, config.NATS_STREAM_REPLICAS);
  const redis = new Redis(config.REDIS_URL, { keyPrefix: `${config.REDIS_PREFIX}:${definition.name}:` });
  const rpc = new RpcClient(nats, {
    prefix: config.NATS_PREFIX,
    timeoutMs: config.RPC_TIMEOUT_MS,
    noRespondersRetryMs: config.RPC_NO_RESPONDERS_RETRY_MS,
  });
  const outbox = new OutboxWriter(definition.schema, definition.name);
  const relay = new OutboxRelay(
    dataSource,
    nats,
    { schema: definition.schema, databaseUrl: config.DATABASE_URL, prefix: config.NATS_PREFIX },
    logger,
    metrics,
  );
  const consumers = new EventConsumers(nats, dataSource, definition.schema, config.NATS_PREFIX, logger, metrics);
  const infra = new ServiceInfra(
    definition.name,
    definition.schema,
    config,
    logger,
    metrics,
    dataSource,
    nats,
    redis,
    rpc,
    outbox,
    relay,
    consumers,
    env,
  );

  @Module({ imports: [InfraModule.forService(infra, definition.name), definition.module] })
  class ServiceRootModule {}

  const app = await NestFactory.create<NestFastifyApplication>(ServiceRootModule, new FastifyAdapter(), {
    logger: new PinoNestLogger(logger),
  });
  app.useGlobalFilters(new RpcErrorFilter(logger));
  const rpcServer = new NatsRpcServer({
    servers: config.NATS_URL,
    queue: definition.name,
    prefix: config.NATS_PREFIX,
    name: `${definition.name}-rpc`,
    metrics,
  });
  app.connectMicroservice({ strategy: rpcServer }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.listen(port, config.SERVICE_HTTP_HOST);
  const address = app.getHttpServer().address();
  const httpPort = typeof address === 'object' && address ? address.port : port;

  await relay.start();
  watchMessaging(metrics, dataSource, definition.schema, consumers);
  await consumers.startAll();
  logger.info({ httpPort }, `${definition.name} started`);

  let closing: Promise<void> | undefined;
  const close = (drainTimeoutMs: number) =>
    (closing ??= (async () => {
      // Readiness goes down first; then no new request is taken and the running ones finish,
      // before the consumers, the relay and the job workers (closed with the app) stop.
      infra.draining = true;
      const unfinished = await rpcServer.drainRequests(drainTimeoutMs);
      if (unfinished) logger.warn({ unfinished }, 'drain: requests still running at the drain timeout');
      await consumers.stopAll();
      await relay.stop();
      await app.close();
      await nats.drain().catch(() => undefined);
      redis.disconnect();
      await dataSource.destroy();
      await flushTracing();
    })());
  return {
    infra,
    app,
    httpPort,
    close: () => close(0),
    drain: () => close(config.DRAIN_TIMEOUT_MS),
  };
}

/** The entry point of a service process: starts it, stops it cleanly on SIGINT/SIGTERM. */
export async function runService(definition: ServiceDefinition): Promise<void> {
  try {
    if (process.env.MIGRATE_ONLY === 'true') {
      const migrations = await migrateService(definition);
      process.stdout.write(`[${definition.name}] schema ${definition.schema} is up to date: ${migrations.length} migrations applied\n`);
      process.exit(0);
    }
    const running = await startService(definition);
    drainOnSignals(running.infra.logger, running.infra.config.DRAIN_TIMEOUT_MS, () => running.drain());
    releaseMemoryWhenIdle(running.infra.logger);
  } catch (error) {
    exitOnStartFailure(definition.name, error);
  }
}
