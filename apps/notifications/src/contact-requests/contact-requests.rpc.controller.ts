import { ContactRpc, type SubmitContactRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactRequestsService } from './contact-requests.service.js';

@Controller()
export class ContactRequestsRpcController {
  constructor(private readonly contactRequests: ContactRequestsService) {}

  @MessagePattern(ContactRpc.Submit.pattern)
  submit(@Payload() request: SubmitContactRequest) {
    return this.contactRequests.submit(request);
  }
}
