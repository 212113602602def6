import type { AccountUserDto } from '@aero/contracts';
import type { RequestSession } from '../../session/request-session.js';
import type { SessionUser } from '../../session/session-data.js';

/**
 * Puts the user in the session the way every sign-in does (login, registration): a new session
 * id first, so an id planted in the browser beforehand is worth nothing; then the user and their
 * session generation; then the remember-me cookie, or none (a token left from an earlier user of
 * this browser stops working). The cart stays reachable: a user's cart is keyed by the user id,
 * not by the session id.
 */
export async function signIn(session: RequestSession, user: AccountUserDto, remember: boolean): Promise<void> {
  const signedIn = sessionUserOf(user);
  await session.regenerate();
  await session.set(signedIn);
  await session.remember(remember ? signedIn : null);
}

/** What a session keeps of the user it is signed in as. */
export function sessionUserOf(user: AccountUserDto): SessionUser {
  return { userId: user.id, sessionVersion: user.session_version };
}
