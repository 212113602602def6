import {
  AccountsRpc,
  CartRpc,
  messageAnswerSchema,
  messageRedirectAnswerSchema,
  registrationRequestSchema,
  verifyEmailRequestSchema,
  type AccountUserDto,
  type RegistrationRequest,
  type VerifyEmailRequestBody,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, HttpCode, Post, Res, Session } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GatewayInfra } from '../../gateway-infra.js';
import { apiSchema } from '../../openapi/zod-schemas.js';
import { RateLimit } from '../../rate-limit/rate-limit.decorator.js';
import { RateLimiter } from '../../rate-limit/rate-limiter.js';
import { TooManyRequestsException } from '../../rate-limit/too-many-requests.exception.js';
import { carryClientSession } from '../../session/client-session.js';
import type { RequestSession } from '../../session/request-session.js';
import { ZodBody } from '../../validation/zod-params.js';
import { Actor, Can, SignedIn } from '../access/access.decorators.js';
import { AccountRoutes } from '../account-routes.decorator.js';
import { signIn } from './sign-in.js';

/** How long registration waits for the cart merge before answering without it. */
const CART_MERGE_TIMEOUT_MS = 2000;
/** Resending the verification link: per user, so signing in again does not reset it. */
const RESEND_LIMIT = { name: 'verification-resend', limit: 3, windowSeconds: 600 } as const;

/** Registration and e-mail verification (shop §2 "Registration and terms", learning §2). */
@ApiTags('accounts')
@AccountRoutes()
@Controller()
export class RegistrationController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limiter: RateLimiter,
    private readonly infra: GatewayInfra,
  ) {}

  @Post('register')
  @HttpCode(200)
  @Can('account.register')
  @RateLimit({ name: 'register', limit: 10, windowSeconds: 600, by: 'ip' })
  @ApiOperation({
    summary: 'Register a student or company account (or from an invitation) and sign in',
    description: 'The visitor cart joins the new account. 10 registrations per address within 10 minutes.',
  })
  @ApiOkResponse({ schema: apiSchema(messageRedirectAnswerSchema), description: 'redirect: the given path on this site, else /profile' })
  @ApiUnprocessableEntityResponse({ description: 'errors per field' })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations from this address' })
  async register(@Session() session: RequestSession, @ZodBody(registrationRequestSchema, { pass: 'sent' }) body: RegistrationRequest): Promise<{ message: string; redirect: string }> {
    const visitorSession = session.id;
    // The visitor's session travels in the request context (consents given in the form are recorded with it).
    await carryClientSession(session);
    const { message, redirect, data } = await this.rpc.call(AccountsRpc.Register, body);
    await this.mergeVisitorCart(visitorSession, data);
    await signIn(session, data, false);
    return { message, redirect };
  }

  @Post('email/verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify the e-mail address with the token of the verification link' })
  @ApiOkResponse({ schema: apiSchema(messageAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: 'errors.token: invalid, expired or already used' })
  async verifyEmail(@ZodBody(verifyEmailRequestSchema, { pass: 'sent' }) body: VerifyEmailRequestBody): Promise<{ message: string }> {
    const { message } = await this.rpc.call(AccountsRpc.VerifyEmail, { token: body.token });
    return { message };
  }

  @Post('email/verification-notification')
  @HttpCode(200)
  @SignedIn()
  @ApiOperation({ summary: 'Send a new verification link to the signed-in user (3 per 10 minutes)' })
  @ApiOkResponse({ schema: apiSchema(messageAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: 'errors.email: already verified' })
  @ApiTooManyRequestsResponse({ description: 'Retry in {seconds} seconds' })
  async resendVerification(@Actor() user: AccountUserDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ message: string }> {
    const hit = await this.limiter.hit(RESEND_LIMIT.name, user.id, RESEND_LIMIT.limit, RESEND_LIMIT.windowSeconds);
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfterSeconds));
      throw new TooManyRequestsException(hit.retryAfterSeconds);
    }
    const { message } = await this.rpc.call(AccountsRpc.ResendVerification, {});
    return { message };
  }

  /** Like sign-in does in the service: the visitor's cart is not lost by registering (best effort). */
  private async mergeVisitorCart(sessionId: string, user: AccountUserDto): Promise<void> {
    try {
      await this.rpc.call(CartRpc.Merge, { sessionId, userId: user.id }, { timeoutMs: CART_MERGE_TIMEOUT_MS });
    } catch (error) {
      this.infra.logger.warn({ err: error, userId: user.id }, 'cart merge at registration failed');
    }
  }
}
