/**
 * What the gateway keeps about a client between requests. Every field is optional: a visitor's
 * session starts empty. Add fields here as features need them; values must be JSON.
 */
export interface SessionData {
  /** The signed-in user (accounts-invitations). */
  userId?: string;
  /**
   * The user's session generation when this session signed in (`AccountUserDto.session_version`);
   * a password change or reset moves the user's on, which signs this session out.
   */
  sessionVersion?: number;
  /** The visitor's or user's cart (catalog-cart). */
  cartId?: string;
}

/** Who a signed-in session (or a remember-me token) stands for. */
export interface SessionUser {
  userId: string;
  sessionVersion: number;
}

/** The generation every account starts with. */
export const FIRST_SESSION_VERSION = 1;

/**
 * The generation a session signed in with. Sessions stored before generations existed have none:
 * they count as the first, which every account had then, so they stay signed in.
 */
export function sessionVersionOf(data: SessionData): number {
  return data.sessionVersion ?? FIRST_SESSION_VERSION;
}
