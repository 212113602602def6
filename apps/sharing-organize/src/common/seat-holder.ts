import { can, type Capability } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { SharingErrors } from './sharing.errors.js';

/** Whose seats: a person's own, or a company's (docs/permissions.md, "Seats and shares"). */
export interface SeatHolder {
  /** `user:<id>` or `company:<id>`: the pool key of seat_grants and share_items. */
  key: string;
  kind: 'person' | 'company';
  /** The acting user. */
  userId: string;
  companyId: string | null;
}

/** Roles whose purchases are their company's seats (when they belong to a company). */
export const COMPANY_BUYER_ROLES: readonly string[] = ['company', 'training_manager', 'coordinator', 'commercial_manager'];

export function personKey(userId: string): string {
  return `user:${userId}`;
}

export function companyKey(companyId: string): string {
  return `company:${companyId}`;
}

/**
 * The seats the actor of `ctx` works with, checking `capability` on them: a company's people who
 * organize its training (`course.organize` in that company) use the company's seats; everyone
 * else their own. 401 for no actor, 403 when the capability is refused.
 */
export function seatHolderOf(ctx: RequestContext, capability: Extract<Capability, 'share.send' | 'share.recall'>): SeatHolder {
  const actor = ctx.actor;
  if (!actor) throw SharingErrors.signInRequired();
  if (actor.companyId && can(ctx, 'course.organize', { companyId: actor.companyId })) {
    if (!can(ctx, capability)) throw SharingErrors.forbidden();
    return { key: companyKey(actor.companyId), kind: 'company', userId: actor.userId, companyId: actor.companyId };
  }
  if (!can(ctx, capability, { ownerId: actor.userId })) throw SharingErrors.forbidden();
  return { key: personKey(actor.userId), kind: 'person', userId: actor.userId, companyId: actor.companyId };
}

/** The learner of `ctx` (receiving shares, activating tickets): 401 without one, 403 without `share.receive`. */
export function learnerOf(ctx: RequestContext): { userId: string; companyId: string | null; isCompany: boolean } {
  const actor = ctx.actor;
  if (!actor) throw SharingErrors.signInRequired();
  if (!can(ctx, 'share.receive', { ownerId: actor.userId })) throw SharingErrors.forbidden();
  return { userId: actor.userId, companyId: actor.companyId, isCompany: actor.companyId !== null && actor.roles.some((r) => COMPANY_BUYER_ROLES.includes(r)) };
}
