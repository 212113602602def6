import type { AccountStatus } from './roles.js';

/**
 * Who is acting: the signed-in user on whose behalf a request runs, as the gateway knows them
 * (session and GetUser). It travels with every call (RPC headers, see the backend's
 * RequestContext), so no request payload has to name its actor.
 */
export interface Actor {
  userId: string;
  /** The company the user belongs to (company admin, employee, company staff), or null. */
  companyId: string | null;
  roles: readonly string[];
  /** The account's effective status: a restricted account loses capabilities (permissions.ts). */
  status: AccountStatus | null;
  /** The user's e-mail address (the buyer's, on an order). */
  email?: string | null;
  /** The user's full name (the buyer's, printed on the invoice). */
  name?: string | null;
}

/**
 * The client's session as the gateway knows it: its opaque id, and the user signed in on it
 * (null for a visitor). What belongs to the session whoever the client is (the cart) is known by
 * it; a session's user is not checked against accounts (the actor is the checked user).
 */
export interface ClientSession {
  id: string;
  userId: string | null;
}

/** Whose data an action touches, for the scope rules of a capability (docs/permissions.md). */
export interface ResourceScope {
  /** The user who owns it (scope `own`). */
  ownerId?: string | null;
  /** The company it belongs to (scope `own_company`). */
  companyId?: string | null;
}
