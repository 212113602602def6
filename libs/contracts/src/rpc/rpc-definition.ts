/**
 * A typed RPC definition: the NATS subject (pattern) plus phantom request/response types.
 * The gateway and services only ever refer to RPCs through these constants, so a pattern and
 * its payload types cannot disagree.
 */
export interface RpcDefinition<Req, Res> {
  readonly pattern: string;
  /** Phantom fields: never set at run time, only carry the types. */
  readonly _request?: Req;
  readonly _response?: Res;
}

export type RpcRequest<D> = D extends RpcDefinition<infer Req, unknown> ? Req : never;
export type RpcResponse<D> = D extends RpcDefinition<unknown, infer Res> ? Res : never;

export function defineRpc<Req, Res>(pattern: string): RpcDefinition<Req, Res> {
  return { pattern };
}

/** The services of the platform; each name is also its NATS queue group and RPC prefix. */
export const SERVICE_NAMES = [
  'catalog-cart',
  'payments',
  'sharing-organize',
  'exams',
  'accounts-invitations',
  'notifications',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
