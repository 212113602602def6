import type { CartOwner } from '@aero/contracts';
import type { RequestSession } from '../session/request-session.js';

/** The cart's owner comes from the session only, never from the request body. */
export async function cartOwner(session: RequestSession): Promise<CartOwner> {
  return { sessionId: session.id, userId: (await session.get('userId')) ?? null };
}
