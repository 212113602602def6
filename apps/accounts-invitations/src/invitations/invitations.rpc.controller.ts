import { InvitationsRpc, type CreateInvitationRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InvitationsService } from './invitations.service.js';

@Controller()
export class InvitationsRpcController {
  constructor(private readonly invitations: InvitationsService) {}

  @MessagePattern(InvitationsRpc.Create.pattern)
  create(@Payload() request: CreateInvitationRequest) {
    return this.invitations.create(request);
  }

  @MessagePattern(InvitationsRpc.Lookup.pattern)
  lookup(@Payload() request: { token: string }) {
    return this.invitations.lookup(request?.token);
  }
}
