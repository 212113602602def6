import { flashAnswerSchema, paymentPagePropsSchema, PaymentsRpc, type PaymentPageProps } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Session } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { carryClientSession } from '../session/client-session.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import type { RequestSession } from '../session/request-session.js';
import { takeFlash, type FlashMessage } from './flash.js';
import { CapabilityRoute } from '../http/route-verb.js';

/** The payment page `/cart/credentials` (spec: shop §2, §3 "Payment props") and the one-time flash. */
@ApiTags('checkout')
@Controller()
export class CheckoutController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'api/checkout', 'order.place', 'Props of the payment page: price, methods available to this buyer, wallet balance, a route per method', paymentPagePropsSchema)
  @ApiUnprocessableEntityResponse({ description: '`order.cart_empty` "Your cart is empty."' })
  async options(@Session() session: RequestSession): Promise<PaymentPageProps> {
    // The guard read the buyer (the call's actor); the cart is the session's.
    await carryClientSession(session);
    return this.rpc.call(PaymentsRpc.CheckoutOptions, {});
  }

  /** Visitors too: a payment error flashed before a redirect survives until a page asks for it. */
  @Get('api/flash')
  @ApiOperation({ summary: 'The one-time flash message left by a redirect (e.g. a failed payment), then forgotten' })
  @ApiOkResponse({ schema: apiSchema(flashAnswerSchema) })
  async flash(@Session() session: RequestSession): Promise<{ data: FlashMessage | null }> {
    return { data: await takeFlash(session) };
  }
}
