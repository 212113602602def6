import { DomainError } from '@aero/backend-errors';
import { reportRequestSchema, reportScopeOf, ReportsErrorCode, ReportsMessages, type ActingContext, type ReportName, type ReportScope } from '@aero/contracts';
import { ZodPayload } from './zod-payload.js';

/**
 * Whose rows a report call may read, from the request context: 401 without an actor, 403 when
 * the actor may not read reports (`reportScopeOf`). The first step of every report service.
 */
export function reportScope(ctx: ActingContext): ReportScope {
  if (!ctx.actor) throw new DomainError(ReportsErrorCode.Unauthenticated, ReportsMessages.signInRequired, 401);
  const scope = reportScopeOf(ctx);
  if (!scope) throw new DomainError(ReportsErrorCode.Forbidden, ReportsMessages.forbidden, 403);
  return scope;
}

/**
 * The handler parameter of a report page request, parsed with the report's schema (its sort
 * whitelist, defaults filled): `page(@Ctx() ctx, @ReportPayload('wallet-movements') query: ReportQuery<'wallet-movements'>)`.
 */
export function ReportPayload(report: ReportName): ParameterDecorator {
  return ZodPayload(reportRequestSchema(report));
}
