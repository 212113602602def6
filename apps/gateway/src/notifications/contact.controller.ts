import { contactRequestSchema, ContactRpc, notificationsMessageSchema } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, HttpCode, Ip, Post, Session } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { apiSchema } from '../openapi/zod-schemas.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { carryClientSession } from '../session/client-session.js';
import type { RequestSession } from '../session/request-session.js';
import { ZodBody, type SentFields } from '../validation/zod-params.js';

/**
 * Counted per address: the form is public, so a session proves nothing. Every attempt counts
 * (also one with errors), with room for a visitor who corrects the form a few times.
 */
export const CONTACT_RATE_LIMIT = {
  name: 'contact-us',
  limit: 10,
  windowSeconds: 600,
  by: 'ip',
  message: 'Too many requests. Please try again in {seconds} seconds.',
} as const;

/**
 * The classroom-training contact form (spec: shop §2 "Get in Touch", §5). Public. Only the form's
 * own fields pass; the notifications service checks them all (the country against its list, the
 * captcha with the provider) and answers every field at once.
 */
@ApiTags('contact')
@Controller()
export class ContactController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('classroom-training/contact-us')
  @HttpCode(200)
  @RateLimit(CONTACT_RATE_LIMIT)
  @ApiOperation({ summary: 'Send a classroom-training quote request (stored and e-mailed to sales)' })
  @ApiOkResponse({ schema: apiSchema(notificationsMessageSchema) })
  @ApiUnprocessableEntityResponse({ description: "'Some fields contain errors. Please correct them and try again.' with errors per field" })
  @ApiTooManyRequestsResponse({ description: 'More than 10 requests from one address in 10 minutes' })
  async contactUs(@Session() session: RequestSession, @Ip() ip: string, @ZodBody(contactRequestSchema, { check: 'fields' }) body: SentFields<typeof contactRequestSchema>): Promise<{ message: string }> {
    // The request is the session user's when someone is signed in (the call carries the session).
    await carryClientSession(session);
    return this.rpc.call(ContactRpc.Submit, {
      is_private_person: body.is_private_person,
      name: body.name,
      email: body.email,
      company: body.company,
      phone: body.phone,
      country: body.country,
      courses_request: body.courses_request,
      starting_date: body.starting_date,
      group_size: body.group_size,
      g_recaptcha_token: body.g_recaptcha_token,
      remoteIp: ip,
    });
  }
}
