import { PaymentsRpc, type CardCallbackRequest, type CardPayRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CardPaymentsService } from './card-payments.service.js';

@Controller()
export class CardRpcController {
  constructor(private readonly cards: CardPaymentsService) {}

  @MessagePattern(PaymentsRpc.PayByCard.pattern)
  pay(@Payload() request: CardPayRequest) {
    return this.cards.pay(request);
  }

  @MessagePattern(PaymentsRpc.CardCallback.pattern)
  callback(@Payload() request: CardCallbackRequest) {
    return this.cards.callback(request?.orderId, request?.transactionId);
  }
}
