import {
  AccountsRpc,
  ContentRpc,
  messageRedirectAnswerSchema,
  TERMS_ARTICLE_SLUG,
  termsAcceptanceRequestSchema,
  termsAnswerSchema,
  type AccountUserDto,
  type TermsAcceptanceRequest,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { apiSchema } from '../../openapi/zod-schemas.js';
import { ZodBody } from '../../validation/zod-params.js';
import { Actor } from '../access/access.decorators.js';
import { AccountRoutes } from '../account-routes.decorator.js';
import { CapabilityRoute } from '../../http/route-verb.js';

/** The terms-and-conditions acceptance form (shop §2 "Registration and terms"). */
@ApiTags('terms')
@AccountRoutes()
@Controller()
export class TermsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/terms')
  @ApiOperation({ summary: 'The terms-and-conditions page body and its version (catalog-cart article terms-and-conditions)' })
  @ApiOkResponse({ schema: apiSchema(termsAnswerSchema) })
  async terms(): Promise<{ data: { body: string; version: string } }> {
    const { data } = await this.rpc.call(ContentRpc.Article, { slug: TERMS_ARTICLE_SLUG });
    return { data: { body: data.body, version: data.updated_at } };
  }

  @CapabilityRoute('POST', 'terms/accept', 'profile.manage_own', 'Accept the terms and conditions (recorded with version and time)')
  @ApiOkResponse({ schema: apiSchema(messageRedirectAnswerSchema), description: 'redirect: the given path on this site, else /' })
  @ApiUnprocessableEntityResponse({ description: 'errors.terms_and_conditions when not ticked' })
  async accept(@Actor() user: AccountUserDto, @ZodBody(termsAcceptanceRequestSchema, { pass: 'sent' }) body: TermsAcceptanceRequest): Promise<{ message: string; redirect: string }> {
    const { message, redirect } = await this.rpc.call(AccountsRpc.AcceptTerms, {
      terms_and_conditions: body.terms_and_conditions,
      redirect: body.redirect,
    });
    return { message, redirect };
  }
}
