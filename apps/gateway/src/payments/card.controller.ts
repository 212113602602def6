import {
  cardPayAnswerSchema,
  cardPayBodySchema,
  PaymentsRpc,
  type AccountUserDto,
  type BrowserClientInfo,
  type CardPayAnswer,
  type CardPayBody,
  type WebhookAnswer,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, HttpCode, Param, Post, Query, Req, Res, Session, UseFilters } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Actor } from '../accounts/access/access.decorators.js';
import { SkipCsrf } from '../csrf/skip-csrf.decorator.js';
import type { RequestSession } from '../session/request-session.js';
import { ZodBody } from '../validation/zod-params.js';
import { PaymentAttempt, PROVIDER_CALL } from './payment-limits.js';
import { PaymentFormErrorsFilter } from './payment-form-errors.filter.js';
import { ProviderReturn, sendPaymentRedirect, unverifiedRedirect } from './payment-redirect.js';
import { routeOf } from './payment-routes.js';
import { PaymentTargets } from './payment-targets.js';
import { forwardProviderWebhook, ProviderWebhookRoute } from './provider-webhook.js';

/** Card payments (method `mangopay`, spec: shop §3 credit card form, §4, §7). */
@ApiTags('payments: card')
@Controller()
export class CardController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly targets: PaymentTargets,
  ) {}

  @PaymentAttempt('cardPay', 'Pay the cart (or order_id) by card: security_url for 3-D Secure, or success + processed', cardPayAnswerSchema)
  @UseFilters(PaymentFormErrorsFilter)
  @ApiUnprocessableEntityResponse({
    description:
      '"The form is not valid. Please fix corresponding errors to complete your payment." with errors per field; ' +
      'declined: "Error processing payment, try later."; "Your cart is empty."',
  })
  @ApiConflictResponse({ description: 'The order is already paid or was canceled' })
  @ApiBadGatewayResponse({ description: 'The card provider failed: "Error processing payment, try later."' })
  async pay(
    @Actor() user: AccountUserDto,
    @Session() session: RequestSession,
    @Req() request: FastifyRequest,
    @ZodBody(cardPayBodySchema) body: CardPayBody,
  ): Promise<CardPayAnswer> {
    const target = await this.targets.of(session, body.order_id);
    const card = { number: body.number, expiration_month: body.expiration_month, expiration_year: body.expiration_year, cvc: body.cvc };
    return this.rpc.call(PaymentsRpc.PayByCard, { ...target, ...card, client: clientInfo(request) }, PROVIDER_CALL);
  }

  /**
   * Where 3-D Secure (and the page, after a direct success) sends the browser. No sign-in needed:
   * payments verifies the payment with the provider, so whoever arrives here changes nothing the
   * provider does not confirm, and a buyer whose session ended meanwhile still gets a paid order.
   */
  @ProviderReturn('cardCallback', 'Card return: verified with the provider; 302 to the success page, or back to the payment page with a flash', 'Location: the success page, or /cart/credentials?payment_error=<code>&payment_method=mangopay (payment.three_ds_failed, payment.card_declined, …)')
  @ApiQuery({ name: 'transactionId', required: true })
  async callback(
    @Param('cart_id') orderId: string,
    @Query('transactionId') transactionId: string | undefined,
    @Session() session: RequestSession,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const outcome = await this.rpc
      .call(PaymentsRpc.CardCallback, { orderId, transactionId: transactionId ?? '' }, PROVIDER_CALL)
      .catch((error: unknown) => unverifiedRedirect(error, request, orderId));
    await sendPaymentRedirect(request, reply, session, outcome);
  }

  /** Mangopay's hook (`?EventType=&RessourceId=&Date=`): GET by default, POST accepted too. */
  @Get(routeOf('cardWebhook'))
  @ProviderWebhookRoute('Card provider notification (query); the payment is read back from the provider')
  webhook(@Query() query: Record<string, unknown>): Promise<WebhookAnswer> {
    return forwardProviderWebhook(this.rpc, 'card', { ...query });
  }

  @Post(routeOf('cardWebhook'))
  @HttpCode(200)
  @SkipCsrf()
  @ApiExcludeEndpoint()
  webhookByPost(@Query() query: Record<string, unknown>): Promise<WebhookAnswer> {
    return this.webhook(query);
  }
}

/** What Mangopay's 3-D Secure 2 wants to know about the browser. */
function clientInfo(request: FastifyRequest): BrowserClientInfo {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value.slice(0, 500) : undefined;
  };
  return { ip: request.ip, userAgent: header('user-agent'), acceptHeader: header('accept'), language: header('accept-language') };
}
