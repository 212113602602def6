import type { ErrorPayload, RpcDefinition, RpcRequest, RpcResponse } from '@aero/contracts';
import { RemoteError, ServiceUnavailableError } from '@aero/backend-errors';
import { CORRELATION_HEADER, currentCorrelationId } from '@aero/backend-observability';
import { headers, type NatsConnection, RequestError, TimeoutError, NoRespondersError } from '@nats-io/transport-node';
import { prefixed } from '../subjects.js';

/** The reply packet of Nest's NATS transport. */
interface ReplyPacket {
  id: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

export interface RpcClientOptions {
  prefix: string;
  timeoutMs: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The one way to call another service: `rpc.call(CatalogRpc.ListProducts, {})`.
 * It speaks Nest's NATS packet format directly (no RxJS per call) and turns transport failures
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
    const packet = JSON.parse(decoder.decode(reply.data)) as ReplyPacket;
    if (packet.err !== undefined && packet.err !== null) {
      throw new RemoteError(asErrorPayload(packet.err));
    }
    return packet.response as RpcResponse<D>;
  }
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
