import type { Actor } from '@aero/contracts';
import { runWithContext } from '@aero/backend-observability';
import { randomUUID } from 'node:crypto';

function fullActor(actor: Partial<Actor>): Actor {
  return {
    ...actor,
    userId: actor.userId ?? randomUUID(),
    companyId: actor.companyId ?? null,
    roles: actor.roles ?? [],
    status: actor.status ?? null,
  };
}

/**
 * Runs `work` (RPC calls) as the gateway does for a signed-in user: inside a request context
 * whose actor every call carries. `null` runs it as a visitor.
 */
export function actingAs<T>(actor: Partial<Actor> | null, work: () => Promise<T>): Promise<T> {
  return runWithContext({ correlationId: randomUUID(), actor: actor ? fullActor(actor) : null }, work);
}

/**
 * Runs `work` as the gateway does on a route whose work belongs to the client's session (the
 * cart, placing an order): every call carries the session, and with `actor` its signed-in user
 * (the session's user) as the actor. `null`: a visitor's session.
 */
export function inSession<T>(sessionId: string, actor: Partial<Actor> | null, work: () => Promise<T>): Promise<T> {
  const full = actor ? fullActor(actor) : null;
  return runWithContext({ correlationId: randomUUID(), actor: full, session: { id: sessionId, userId: full?.userId ?? null } }, work);
}
