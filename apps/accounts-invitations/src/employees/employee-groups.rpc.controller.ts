import { employeeGroupCreateRequestSchema, employeeGroupListRpcSchema, EmployeeGroupsRpc, employeeGroupUpdateRpcSchema, recordIdRequestSchema } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { ACCOUNT_FORM } from '../common/account-refusals.js';
import { EmployeeGroupsService } from './employee-groups.service.js';

type RecordId = z.output<typeof recordIdRequestSchema>;

@Controller()
export class EmployeeGroupsRpcController {
  constructor(private readonly groups: EmployeeGroupsService) {}

  @MessagePattern(EmployeeGroupsRpc.List.pattern)
  list(@Ctx() ctx: RequestContext, @ZodPayload(employeeGroupListRpcSchema) request: z.output<typeof employeeGroupListRpcSchema>) {
    return this.groups.list(ctx, request);
  }

  @MessagePattern(EmployeeGroupsRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.groups.get(ctx, request.id);
  }

  @MessagePattern(EmployeeGroupsRpc.Create.pattern)
  create(@Ctx() ctx: RequestContext, @ZodPayload(employeeGroupCreateRequestSchema, ACCOUNT_FORM) request: z.output<typeof employeeGroupCreateRequestSchema>) {
    return this.groups.create(ctx, request);
  }

  @MessagePattern(EmployeeGroupsRpc.Update.pattern)
  update(@Ctx() ctx: RequestContext, @ZodPayload(employeeGroupUpdateRpcSchema, ACCOUNT_FORM) { id, ...fields }: z.output<typeof employeeGroupUpdateRpcSchema>) {
    return this.groups.update(ctx, id, fields);
  }

  @MessagePattern(EmployeeGroupsRpc.Remove.pattern)
  remove(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.groups.remove(ctx, request.id);
  }
}
