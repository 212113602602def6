/**
 * What the gateway keeps about a client between requests. Every field is optional: a visitor's
 * session starts empty. Add fields here as features need them; values must be JSON.
 */
export interface SessionData {
  /** The signed-in user (accounts-invitations). */
  userId?: string;
  /** The visitor's or user's cart (catalog-cart). */
  cartId?: string;
}
