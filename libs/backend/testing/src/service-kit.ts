import type { EventDefinition, EventEnvelope } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { startService, type RunningService, type ServiceDefinition } from '@aero/backend-runtime';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { envelopeOf, publishEnvelope } from './events.js';
import { spawnPlatformApp, type SpawnedProcess } from './spawn-app.js';
import { createTestEnvironment, waitFor, type TestEnvironment } from './test-environment.js';

export interface ServiceKitOptions {
  /** Other apps the service calls, run as real processes with their demo data (e.g. `['catalog-cart']`). */
  platform?: string[];
  /** How long each of them may take to answer its health check. */
  platformTimeoutMs?: number;
  /** Variables of the service for this file, over the test environment's (its HTTP port is 0). */
  env?: Record<string, string>;
  /** The RPC client's time-out. */
  rpcTimeoutMs?: number;
}

/** What a started kit holds. */
export interface ServiceKitParts {
  env: TestEnvironment;
  others: SpawnedProcess[];
  service: RunningService;
  rpc: RpcClient;
  schema: string;
}

/**
 * A test file's slice of the platform: its own database, NATS prefix and Redis prefix; the other
 * apps the service needs as real processes, the service itself in-process, and an RPC client on
 * the file's prefix. A service's own kit extends it with the fixtures of its domain.
 */
export class ServiceKit {
  readonly env: TestEnvironment;
  readonly others: SpawnedProcess[];
  readonly service: RunningService;
  readonly rpc: RpcClient;
  private readonly schema: string;

  constructor(parts: ServiceKitParts) {
    this.env = parts.env;
    this.others = parts.others;
    this.service = parts.service;
    this.rpc = parts.rpc;
    this.schema = parts.schema;
  }

  get db(): DataSource {
    return this.service.infra.dataSource;
  }

  async close(): Promise<void> {
    await this.service.close();
    await Promise.all(this.others.map((p) => p.stop()));
    await this.env.destroy();
  }

  /** Publishes an event on the file's stream as its producer's relay does (`Nats-Msg-Id` = event id). */
  async publish<T>(event: EventDefinition<T>, data: T, id: string = randomUUID()): Promise<EventEnvelope<T>> {
    const envelope = envelopeOf(event, data, id);
    await publishEnvelope(this.service.infra.nats, this.env.natsPrefix, event, envelope);
    return envelope;
  }

  /** Waits until `consumer` recorded the event in the service's inbox. */
  async handled(consumer: string, eventId: string): Promise<void> {
    await waitFor(
      async () => {
        const rows: unknown[] = await this.db.query(`SELECT 1 FROM ${this.schema}.inbox WHERE consumer = $1 AND event_id = $2`, [consumer, eventId]);
        return rows.length > 0;
      },
      { what: `${consumer} handled ${eventId}`, timeoutMs: 20_000 },
    );
  }

  /** The events of this type the service wrote to its outbox, oldest first. */
  async outbox<T = Record<string, unknown>>(type: string): Promise<T[]> {
    const rows: { payload: EventEnvelope<T> }[] = await this.db.query(
      `SELECT payload FROM ${this.schema}.outbox WHERE type = $1 ORDER BY created_at, id`,
      [type],
    );
    return rows.map((r) => r.payload.data);
  }
}

/**
 * Starts what a `ServiceKit` holds: the test environment, then the `platform` apps (together),
 * then the service. A failed start stops whatever it had started.
 */
export async function startServiceParts(definition: ServiceDefinition, options: ServiceKitOptions = {}): Promise<ServiceKitParts> {
  const env = await createTestEnvironment();
  const others: SpawnedProcess[] = [];
  try {
    const spawned = await Promise.allSettled(
      (options.platform ?? []).map((app) => spawnPlatformApp(app, env, { timeoutMs: options.platformTimeoutMs })),
    );
    for (const result of spawned) if (result.status === 'fulfilled') others.push(result.value);
    const failed = spawned.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const service = await startService(definition, env.env({ [definition.portVariable]: '0', ...options.env }));
    const rpc = new RpcClient(service.infra.nats, { prefix: env.natsPrefix, timeoutMs: options.rpcTimeoutMs ?? 10_000 });
    return { env, others, service, rpc, schema: definition.schema };
  } catch (error) {
    await Promise.all(others.map((p) => p.stop()));
    await env.destroy();
    throw error;
  }
}

/** A `ServiceKit` of the service, for a file that needs no fixtures of its own. */
export async function startServiceKit(definition: ServiceDefinition, options: ServiceKitOptions = {}): Promise<ServiceKit> {
  return new ServiceKit(await startServiceParts(definition, options));
}
