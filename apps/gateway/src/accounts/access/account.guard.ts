import { can, type Capability } from '@aero/contracts';
import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { NOT_ALLOWED_MESSAGE, REQUIRED_CAPABILITY, setActor, SIGN_IN_REQUIRED_MESSAGE } from './account-access.js';
import { SignedInUsers } from './signed-in-users.js';

/**
 * Applied by @SignedIn() and @Can(): 401 without a signed-in user (unless the capability is one
 * visitors hold), 403 when `can()` of the shared permission matrix refuses the user's roles and
 * account status. The services check the actor again; this answers early and uniformly.
 */
@Injectable()
export class AccountGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: SignedInUsers,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const capability = this.reflector.getAllAndOverride<Capability | undefined>(REQUIRED_CAPABILITY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const user = await this.users.of(request);
    if (!user) {
      if (capability && can(null, capability)) return true;
      throw new UnauthorizedException({ message: SIGN_IN_REQUIRED_MESSAGE });
    }
    if (capability && !can(user.roles, capability, { status: user.status })) {
      throw new ForbiddenException({ message: NOT_ALLOWED_MESSAGE });
    }
    setActor(request, user);
    return true;
  }
}
