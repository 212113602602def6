import { PaymentMessages, paymentRedirectSchema, PaymentRoutes, PaymentsErrorCode, type PaymentRedirect, type PaymentRouteName } from '@aero/contracts';
import { ServiceUnavailableError } from '@aero/backend-errors';
import { applyDecorators, Get } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiSchema } from '../openapi/zod-schemas.js';
import type { RequestSession } from '../session/request-session.js';
import { setFlash } from './flash.js';
import { routeOf } from './payment-routes.js';

/** Scripts (the web app's axios, tests) say so with X-Requested-With; a browser navigating does not. */
export function isScriptRequest(request: FastifyRequest): boolean {
  return String(request.headers['x-requested-with'] ?? '').toLowerCase() === 'xmlhttprequest';
}

/**
 * A provider's return route (card callback, PayPal return or cancel), answered by
 * `sendPaymentRedirect`: `summary`, and `location`, where the 302 may go.
 */
export const ProviderReturn = (route: PaymentRouteName, summary: string, location: string): MethodDecorator =>
  applyDecorators(
    Get(routeOf(route)),
    ApiOperation({ summary }),
    ApiFoundResponse({ description: location }),
    ApiOkResponse({ schema: apiSchema(paymentRedirectSchema), description: 'With X-Requested-With: XMLHttpRequest' }),
  );

/**
 * Where a provider's return (card callback, PayPal return or cancel) sends the browser: a 302 to
 * the success page, or back to the payment page with the error kept as a one-time flash (the
 * address carries `?payment_error=<code>` too). A script gets the PaymentRedirect as JSON instead.
 */
export async function sendPaymentRedirect(
  request: FastifyRequest,
  reply: FastifyReply,
  session: RequestSession,
  outcome: PaymentRedirect,
): Promise<void> {
  if (isScriptRequest(request)) {
    await reply.code(200).type('application/json; charset=utf-8').send(outcome);
    return;
  }
  if (outcome.status === 'failed' && outcome.error) {
    await setFlash(session, { type: 'error', message: outcome.error.message, code: outcome.error.code });
  }
  await reply.code(302).header('cache-control', 'no-store').header('location', outcome.redirect_url).send();
}

/**
 * A browser coming back from the provider while payments does not answer is not left on a JSON
 * 503: it goes back to the payment page with "Error checking payment details." (the provider's
 * notification completes the payment later). A script gets the 503.
 */
export function unverifiedRedirect(error: unknown, request: FastifyRequest, orderId: string | null): PaymentRedirect {
  if (!(error instanceof ServiceUnavailableError) || isScriptRequest(request)) throw error;
  return {
    status: 'failed',
    redirect_url: `${PaymentRoutes.paymentPage}?payment_error=${PaymentsErrorCode.CheckingFailed}`,
    order_id: orderId,
    error: { code: PaymentsErrorCode.CheckingFailed, message: PaymentMessages.checkingFailed },
  };
}
