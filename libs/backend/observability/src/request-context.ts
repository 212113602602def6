import type { AccountStatus, Actor, ClientSession } from '@aero/contracts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What follows one user request through the gateway, RPC calls, events and jobs: who is acting,
 * in which language, and the correlation id of every log line. The gateway opens it per HTTP
 * request; the RPC client sends it in NATS headers and the RPC server opens it again around the
 * handler, so a service reads the actor from here (`@Ctx()` in a handler) and never from the
 * payload. A service method takes it first; one that must run in a transaction takes a
 * `TxContext` (backend-persistence), which carries the transaction.
 */
export interface RequestContext {
  correlationId: string;
  /** The event or message that caused the current work, when there is one. */
  causationId?: string;
  /** The signed-in user on whose behalf this runs; null or absent for visitors and background work. */
  actor?: Actor | null;
  /** The client's language (e.g. `en`), for texts a service writes. */
  locale?: string;
  /**
   * The client's session, when the work is about what belongs to it whoever the client is (a
   * visitor's cart): the gateway sets it on the routes that need it (`setSession`).
   */
  session?: ClientSession | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const CORRELATION_HEADER = 'x-correlation-id';
/** The acting user (see encodeActor), on RPC requests. */
export const ACTOR_HEADER = 'x-actor';
export const LOCALE_HEADER = 'x-locale';
/** The client's session (see encodeSession), on the RPC requests of routes that set it. */
export const SESSION_HEADER = 'x-session';

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current context, or a fresh one (no actor) for work that starts outside any request. */
export function requireContext(): RequestContext {
  return storage.getStore() ?? { correlationId: randomUUID() };
}

/** The current correlation id, or a fresh one for work that starts outside any request. */
export function currentCorrelationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}

/**
 * Records who is acting in the current context (the gateway, once it has read the signed-in
 * user): every RPC made from here on carries it.
 */
export function setActor(actor: Actor | null): void {
  const context = storage.getStore();
  if (context) context.actor = actor;
}

/**
 * Records the client's session in the current context (the gateway, on the routes whose work
 * belongs to the session, such as the cart): every RPC made from here on carries it.
 */
export function setSession(session: ClientSession | null): void {
  const context = storage.getStore();
  if (context) context.session = session;
}

/** The actor as one header value (JSON). */
export function encodeActor(actor: Actor): string {
  return JSON.stringify({
    userId: actor.userId,
    companyId: actor.companyId,
    roles: actor.roles,
    status: actor.status,
    ...(actor.email !== undefined ? { email: actor.email } : {}),
    ...(actor.name !== undefined ? { name: actor.name } : {}),
  });
}

/** The actor of a header value; null when absent or not an actor (a malformed header grants nothing). */
export function decodeActor(value: string | null | undefined): Actor | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { userId, companyId, roles, status, email, name } = parsed as Record<string, unknown>;
  if (typeof userId !== 'string' || !userId) return null;
  if (companyId !== null && typeof companyId !== 'string') return null;
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')) return null;
  if (status !== null && typeof status !== 'string') return null;
  if (!isOptionalText(email) || !isOptionalText(name)) return null;
  return {
    userId,
    companyId,
    roles,
    status: status as AccountStatus | null,
    ...(email !== undefined ? { email } : {}),
    ...(name !== undefined ? { name } : {}),
  };
}

function isOptionalText(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string';
}

/** The session as one header value (JSON). */
export function encodeSession(session: ClientSession): string {
  return JSON.stringify({ id: session.id, userId: session.userId });
}

/** The session of a header value; null when absent or malformed. */
export function decodeSession(value: string | null | undefined): ClientSession | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { id, userId } = parsed as Record<string, unknown>;
  if (typeof id !== 'string' || !id) return null;
  if (userId !== null && (typeof userId !== 'string' || !userId)) return null;
  return { id, userId };
}
