import {
  AccountsRpc,
  isTicked,
  loginAnswerSchema,
  loginRequestSchema,
  meAnswerSchema,
  redirectOnlyAnswerSchema,
  type AccountUserDto,
  type LoginRequest,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, HttpCode, Post, Req, Res, Session } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiSchema } from '../../openapi/zod-schemas.js';
import { carryClientSession } from '../../session/client-session.js';
import type { RequestSession } from '../../session/request-session.js';
import { ZodBody } from '../../validation/zod-params.js';
import { SignedInUsers } from '../access/signed-in-users.js';
import { AccountRoutes } from '../account-routes.decorator.js';
import { LOGIN_LIMITS, LoginThrottle } from './login-throttle.js';
import { signIn } from './sign-in.js';

/** Where a user goes after signing in. */
export const SIGNED_IN_REDIRECT = '/';

/** Sign in and out, and who is signed in (learning §2 login, §8 Login). */
@ApiTags('accounts')
@AccountRoutes()
@Controller()
export class SignInController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly users: SignedInUsers,
    private readonly throttle: LoginThrottle,
  ) {}

  @Get('api/me')
  @ApiOperation({ summary: 'The signed-in user, or null for a visitor (a session whose account is gone is signed out)' })
  @ApiOkResponse({ schema: apiSchema(meAnswerSchema) })
  async me(@Req() request: FastifyRequest): Promise<{ data: AccountUserDto | null }> {
    return { data: await this.users.of(request) };
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in; the visitor cart joins the user cart; remember keeps the browser signed in for 3 years',
    description:
      `Throttled in Redis: ${LOGIN_LIMITS.account.limit} failures per account and ${LOGIN_LIMITS.address.limit} per address ` +
      `within ${LOGIN_LIMITS.account.windowSeconds} s. A success clears the account's count.`,
  })
  @ApiOkResponse({ schema: apiSchema(loginAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: "errors.email = ['Credentials do not match.']" })
  @ApiTooManyRequestsResponse({ description: "{ message: 'Too many attempts, retry in {seconds} seconds' } and Retry-After" })
  @ApiServiceUnavailableResponse({ description: 'accounts-invitations did not answer' })
  async login(
    @Session() session: RequestSession,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @ZodBody(loginRequestSchema, { pass: 'sent' }) body: LoginRequest,
  ): Promise<{ data: AccountUserDto; redirect: string }> {
    // The visitor's session travels in the request context: the service merges its cart into the user's (CartRpc.Merge).
    await carryClientSession(session);
    const { data } = await this.throttle.attempt(body.email, request.ip, reply, () =>
      this.rpc.call(AccountsRpc.Authenticate, { email: body.email, password: body.password }),
    );
    await signIn(session, data, isTicked(body.remember));
    return { data, redirect: SIGNED_IN_REDIRECT };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: ends the session and forgets the remember-me token' })
  @ApiOkResponse({ schema: apiSchema(redirectOnlyAnswerSchema) })
  async logout(@Session() session: RequestSession): Promise<{ redirect: string }> {
    await session.destroy();
    return { redirect: '/' };
  }
}
