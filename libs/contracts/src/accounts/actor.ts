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
}

/** Whose data an action touches, for the scope rules of a capability (docs/permissions.md). */
export interface ResourceScope {
  /** The user who owns it (scope `own`). */
  ownerId?: string | null;
  /** The company it belongs to (scope `own_company`). */
  companyId?: string | null;
}
