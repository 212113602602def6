import { NewsletterRpc, type NewsletterActorRequest, type NewsletterSubscribeRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NewslettersService } from './newsletters.service.js';

@Controller()
export class NewslettersRpcController {
  constructor(private readonly newsletters: NewslettersService) {}

  @MessagePattern(NewsletterRpc.Subscribe.pattern)
  subscribe(@Payload() request: NewsletterSubscribeRequest) {
    return this.newsletters.subscribe(request);
  }

  @MessagePattern(NewsletterRpc.BonusPopup.pattern)
  bonusPopup(@Payload() request: NewsletterActorRequest) {
    return this.newsletters.bonusPopup(request);
  }

  @MessagePattern(NewsletterRpc.MarkBonusPopupSeen.pattern)
  markBonusPopupSeen(@Payload() request: NewsletterActorRequest) {
    return this.newsletters.markBonusPopupSeen(request);
  }
}
