import {
  EmployeesRpc,
  type EmployeeCreateRequest,
  type EmployeeListQuery,
  type EmployeeSearchQuery,
  type EmployeeUpdateRequest,
  type IdRequest,
} from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmployeesService } from './employees.service.js';

@Controller()
export class EmployeesRpcController {
  constructor(private readonly employees: EmployeesService) {}

  @MessagePattern(EmployeesRpc.Create.pattern)
  create(@Ctx() ctx: RequestContext, @Payload() request: EmployeeCreateRequest) {
    return this.employees.create(ctx, request);
  }

  @MessagePattern(EmployeesRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @Payload() request: IdRequest) {
    return this.employees.get(ctx, request?.id);
  }

  @MessagePattern(EmployeesRpc.Update.pattern)
  update(@Ctx() ctx: RequestContext, @Payload() request: IdRequest & EmployeeUpdateRequest) {
    const { id, ...fields } = request ?? ({} as IdRequest);
    return this.employees.update(ctx, id, fields);
  }

  @MessagePattern(EmployeesRpc.Remove.pattern)
  remove(@Ctx() ctx: RequestContext, @Payload() request: IdRequest) {
    return this.employees.remove(ctx, request?.id);
  }

  @MessagePattern(EmployeesRpc.List.pattern)
  list(@Ctx() ctx: RequestContext, @Payload() request: EmployeeListQuery) {
    return this.employees.list(ctx, request ?? {});
  }

  @MessagePattern(EmployeesRpc.Search.pattern)
  search(@Ctx() ctx: RequestContext, @Payload() request: EmployeeSearchQuery) {
    return this.employees.search(ctx, request ?? {});
  }
}
