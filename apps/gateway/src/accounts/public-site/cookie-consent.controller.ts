import { AccountsRpc, cookieConsentRequestSchema, messageAnswerSchema } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, HttpCode, Post, Req, Session } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { apiSchema } from '../../openapi/zod-schemas.js';
import { carryClientSession } from '../../session/client-session.js';
import type { RequestSession } from '../../session/request-session.js';
import { ZodBody, type SentFields } from '../../validation/zod-params.js';
import { SignedInUsers } from '../access/signed-in-users.js';
import { AccountRoutes } from '../account-routes.decorator.js';

/** The cookie banner and preferences modal (shop §2 "Consent and notices", §4 "Cookie consent"). */
@ApiTags('consent')
@AccountRoutes()
@Controller('cookie-consent')
export class CookieConsentController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly users: SignedInUsers,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Record the cookie consent (necessary, statistics, social) of the visitor session, and of the user when signed in' })
  @ApiOkResponse({ schema: apiSchema(messageAnswerSchema) })
  @ApiUnprocessableEntityResponse({ description: 'errors.necessary: necessary cookies cannot be refused' })
  async record(@Req() request: FastifyRequest, @Session() session: RequestSession, @ZodBody(cookieConsentRequestSchema, { check: 'fields' }) body: SentFields<typeof cookieConsentRequestSchema>): Promise<{ message: string }> {
    // The signed-in user, when there is one, becomes the call's actor; the session travels with it too.
    await this.users.of(request);
    await carryClientSession(session);
    const { message } = await this.rpc.call(AccountsRpc.RecordConsent, {
      necessary: body.necessary,
      statistics: body.statistics,
      social: body.social,
    });
    return { message };
  }
}
