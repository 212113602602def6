import { can, type AccountUserDto, type Capability } from '@aero/contracts';
import { useGetMeQuery } from './accounts.api.js';

export interface CurrentUser {
  /** The signed-in user, or null for a visitor (also while unknown or when `/api/me` failed). */
  user: AccountUserDto | null;
  /** The first answer of `/api/me` has not arrived yet. */
  isLoading: boolean;
}

/** The signed-in user (`GET /api/me`, cached under the `Me` tag). */
export function useCurrentUser(): CurrentUser {
  const { data, isLoading } = useGetMeQuery();
  return { user: data ?? null, isLoading };
}

/** May this user (null: a visitor) use the capability, given the account's status? */
export function userCan(user: AccountUserDto | null | undefined, capability: Capability): boolean {
  return can(user?.roles ?? [], capability, { status: user?.status ?? null });
}

/** Whether the current user (or visitor) holds a capability of docs/permissions.md. */
export function useCan(capability: Capability): boolean {
  return userCan(useCurrentUser().user, capability);
}
