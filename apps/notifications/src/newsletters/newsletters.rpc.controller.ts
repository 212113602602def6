import { NewsletterRpc } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { NewslettersService } from './newsletters.service.js';

/** The newsletter calls carry no payload: they are about the user of the request context. */
@Controller()
export class NewslettersRpcController {
  constructor(private readonly newsletters: NewslettersService) {}

  @MessagePattern(NewsletterRpc.Subscribe.pattern)
  subscribe(@Ctx() ctx: RequestContext) {
    return this.newsletters.subscribe(ctx);
  }

  @MessagePattern(NewsletterRpc.BonusPopup.pattern)
  bonusPopup(@Ctx() ctx: RequestContext) {
    return this.newsletters.bonusPopup(ctx);
  }

  @MessagePattern(NewsletterRpc.MarkBonusPopupSeen.pattern)
  markBonusPopupSeen(@Ctx() ctx: RequestContext) {
    return this.newsletters.markBonusPopupSeen(ctx);
  }
}
