import type { InfraConfig } from '@aero/backend-config';
import { EventConsumer, type EventHandlerDefinition, OutboxRelay, OutboxWriter, RpcClient } from '@aero/backend-messaging';
import type { Metrics } from '@aero/backend-observability';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

/**
 * Registers a service's durable event consumers; they start once the service is up and stop
 * before its connections close.
 */
export class EventConsumers {
  private readonly consumers: EventConsumer<unknown>[] = [];
  private started = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly prefix: string,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
  ) {}

  register<T>(definition: EventHandlerDefinition<T>): EventConsumer<T> {
    const consumer = new EventConsumer<T>(
      this.nc,
      this.dataSource,
      definition,
      { schema: this.schema, prefix: this.prefix },
      this.logger,
      this.metrics,
    );
    this.consumers.push(consumer as EventConsumer<unknown>);
    if (this.started) void consumer.start();
    return consumer;
  }

  /** Each registered consumer's lag (see EventConsumer.lag). */
  lag(): Promise<{ consumer: string; pending: number; redelivered: number }[]> {
    return Promise.all(this.consumers.map((c) => c.lag()));
  }

  async startAll(): Promise<void> {
    this.started = true;
    await Promise.all(this.consumers.map((c) => c.start()));
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}

/** Everything a service's modules may inject, created once per process by `startService`. */
export class ServiceInfra {
  /** True from SIGTERM on: the process takes no new work and its readiness is down. */
  draining = false;

  constructor(
    readonly service: string,
    readonly schema: string,
    readonly config: InfraConfig,
    readonly logger: Logger,
    readonly metrics: Metrics,
    readonly dataSource: DataSource,
    readonly nats: NatsConnection,
    readonly redis: Redis,
    readonly rpc: RpcClient,
    readonly outbox: OutboxWriter,
    readonly relay: OutboxRelay,
    readonly consumers: EventConsumers,
    /** The environment the service was started with: a service loads its own settings from it. */
    readonly env: NodeJS.ProcessEnv,
  ) {}
}
