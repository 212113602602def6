import { InvitationsRpc, type InvitationCreateRequest, type InvitationListQuery, type InvitationUpdateRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InvitationsService } from './invitations.service.js';

@Controller()
export class InvitationsRpcController {
  constructor(private readonly invitations: InvitationsService) {}

  @MessagePattern(InvitationsRpc.Create.pattern)
  create(@Ctx() ctx: RequestContext, @Payload() request: InvitationCreateRequest) {
    return this.invitations.create(ctx, request ?? {});
  }

  @MessagePattern(InvitationsRpc.Lookup.pattern)
  lookup(@Payload() request: { token: string }) {
    return this.invitations.lookup(request?.token);
  }

  @MessagePattern(InvitationsRpc.List.pattern)
  list(@Ctx() ctx: RequestContext, @Payload() request: InvitationListQuery) {
    return this.invitations.list(ctx, request ?? {});
  }

  @MessagePattern(InvitationsRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @Payload() request: { id: string }) {
    return this.invitations.get(ctx, request?.id);
  }

  @MessagePattern(InvitationsRpc.Update.pattern)
  update(@Ctx() ctx: RequestContext, @Payload() request: { id: string } & InvitationUpdateRequest) {
    const { id, ...fields } = request ?? ({} as { id: string });
    return this.invitations.update(ctx, id, fields);
  }

  @MessagePattern(InvitationsRpc.Resend.pattern)
  resend(@Ctx() ctx: RequestContext, @Payload() request: { id: string }) {
    return this.invitations.resend(ctx, request?.id);
  }

  @MessagePattern(InvitationsRpc.Remove.pattern)
  remove(@Ctx() ctx: RequestContext, @Payload() request: { id: string }) {
    return this.invitations.remove(ctx, request?.id);
  }

  @MessagePattern(InvitationsRpc.Pending.pattern)
  pending(@Ctx() ctx: RequestContext) {
    return this.invitations.pending(ctx);
  }

  @MessagePattern(InvitationsRpc.Accept.pattern)
  accept(@Ctx() ctx: RequestContext) {
    return this.invitations.acceptPending(ctx);
  }
}
