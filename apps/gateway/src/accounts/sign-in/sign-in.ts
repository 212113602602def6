import type { RequestSession } from '../../session/request-session.js';

/**
 * Puts the user in the session the way every sign-in does (login, registration): a new session
 * id first, so an id planted in the browser beforehand is worth nothing; then the user; then the
 * remember-me cookie, or none (a token left from an earlier user of this browser stops working).
 * The cart stays reachable: a user's cart is keyed by the user id, not by the session id.
 */
export async function signIn(session: RequestSession, userId: string, remember: boolean): Promise<void> {
  await session.regenerate();
  await session.set({ userId });
  await session.remember(remember ? userId : null);
}
