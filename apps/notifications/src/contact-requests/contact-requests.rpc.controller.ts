import { ContactMessages, ContactRpc, NotificationsErrorCode } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { contactSubmitSchema, type ContactSubmit } from './contact-request.rules.js';
import { ContactRequestsService } from './contact-requests.service.js';

@Controller()
export class ContactRequestsRpcController {
  constructor(private readonly contactRequests: ContactRequestsService) {}

  @MessagePattern(ContactRpc.Submit.pattern)
  submit(
    @Ctx() ctx: RequestContext,
    @ZodPayload(contactSubmitSchema, { code: NotificationsErrorCode.Validation, message: ContactMessages.formInvalid }) request: ContactSubmit,
  ) {
    return this.contactRequests.submit(ctx, request);
  }
}
