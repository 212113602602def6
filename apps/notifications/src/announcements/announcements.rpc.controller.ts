import { AnnouncementRpc, NotificationsErrorCode, NotificationsMessages, publishAnnouncementBodySchema } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { AnnouncementsService } from './announcements.service.js';

@Controller()
export class AnnouncementsRpcController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @MessagePattern(AnnouncementRpc.Current.pattern)
  current() {
    return this.announcements.current();
  }

  @MessagePattern(AnnouncementRpc.Publish.pattern)
  publish(
    @Ctx() ctx: RequestContext,
    @ZodPayload(publishAnnouncementBodySchema, { code: NotificationsErrorCode.Validation, message: NotificationsMessages.formInvalid })
    request: z.output<typeof publishAnnouncementBodySchema>,
  ) {
    return this.announcements.publish(ctx, request);
  }
}
