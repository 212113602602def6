import type { RequestContext } from '@aero/backend-observability';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * A request context inside a transaction. A service method that must run in one takes a
 * `TxContext` first and writes through `ctx.tx`: the type says so, and a caller without a
 * transaction cannot call it by mistake (nothing quietly runs outside one).
 */
export interface TxContext extends RequestContext {
  readonly tx: EntityManager;
}

/** True when the context already carries a transaction. */
export function hasTransaction(ctx: RequestContext): ctx is TxContext {
  return 'tx' in ctx && (ctx as Partial<TxContext>).tx !== undefined;
}

/**
 * Runs `work` in a transaction with the context: the caller's transaction when `ctx` has one
 * (so methods compose into one commit), else a new one, committed when `work` resolves and
 * rolled back when it throws.
 */
export function inTransaction<T>(dataSource: DataSource, ctx: RequestContext, work: (ctx: TxContext) => Promise<T>): Promise<T> {
  if (hasTransaction(ctx)) return work(ctx);
  return dataSource.transaction((tx) => work({ ...ctx, tx }));
}
