import { cardCallbackRequestSchema, cardPayRequestSchema, PaymentsRpc, type CardCallbackRequest } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { CardPaymentsService } from './card-payments.service.js';
import { CARD_FORM_REFUSAL } from './payment.errors.js';

@Controller()
export class CardRpcController {
  constructor(private readonly cards: CardPaymentsService) {}

  /** The card form is checked before any order is placed: a form error leaves no order. */
  @MessagePattern(PaymentsRpc.PayByCard.pattern)
  pay(@Ctx() ctx: RequestContext, @ZodPayload(cardPayRequestSchema, CARD_FORM_REFUSAL) request: z.output<typeof cardPayRequestSchema>) {
    return this.cards.pay(ctx, request);
  }

  @MessagePattern(PaymentsRpc.CardCallback.pattern)
  callback(@ZodPayload(cardCallbackRequestSchema) request: CardCallbackRequest) {
    return this.cards.callback(request.orderId, request.transactionId);
  }
}
