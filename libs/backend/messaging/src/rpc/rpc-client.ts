import type { ErrorPayload, RpcDefinition, RpcRequest, RpcResponse } from '@aero/contracts';
import { RemoteError, ServiceUnavailableError } from '@aero/backend-errors';
import { CORRELATION_HEADER, currentCorrelationId } from '@aero/backend-observability';
import { headers, type NatsConnection, RequestError, TimeoutError, NoRespondersError } from '@nats-io/transport-node';
import { prefixed } from '../subjects.js';
import { rawResponseText, type ReplyPacket } from './reply-packet.js';

export interface RpcClientOptions {
  prefix: string;
  timeoutMs: number;
}

/** The JSON text of a value of type T, passed on without being parsed. */
export type RawJson<T> = string & { readonly __rawJsonOf?: T };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The one way to call another service: `rpc.call(CatalogRpc.ListProducts, {})` (or `callRaw` to
 * get the answer's JSON text). It speaks Nest's NATS packet format directly (no RxJS per call) and turns transport failures
 * into ServiceUnavailableError and domain failures into RemoteError.
 */
export class RpcClient {
  private nextId = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: RpcClientOptions,
  ) {}

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

  private async request<D extends RpcDefinition<unknown, unknown>>(
    definition: D,
    request: RpcRequest<D>,
    options: { timeoutMs?: number },
  ): Promise<{ text: string; id: string }> {
    const id = String(++this.nextId);
    const hdrs = headers();
    hdrs.set(CORRELATION_HEADER, currentCorrelationId());
    const service = definition.pattern.split('.')[0];
    let reply;
    try {
      reply = await this.nc.request(
        prefixed(this.options.prefix, definition.pattern),
        encoder.encode(JSON.stringify({ pattern: definition.pattern, data: request, id })),
        { timeout: options.timeoutMs ?? this.options.timeoutMs, headers: hdrs },
      );
    } catch (error) {
      throw toUnavailable(service, error);
    }
    return { text: decoder.decode(reply.data), id };
  }
}

/** The packet's response, or its error thrown as a RemoteError. */
function responseOf(packet: ReplyPacket): unknown {
  if (packet.err !== undefined && packet.err !== null) throw new RemoteError(asErrorPayload(packet.err));
  return packet.response;
}

function toUnavailable(service: string, error: unknown): Error {
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
