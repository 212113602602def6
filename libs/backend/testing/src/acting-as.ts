import type { Actor } from '@aero/contracts';
import { runWithContext } from '@aero/backend-observability';
import { randomUUID } from 'node:crypto';

/**
 * Runs `work` (RPC calls) as the gateway does for a signed-in user: inside a request context
 * whose actor every call carries. `null` runs it as a visitor.
 */
export function actingAs<T>(actor: Partial<Actor> | null, work: () => Promise<T>): Promise<T> {
  const full: Actor | null = actor
    ? { userId: actor.userId ?? randomUUID(), companyId: actor.companyId ?? null, roles: actor.roles ?? [], status: actor.status ?? null }
    : null;
  return runWithContext({ correlationId: randomUUID(), actor: full }, work);
}
