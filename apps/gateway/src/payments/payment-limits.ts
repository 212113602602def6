import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { PaymentRouteName } from '@aero/contracts';
import type { z } from 'zod';
import { Can } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import type { RateLimitOptions } from '../rate-limit/rate-limit.options.js';
import { routeOf } from './payment-routes.js';

/**
 * Calls that may wait on a payment provider (create, verify, capture) get longer than the
 * gateway's default RPC limit: payments gives each provider call PROVIDER_TIMEOUT_MS (10 s) and a
 * pay request may need two of them.
 */
export const PROVIDER_CALL = { timeoutMs: 20_000 } as const;

/**
 * Payment attempts per session: every pay route (card, PayPal, bank wire, wallet, free) shares
 * one count, so a script cannot try card numbers in a loop. Per session rather than per address:
 * a company behind one address has many buyers, and a signed-in session is tied to one account.
 */
export const PAYMENT_ATTEMPTS_LIMIT: RateLimitOptions = {
  name: 'payment-attempts',
  limit: 20,
  windowSeconds: 60,
  by: 'session',
  message: 'Too many payment attempts. Please retry in {seconds} seconds.',
};

/**
 * A pay route (card, PayPal, bank wire, wallet, free): POST answering 200, for someone who may
 * place orders (the account guard first), within the session's payment attempts (429 over them);
 * `summary` and the `answer` schema document it.
 */
export function PaymentAttempt(route: PaymentRouteName, summary: string, answer: z.ZodType): MethodDecorator {
  return applyDecorators(
    Post(routeOf(route)),
    HttpCode(200),
    Can('order.place'),
    RateLimit(PAYMENT_ATTEMPTS_LIMIT),
    ApiOperation({ summary }),
    ApiOkResponse({ schema: apiSchema(answer) }),
    ApiTooManyRequestsResponse({ description: 'More than 20 payment attempts a minute in this session' }),
  );
}
