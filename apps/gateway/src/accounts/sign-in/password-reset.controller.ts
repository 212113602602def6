import {
  AccountsRpc,
  messageAnswerSchema,
  messageRedirectAnswerSchema,
  passwordResetLinkRequestSchema,
  passwordResetRequestSchema,
  type PasswordResetLinkRequest,
  type PasswordResetRequest,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, HttpCode, Post, Session } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { apiSchema } from '../../openapi/zod-schemas.js';
import { RateLimit } from '../../rate-limit/rate-limit.decorator.js';
import type { RequestSession } from '../../session/request-session.js';
import { ZodBody } from '../../validation/zod-params.js';
import { AccountRoutes } from '../account-routes.decorator.js';
import { sessionUserOf } from './sign-in.js';

/** Password reset by e-mail link (learning §2, §8 "Password reset"). */
@ApiTags('accounts')
@AccountRoutes()
@Controller('password')
export class PasswordResetController {
  constructor(private readonly rpc: RpcClient) {}

  /** The answer tells whether an address has an account (the spec's "user not found"): hence the limit per address. */
  @Post('email')
  @HttpCode(200)
  @RateLimit({ name: 'password-reset', limit: 5, windowSeconds: 600, by: 'ip' })
  @ApiOperation({ summary: 'E-mail a password reset link (5 requests per address within 10 minutes)' })
  @ApiOkResponse({ schema: apiSchema(messageAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: "errors.email, e.g. \"We can't find a user with that email address.\"" })
  @ApiTooManyRequestsResponse({ description: 'Retry in {seconds} seconds' })
  async requestReset(@ZodBody(passwordResetLinkRequestSchema, { pass: 'sent' }) body: PasswordResetLinkRequest): Promise<{ message: string }> {
    const { message } = await this.rpc.call(AccountsRpc.RequestPasswordReset, { email: body.email });
    return { message };
  }

  @Post('reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the reset link; every session and remember-me token of the account stops working' })
  @ApiOkResponse({ schema: apiSchema(messageRedirectAnswerSchema), description: 'redirect: /login' })
  @ApiUnprocessableEntityResponse({ description: 'errors.email for an invalid, expired or used link; password rules' })
  async reset(@Session() session: RequestSession, @ZodBody(passwordResetRequestSchema, { pass: 'sent' }) body: PasswordResetRequest): Promise<{ message: string; redirect: string }> {
    const { message, data } = await this.rpc.call(AccountsRpc.ResetPassword, {
      token: body.token,
      email: body.email,
      password: body.password,
      password_confirmation: body.password_confirmation,
    });
    // Whoever knew the old password may hold a session or a remember-me cookie: the new session
    // generation (in `data`) signs every session out at its next request, this one included;
    // the remember-me tokens are deleted now.
    await session.endRememberedLogins(sessionUserOf(data));
    return { message, redirect: '/login' };
  }
}
