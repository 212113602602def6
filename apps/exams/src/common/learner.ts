import { can, type Capability } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { LearningErrors } from './learning.errors.js';

/** The signed-in user of `ctx` acting on their own learning: 401 without one, 403 without `capability`. */
export function learnerOf(ctx: RequestContext, capability: Extract<Capability, 'course.learn' | 'question.ask'> = 'course.learn'): { userId: string } {
  const actor = ctx.actor;
  if (!actor) throw LearningErrors.signInRequired();
  if (!can(ctx, capability, { ownerId: actor.userId })) throw LearningErrors.forbidden();
  return { userId: actor.userId };
}

/** The instructor of `ctx` (`question.answer`): 401 without one, 403 without the capability. */
export function instructorOf(ctx: RequestContext): { userId: string } {
  const actor = ctx.actor;
  if (!actor) throw LearningErrors.signInRequired();
  if (!can(ctx, 'question.answer')) throw LearningErrors.forbidden();
  return { userId: actor.userId };
}
