import {
  payBodySchema,
  PaymentsRpc,
  payPalCaptureAnswerSchema,
  payPalCreateOrderAnswerSchema,
  payPalCreateOrderBodySchema,
  redirectAnswerSchema,
  type AccountUserDto,
  type PayBody,
  type PayPalCaptureAnswer,
  type PayPalCreateOrderAnswer,
  type PayPalCreateOrderBody,
  type RedirectAnswer,
  type WebhookAnswer,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Body, Controller, HttpCode, Param, Post, Query, Req, Res, Session } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Actor, Can } from '../accounts/access/access.decorators.js';
import { SkipCsrf } from '../csrf/skip-csrf.decorator.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import type { RequestSession } from '../session/request-session.js';
import { ZodBody } from '../validation/zod-params.js';
import { PaymentAttempt, PROVIDER_CALL } from './payment-limits.js';
import { ProviderReturn, sendPaymentRedirect, unverifiedRedirect } from './payment-redirect.js';
import { routeOf } from './payment-routes.js';
import { PaymentTargets } from './payment-targets.js';
import { forwardProviderWebhook, ProviderWebhookRoute } from './provider-webhook.js';

/**
 * PayPal (spec: shop §2, §4, §7): the buttons (`paypal_credit`: create-order, approval in the
 * PayPal window, capture) and plain PayPal (a redirect to the approval page, then the return route).
 */
@ApiTags('payments: PayPal')
@Controller()
export class PayPalController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly targets: PaymentTargets,
  ) {}

  @PaymentAttempt('paypalCreateOrder', 'PayPal buttons: create the PayPal order for the cart (or order_id) → result.id', payPalCreateOrderAnswerSchema)
  @ApiUnprocessableEntityResponse({ description: '"Your cart is empty."; a free order needs no payment' })
  @ApiBadGatewayResponse({ description: 'PayPal failed: "Error processing payment, try later."' })
  async createOrder(
    @Actor() user: AccountUserDto,
    @Session() session: RequestSession,
    @ZodBody(payPalCreateOrderBodySchema) body: PayPalCreateOrderBody,
  ): Promise<PayPalCreateOrderAnswer> {
    const target = await this.targets.of(session, body.order_id);
    return this.rpc.call(PaymentsRpc.PayPalCreateOrder, { ...target, method: body.method }, PROVIDER_CALL);
  }

  /** Captures once, however many times it is called; not counted as a new attempt. */
  @Post(routeOf('paypalCapture'))
  @HttpCode(200)
  @Can('order.place')
  @ApiOperation({ summary: 'PayPal buttons: capture after approval → result.details (INSTRUMENT_DECLINED restarts) and success_redirect_url' })
  @ApiOkResponse({ schema: apiSchema(payPalCaptureAnswerSchema) })
  @ApiNotFoundResponse({ description: 'Not a PayPal order of this buyer' })
  @ApiUnprocessableEntityResponse({ description: '"Error processing payment, try later." / "Error checking payment details."' })
  @ApiConflictResponse({ description: '"Payment canceled." (the order was canceled)' })
  capture(@Param('orderID') paypalOrderId: string): Promise<PayPalCaptureAnswer> {
    // Only a PayPal order of the signed-in user (the call's actor) is captured.
    return this.rpc.call(PaymentsRpc.PayPalCapture, { paypalOrderId }, PROVIDER_CALL);
  }

  @PaymentAttempt('paypalPay', 'Plain PayPal: create the PayPal order → redirect_url of its approval page', redirectAnswerSchema)
  @ApiBadGatewayResponse({ description: 'PayPal failed: "Error processing payment, try later."' })
  pay(@Actor() user: AccountUserDto, @Session() session: RequestSession, @ZodBody(payBodySchema) body: PayBody): Promise<RedirectAnswer> {
    return this.targets.pay(session, body.order_id, PaymentsRpc.PayByPayPal);
  }

  /** Like the card callback: no sign-in needed, payments captures only what PayPal confirms. */
  @ProviderReturn(
    'paypalReturn',
    'Back from PayPal approval: capture; 302 to the success page or back to the payment page with a flash',
    'Location: the success page, or /cart/credentials?payment_error=<code>&payment_method=paypal (a declined instrument: payment.instrument_declined)',
  )
  @ApiQuery({ name: 'token', required: true, description: 'The PayPal order id' })
  @ApiQuery({ name: 'PayerID', required: false })
  async returned(
    @Query('token') token: string | undefined,
    @Session() session: RequestSession,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.backFromPayPal(token, false, session, request, reply);
  }

  @ProviderReturn('paypalCancel', 'The buyer canceled on PayPal: 302 back to the payment page with "Payment canceled."', 'Location: /cart/credentials?payment_error=payment.canceled&payment_method=paypal')
  @ApiQuery({ name: 'token', required: true, description: 'The PayPal order id' })
  async canceled(
    @Query('token') token: string | undefined,
    @Session() session: RequestSession,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.backFromPayPal(token, true, session, request, reply);
  }

  /** Both ways back from PayPal: payments captures (or cancels) only what PayPal confirms. */
  private async backFromPayPal(
    token: string | undefined,
    canceled: boolean,
    session: RequestSession,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const outcome = await this.rpc
      .call(PaymentsRpc.PayPalReturn, { paypalOrderId: token ?? '', ...(canceled ? { canceled: true } : {}) }, PROVIDER_CALL)
      .catch((error: unknown) => unverifiedRedirect(error, request, null));
    await sendPaymentRedirect(request, reply, session, outcome);
  }

  /** PayPal's servers call it: no CSRF token, no session; payments reads the order back from PayPal. */
  @Post(routeOf('paypalWebhook'))
  @HttpCode(200)
  @SkipCsrf()
  @ProviderWebhookRoute('PayPal webhook event (JSON); applied once, after reading the order back from PayPal')
  webhook(@Body() event: Record<string, unknown>): Promise<WebhookAnswer> {
    const payload = typeof event === 'object' && event !== null && !Array.isArray(event) ? event : {};
    return forwardProviderWebhook(this.rpc, 'paypal', payload);
  }
}
