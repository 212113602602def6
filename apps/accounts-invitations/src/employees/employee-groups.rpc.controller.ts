import { EmployeeGroupsRpc, type EmployeeGroupCreateRequest, type EmployeeGroupUpdateRequest, type IdRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmployeeGroupsService } from './employee-groups.service.js';

@Controller()
export class EmployeeGroupsRpcController {
  constructor(private readonly groups: EmployeeGroupsService) {}

  @MessagePattern(EmployeeGroupsRpc.List.pattern)
  list(@Ctx() ctx: RequestContext, @Payload() request: { without_employees?: boolean }) {
    return this.groups.list(ctx, request ?? {});
  }

  @MessagePattern(EmployeeGroupsRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @Payload() request: IdRequest) {
    return this.groups.get(ctx, request?.id);
  }

  @MessagePattern(EmployeeGroupsRpc.Create.pattern)
  create(@Ctx() ctx: RequestContext, @Payload() request: EmployeeGroupCreateRequest) {
    return this.groups.create(ctx, request ?? {});
  }

  @MessagePattern(EmployeeGroupsRpc.Update.pattern)
  update(@Ctx() ctx: RequestContext, @Payload() request: IdRequest & EmployeeGroupUpdateRequest) {
    const { id, ...fields } = request ?? ({} as IdRequest);
    return this.groups.update(ctx, id, fields);
  }

  @MessagePattern(EmployeeGroupsRpc.Remove.pattern)
  remove(@Ctx() ctx: RequestContext, @Payload() request: IdRequest) {
    return this.groups.remove(ctx, request?.id);
  }
}
