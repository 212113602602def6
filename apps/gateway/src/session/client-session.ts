import { setSession } from '@aero/backend-observability';
import type { RequestSession } from './request-session.js';

/**
 * For the routes whose work belongs to the client's session whoever the client is (a visitor's
 * cart, the bonus popup, the contact form): every RPC of this request carries the session (its
 * id and the user signed in on it) in its request context, read from the session only, never
 * from the request body. A signed-in user that a route checks is the actor instead (the guards).
 */
export async function carryClientSession(session: RequestSession): Promise<void> {
  setSession({ id: session.id, userId: (await session.get('userId')) ?? null });
}
