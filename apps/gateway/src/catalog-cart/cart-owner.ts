import { setSession } from '@aero/backend-observability';
import type { RequestSession } from '../session/request-session.js';

/**
 * The cart belongs to the client's session (a visitor's, or the user signed in on it): every RPC
 * of this request carries it in its request context, read from the session only, never from the
 * request body.
 */
export async function carryCartSession(session: RequestSession): Promise<void> {
  setSession({ id: session.id, userId: (await session.get('userId')) ?? null });
}
