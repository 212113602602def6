import type { ErrorPayload, RpcDefinition, RpcRequest, RpcResponse } from '@aero/contracts';
import { RemoteError, ServiceUnavailableError } from '@aero/backend-errors';
import {
  ACTOR_HEADER,
  CORRELATION_HEADER,
  currentContext,
  encodeActor,
  encodeSession,
  inSpan,
  LOCALE_HEADER,
  SESSION_HEADER,
  SpanKind,
} from '@aero/backend-observability';
import { headers, type Msg, type NatsConnection, RequestError, TimeoutError, NoRespondersError } from '@nats-io/transport-node';
import { randomBytes, randomUUID } from 'node:crypto';
import { prefixed } from '../subjects.js';
import { setTraceHeaders } from '../trace-headers.js';
import { DEFAULT_IN_FLIGHT_WATCH, inFlightSubject, RPC_REQUEST_HEADER, type InFlightWatch } from './in-flight.js';
import { rawResponseText, type ReplyPacket } from './reply-packet.js';

export interface RpcClientOptions {
  prefix: string;
  /** How long a live responder may take (a dead one is given up on far sooner, see `inFlight`). */
  timeoutMs: number;
  /** When to ask whether a responder still holds a request (DEFAULT_IN_FLIGHT_WATCH). */
  inFlight?: InFlightWatch;
  /**
   * How long a request that found no responder is sent again (after 50, 100, 200, 400, 400… ms)
   * before it fails: a replica restarting, or a service just started whose subscriptions are not
   * yet known everywhere. Nobody received such a request, so sending it again is always safe.
   * 0 (the default): fail at once.
   */
  noRespondersRetryMs?: number;
}

/** The waits between the tries of a request that found no responder. */
export function noRespondersBackoff(attempt: number): number {
  return Math.min(50 * 2 ** attempt, 400);
}

/** The JSON text of a value of type T, passed on without being parsed. */
export type RawJson<T> = string & { readonly __rawJsonOf?: T };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The one way to call another service: `rpc.call(CatalogRpc.ListProducts, {})` (or `callRaw` to
 * get the answer's JSON text). It speaks Nest's NATS packet format directly (no RxJS per call) and turns transport failures
 * into ServiceUnavailableError and domain failures into RemoteError.
 *
 * A call fails fast when nobody can answer it: at once when no instance serves the pattern (NATS
 * reports no responders), and within about `firstAfterMs + answerWithinMs` (1.5 s) when the
 * instance that took the request died with it (in-flight.ts). Only a live instance working on the
 * request is waited for up to the timeout.
 */
export class RpcClient {
  private nextId = 0;
  /** Names this caller's requests (RPC_REQUEST_HEADER). */
  private readonly callerId = randomBytes(6).toString('hex');
  private readonly watch: InFlightWatch;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: RpcClientOptions,
  ) {
    this.watch = options.inFlight ?? DEFAULT_IN_FLIGHT_WATCH;
  }

  async call<D extends RpcDefinition<unknown, unknown>>(
    definition: D,
    request: RpcRequest<D>,
    options: { timeoutMs?: number } = {},
  ): Promise<RpcResponse<D>> {
    const { text } = await this.request(definition, request, options);
    return responseOf(JSON.parse(text) as ReplyPacket) as RpcResponse<D>;
  }

  /**
   * Like `call`, but resolves with the answer's JSON text instead of the parsed value, for a caller
   * that passes the answer on unchanged (the gateway's hottest reads): parsing a large answer and
   * serialising it again costs more than the rest of such a request. Failures are thrown as by `call`.
   */
  async callRaw<D extends RpcDefinition<unknown, unknown>>(
    definition: D,
    request: RpcRequest<D>,
    options: { timeoutMs?: number } = {},
  ): Promise<RawJson<RpcResponse<D>>> {
    const { text, id } = await this.request(definition, request, options);
    return rawResponseText(text, id) ?? JSON.stringify(responseOf(JSON.parse(text) as ReplyPacket) ?? null);
  }

  /** One call in a CLIENT span; the service's SERVER span is its child (trace context in the NATS headers). */
  private request<D extends RpcDefinition<unknown, unknown>>(
    definition: D,
    request: RpcRequest<D>,
    options: { timeoutMs?: number },
  ): Promise<{ text: string; id: string }> {
    return inSpan(
      definition.pattern,
      { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'nats', 'rpc.method': definition.pattern } },
      () => this.send(definition, request, options),
    );
  }

  private async send<D extends RpcDefinition<unknown, unknown>>(
    definition: D,
    request: RpcRequest<D>,
    options: { timeoutMs?: number },
  ): Promise<{ text: string; id: string }> {
    const id = String(++this.nextId);
    const requestKey = `${this.callerId}.${id}`;
    const hdrs = headers();
    // The caller's request context travels with the call: correlation id, actor, language, session.
    const context = currentContext();
    hdrs.set(CORRELATION_HEADER, context?.correlationId ?? randomUUID());
    if (context?.actor) hdrs.set(ACTOR_HEADER, encodeActor(context.actor));
    if (context?.locale) hdrs.set(LOCALE_HEADER, context.locale);
    if (context?.session) hdrs.set(SESSION_HEADER, encodeSession(context.session));
    hdrs.set(RPC_REQUEST_HEADER, requestKey);
    setTraceHeaders(hdrs);
    const service = definition.pattern.split('.')[0];
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    const subject = prefixed(this.options.prefix, definition.pattern);
    const body = encoder.encode(JSON.stringify({ pattern: definition.pattern, data: request, id }));
    const retryUntil = performance.now() + (this.options.noRespondersRetryMs ?? 0);
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = this.nc.request(subject, body, { timeout: timeoutMs, headers: hdrs });
        const reply = timeoutMs > this.watch.firstAfterMs ? await this.whileHeld(answer, service, requestKey) : await answer;
        return { text: decoder.decode(reply.data), id };
      } catch (error) {
        // Only the request itself finding nobody is retried: a responder lost with the request
        // (ServiceUnavailableError from whileHeld) may have done the work already.
        const wait = noRespondersBackoff(attempt);
        if (isNoResponders(error) && performance.now() + wait <= retryUntil) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        throw toUnavailable(service, error);
      }
    }
  }

  /**
   * The answer, or a ServiceUnavailableError as soon as no instance holds the request any more.
   * From `firstAfterMs` on, the service's instances are asked every `everyMs` whether one holds
   * it; a question nobody answers within `answerWithinMs` (while no other question was answered
   * meanwhile) means its responder is gone. Answers already received are read before deciding,
   * so a caller whose own event loop was busy does not mistake its backlog for silence.
   */
  private whileHeld(answer: Promise<Msg>, service: string, requestKey: string): Promise<Msg> {
    const { firstAfterMs, everyMs, answerWithinMs } = this.watch;
    const subject = prefixed(this.options.prefix, inFlightSubject(service));
    const question = encoder.encode(requestKey);
    return new Promise<Msg>((resolve, reject) => {
      let settled = false;
      let lastHeldAt = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      answer.then(
        (msg) => settle(() => resolve(msg)),
        (error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
      const ask = () => {
        if (settled) return;
        const askedAt = performance.now();
        this.nc.request(subject, question, { timeout: answerWithinMs }).then(
          () => {
            lastHeldAt = performance.now();
          },
          (error: unknown) => {
            if (isNoResponders(error)) {
              settle(() => reject(new ServiceUnavailableError(service, 'no_responders')));
              return;
            }
            // Unanswered: decide once the answers that already arrived have been read (setImmediate
            // runs after this turn's I/O), and only if none came since this question was asked.
            setImmediate(() => {
              if (lastHeldAt < askedAt) settle(() => reject(new ServiceUnavailableError(service, 'responder_lost')));
            });
          },
        );
        timer = setTimeout(ask, everyMs);
      };
      timer = setTimeout(ask, firstAfterMs);
    });
  }
}

function isNoResponders(error: unknown): boolean {
  return error instanceof NoRespondersError || (error instanceof RequestError && error.isNoResponders());
}

/** The packet's response, or its error thrown as a RemoteError. */
function responseOf(packet: ReplyPacket): unknown {
  if (packet.err !== undefined && packet.err !== null) throw new RemoteError(asErrorPayload(packet.err));
  return packet.response;
}

function toUnavailable(service: string, error: unknown): Error {
  if (error instanceof ServiceUnavailableError) return error;
  if (error instanceof NoRespondersError) return new ServiceUnavailableError(service, 'no_responders');
  if (error instanceof TimeoutError) return new ServiceUnavailableError(service, 'timeout');
  if (error instanceof RequestError) {
    return new ServiceUnavailableError(service, error.isNoResponders() ? 'no_responders' : 'timeout');
  }
  if (error instanceof Error && /closed|disconnect/i.test(error.message)) {
    return new ServiceUnavailableError(service, 'disconnected');
  }
  return error instanceof Error ? error : new Error(String(error));
}

function asErrorPayload(err: unknown): ErrorPayload {
  if (typeof err === 'object' && err !== null && 'code' in err && 'status' in err) return err as ErrorPayload;
  return { code: 'internal_error', message: 'Something went wrong', status: 500 };
}
