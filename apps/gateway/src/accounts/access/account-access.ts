import type { AccountUserDto } from '@aero/contracts';
import type { FastifyRequest } from 'fastify';

/** 401 of a route that needs a signed-in user. */
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';
/** 403 of a route whose capability the user's roles (or restriction) do not grant. */
export const NOT_ALLOWED_MESSAGE = 'You are not allowed to do this.';

/** Metadata key of @Can(). */
export const REQUIRED_CAPABILITY = 'aero:required-capability';

/** Users that passed AccountGuard, for @Actor() (which cannot wait for a promise). */
const actors = new WeakMap<FastifyRequest, AccountUserDto>();

export function setActor(request: FastifyRequest, user: AccountUserDto): void {
  actors.set(request, user);
}

export function actorOf(request: FastifyRequest): AccountUserDto {
  const user = actors.get(request);
  if (!user) throw new Error('@Actor() needs @SignedIn() or @Can() on the route');
  return user;
}
