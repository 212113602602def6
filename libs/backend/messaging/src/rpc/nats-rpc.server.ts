import {
  ACTOR_HEADER,
  CORRELATION_ATTRIBUTE,
  CORRELATION_HEADER,
  decodeActor,
  decodeSession,
  inSpan,
  LOCALE_HEADER,
  runWithContext,
  SESSION_HEADER,
  SpanKind,
  type Metrics,
  type RequestContext,
} from '@aero/backend-observability';
import type { Msg, MsgCallback, NatsConnection, Subscription } from '@nats-io/transport-node';
import { NatsContext, ServerNats } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { prefixed } from '../subjects.js';
import { traceHeadersOf } from '../trace-headers.js';
import { inFlightSubject, RPC_REQUEST_HEADER } from './in-flight.js';
import { carriesNulCharacter, nulCharacterRefusal } from './nul-character.js';

const HELD = new TextEncoder().encode('held');
const decoder = new TextDecoder();

export interface NatsRpcServerOptions {
  servers: string;
  /** Queue group: the service name, so N replicas share the requests. */
  queue: string;
  prefix: string;
  name: string;
  metrics?: Metrics;
}

/** The caller's request context, from the request's headers (see RpcClient). */
function contextOf(msg: Msg): RequestContext {
  const headers = msg.headers;
  const locale = headers?.get(LOCALE_HEADER);
  const session = decodeSession(headers?.get(SESSION_HEADER));
  return {
    correlationId: headers?.get(CORRELATION_HEADER) || randomUUID(),
    actor: decodeActor(headers?.get(ACTOR_HEADER)),
    ...(locale ? { locale } : {}),
    ...(session ? { session } : {}),
  };
}

/**
 * Nest's NATS transport with three additions: subjects carry the isolation prefix, every
 * request runs inside the caller's request context (correlation id, actor, language, session),
 * and a request carrying a NUL character is answered 400 before any handler sees it (the gateway refuses
 * those already; this keeps a NUL from reaching Postgres, and a 500, whoever calls). The
 * instance also tells a waiting caller that it still holds its request (in-flight.ts), so a
 * caller whose responder died gives up at once instead of at its timeout.
 */
export class NatsRpcServer extends ServerNats {
  /** The requests this instance is running, by their RPC_REQUEST_HEADER. */
  private readonly inFlight = new Set<string>();
  /** The connection the subscriptions were made on (Nest keeps its own private). */
  private connection?: NatsConnection;
  /** The request subscriptions (queue group), which a drain ends first. */
  private readonly requestSubscriptions: Subscription[] = [];
  /** Handlers running now, whatever the request; a drain waits for them. */
  private running = 0;
  private idle?: () => void;

  constructor(private readonly rpcOptions: NatsRpcServerOptions) {
    super({
      servers: rpcOptions.servers,
      queue: rpcOptions.queue,
      name: rpcOptions.name,
      maxReconnectAttempts: -1,
    });
  }

  /**
   * Nest calls back ("listening") as soon as the subscriptions are written to the connection;
   * flushing first means the NATS server has them, so a caller on another connection that
   * starts right after the service started finds a responder instead of `no_responders`.
   */
  override start(callback: (error?: unknown) => void): void {
    super.start(() => {
      const connection = this.connection;
      if (!connection) return callback();
      connection.flush().then(() => callback(), callback);
    });
  }

  /**
   * The handler's key for a subject. Nest's own first tries JSON.parse on every subject, for
   * patterns written as objects; the plain subjects of this platform make that throw a
   * SyntaxError, stack trace and all, on every request (about 2 % of a service's CPU).
   */
  override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') || pattern.startsWith('[') ? super.getRouteFromPattern(pattern) : pattern;
  }

  override bindEvents(client: NatsConnection): void {
    this.connection = client;
    for (const channel of this.messageHandlers.keys()) {
      const handlerRef = this.messageHandlers.get(channel);
      const queue = (handlerRef?.extras?.queue as string | undefined) ?? this.rpcOptions.queue;
      // Closing the connection (Nest's close()) ends these subscriptions too.
      this.requestSubscriptions.push(
        client.subscribe(prefixed(this.rpcOptions.prefix, channel), {
          queue,
          callback: this.getMessageHandler(channel).bind(this) as MsgCallback<Msg>,
        }),
      );
    }
    // Every instance, not one of the queue group: only the one holding the request can say so.
    client.subscribe(prefixed(this.rpcOptions.prefix, inFlightSubject(this.rpcOptions.queue)), {
      callback: (error, msg) => {
        if (!error && this.inFlight.has(decoder.decode(msg.data))) msg.respond(HELD);
      },
    });
  }

  /**
   * Stops taking requests and waits for the running ones (graceful shutdown): the request
   * subscriptions are drained (unsubscribed at the server, so the other replicas of the queue
   * group get every new request, and the messages already delivered here are still handled),
   * then the handlers still running are awaited, at most `timeoutMs`. The in-flight subscription
   * stays until the connection closes: callers waiting on this instance keep hearing that it
   * holds their request. Resolves to the number of handlers still running at the end (0: all done).
   */
  async drainRequests(timeoutMs: number): Promise<number> {
    const subscriptions = this.requestSubscriptions.splice(0);
    await Promise.all(subscriptions.map((sub) => sub.drain().catch(() => undefined)));
    if (this.running > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (this.idle = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    }
    // Nest publishes a reply on the next tick after its handler; then the last replies must
    // reach the server before the connection is closed.
    await new Promise((resolve) => setImmediate(resolve));
    await this.connection?.flush().catch(() => undefined);
    return this.running;
  }

  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    this.running++;
    try {
      return await this.handleCounted(channel, natsMsg);
    } finally {
      this.running--;
      if (this.running === 0) this.idle?.();
    }
  }

  private async handleCounted(channel: string, natsMsg: Msg): Promise<unknown> {
    const context = contextOf(natsMsg);
    const stop = this.rpcOptions.metrics?.rpcDuration.startTimer({ pattern: channel });
    if (carriesNulCharacter(natsMsg.data)) {
      stop?.({ outcome: 'error' });
      return this.refuse(channel, natsMsg);
    }
    const requestKey = natsMsg.headers?.get(RPC_REQUEST_HEADER);
    // Held from delivery until the handler has answered (the reply is published right after).
    if (requestKey) this.inFlight.add(requestKey);
    try {
      // A SERVER span, child of the caller's CLIENT span (the trace context in the headers); the
      // RPC error filter marks it failed on an unexpected error (reportError).
      const result: unknown = await inSpan(
        channel,
        {
          kind: SpanKind.SERVER,
          remote: traceHeadersOf(natsMsg.headers),
          attributes: { 'rpc.system': 'nats', 'rpc.method': channel, [CORRELATION_ATTRIBUTE]: context.correlationId },
        },
        () => runWithContext(context, () => super.handleMessage(channel, natsMsg)),
      );
      stop?.({ outcome: 'ok' });
      return result;
    } catch (error) {
      stop?.({ outcome: 'error' });
      throw error;
    } finally {
      if (requestKey) this.inFlight.delete(requestKey);
    }
  }

  /** Answers a request with the NUL refusal, as the RPC error filter answers a domain error. */
  private async refuse(channel: string, natsMsg: Msg): Promise<unknown> {
    const message = await this.deserializer.deserialize(natsMsg, { channel, replyTo: natsMsg.reply });
    // An event (no id) has nobody to answer; it is dropped like one no handler accepts.
    if (!('id' in message) || message.id === undefined) return undefined;
    const publish = this.getPublisher(natsMsg, message.id, new NatsContext([natsMsg.subject, natsMsg.headers]));
    return publish({ err: nulCharacterRefusal().toPayload(), isDisposed: true });
  }
}
