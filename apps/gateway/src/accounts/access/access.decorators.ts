import type { AccountUserDto, Capability } from '@aero/contracts';
import { applyDecorators, createParamDecorator, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { actorOf, NOT_ALLOWED_MESSAGE, REQUIRED_CAPABILITY, SIGN_IN_REQUIRED_MESSAGE } from './account-access.js';
import { AccountGuard } from './account.guard.js';

/** The route needs a signed-in user (401 `{ message: 'Please sign in to continue.' }`). */
export const SignedIn = (): MethodDecorator & ClassDecorator =>
  applyDecorators(UseGuards(AccountGuard), ApiUnauthorizedResponse({ description: SIGN_IN_REQUIRED_MESSAGE }));

/**
 * The route needs this capability of docs/permissions.md: 403 `{ message: 'You are not allowed
 * to do this.' }` otherwise; 401 for a visitor unless visitors hold it.
 */
export const Can = (capability: Capability): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(REQUIRED_CAPABILITY, capability),
    UseGuards(AccountGuard),
    ApiUnauthorizedResponse({ description: SIGN_IN_REQUIRED_MESSAGE }),
    ApiForbiddenResponse({ description: `${NOT_ALLOWED_MESSAGE} (needs \`${capability}\`)` }),
  );

/** The signed-in user the guard let through: the only source of `actorId`. */
export const Actor = createParamDecorator((_data: unknown, context: ExecutionContext): AccountUserDto =>
  actorOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
