import { CORRELATION_HEADER, runWithContext, type Metrics } from '@aero/backend-observability';
import type { Msg, MsgCallback, NatsConnection } from '@nats-io/transport-node';
import { ServerNats } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { prefixed } from '../subjects.js';

export interface NatsRpcServerOptions {
  servers: string;
  /** Queue group: the service name, so N replicas share the requests. */
  queue: string;
  prefix: string;
  name: string;
  metrics?: Metrics;
}

/**
 * Nest's NATS transport with two additions: subjects carry the isolation prefix, and every
 * request runs inside a request context holding the caller's correlation id.
 */
export class NatsRpcServer extends ServerNats {
  constructor(private readonly rpcOptions: NatsRpcServerOptions) {
    super({
      servers: rpcOptions.servers,
      queue: rpcOptions.queue,
      name: rpcOptions.name,
      maxReconnectAttempts: -1,
    });
  }

  override bindEvents(client: NatsConnection): void {
    for (const channel of this.messageHandlers.keys()) {
      const handlerRef = this.messageHandlers.get(channel);
      const queue = (handlerRef?.extras?.queue as string | undefined) ?? this.rpcOptions.queue;
      // Closing the connection (Nest's close()) ends these subscriptions too.
      client.subscribe(prefixed(this.rpcOptions.prefix, channel), {
        queue,
        callback: this.getMessageHandler(channel).bind(this) as MsgCallback<Msg>,
      });
    }
  }

  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    const correlationId = natsMsg.headers?.get(CORRELATION_HEADER) || randomUUID();
    const stop = this.rpcOptions.metrics?.rpcDuration.startTimer({ pattern: channel });
    try {
      const result: unknown = await runWithContext({ correlationId }, () => super.handleMessage(channel, natsMsg));
      stop?.({ outcome: 'ok' });
      return result;
    } catch (error) {
      stop?.({ outcome: 'error' });
      throw error;
    }
  }
}
