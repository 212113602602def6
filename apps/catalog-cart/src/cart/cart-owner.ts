import type { RequestContext } from '@aero/backend-observability';

/**
 * Who a cart belongs to: visitors are known by their session; once a user signs in on it, the
 * cart follows the user (on any device).
 */
export interface CartOwner {
  sessionId: string;
  userId?: string | null;
}

/**
 * The cart a call is about: the client's session the request context carries (the gateway sets
 * it from its session, never from a request body), and the user signed in on it.
 */
export function cartOwnerOf(ctx: RequestContext): CartOwner {
  if (!ctx.session) throw new Error('a cart call needs the client session in its request context');
  return { sessionId: ctx.session.id, userId: ctx.session.userId };
}

/** A signed-in user's cart follows the user; a visitor's belongs to the session. */
export function ownerKey(owner: CartOwner): string {
  return owner.userId ? `user:${owner.userId}` : `session:${owner.sessionId}`;
}
