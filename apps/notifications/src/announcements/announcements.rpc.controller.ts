import { AnnouncementRpc, type PublishAnnouncementRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AnnouncementsService } from './announcements.service.js';

@Controller()
export class AnnouncementsRpcController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @MessagePattern(AnnouncementRpc.Current.pattern)
  current() {
    return this.announcements.current();
  }

  @MessagePattern(AnnouncementRpc.Publish.pattern)
  publish(@Ctx() ctx: RequestContext, @Payload() request: PublishAnnouncementRequest) {
    return this.announcements.publish(ctx, request);
  }
}
