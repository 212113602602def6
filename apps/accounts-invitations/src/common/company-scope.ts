import { can, EmployeeErrorCode, EmployeeMessages, type Capability } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { AccountErrors } from './account-errors.js';

/*
 * The rules every company-scoped call (employees, groups, invitations) starts with: who is acting
 * comes from the request context (the gateway read the signed-in user), the capability is the one
 * check of permissions.ts, and the company is the actor's own.
 */

/** The acting user's company, once the capability is granted: 401 for a visitor, 403 without it or without a company. */
export function actingCompany(ctx: RequestContext, capability: Capability): { companyId: string; userId: string } {
  if (!ctx.actor) throw AccountErrors.unauthenticated();
  if (!can(ctx, capability)) throw AccountErrors.forbidden();
  if (!ctx.actor.companyId) throw new DomainError(EmployeeErrorCode.NoCompany, EmployeeMessages.noCompany, 403);
  return { companyId: ctx.actor.companyId, userId: ctx.actor.userId };
}

/**
 * May the actor touch this record of `companyId`? When not, the record is answered as unknown
 * (404): an id of another company reveals nothing, not even that it exists.
 */
export function inScope(ctx: RequestContext, capability: Capability, companyId: string): boolean {
  return Boolean(ctx.actor) && can(ctx, capability, { companyId });
}

/** The capability without a record yet (a record-by-id call): 401 for a visitor, 403 without it. */
export function requireCapability(ctx: RequestContext, capability: Capability): string {
  if (!ctx.actor) throw AccountErrors.unauthenticated();
  if (!can(ctx, capability)) throw AccountErrors.forbidden();
  return ctx.actor.userId;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The pagination meta of a list page (learning §3). */
export function paginationOf(total: number, count: number, perPage: number, page: number) {
  return { total, count, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) };
}
