import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What follows one user request through the gateway, RPC calls, events and jobs. */
export interface RequestContext {
  correlationId: string;
  /** The event or message that caused the current work, when there is one. */
  causationId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const CORRELATION_HEADER = 'x-correlation-id';

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current correlation id, or a fresh one for work that starts outside any request. */
export function currentCorrelationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}
