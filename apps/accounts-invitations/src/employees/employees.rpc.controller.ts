import {
  employeeCreateRequestSchema,
  employeeListQuerySchema,
  employeeSearchQuerySchema,
  employeeUpdateRpcSchema,
  EmployeesRpc,
  recordIdRequestSchema,
} from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { ACCOUNT_FORM } from '../common/account-refusals.js';
import { EmployeesService } from './employees.service.js';

type RecordId = z.output<typeof recordIdRequestSchema>;

@Controller()
export class EmployeesRpcController {
  constructor(private readonly employees: EmployeesService) {}

  @MessagePattern(EmployeesRpc.Create.pattern)
  create(@Ctx() ctx: RequestContext, @ZodPayload(employeeCreateRequestSchema, ACCOUNT_FORM) request: z.output<typeof employeeCreateRequestSchema>) {
    return this.employees.create(ctx, request);
  }

  @MessagePattern(EmployeesRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.employees.get(ctx, request.id);
  }

  @MessagePattern(EmployeesRpc.Update.pattern)
  update(@Ctx() ctx: RequestContext, @ZodPayload(employeeUpdateRpcSchema, ACCOUNT_FORM) { id, ...fields }: z.output<typeof employeeUpdateRpcSchema>) {
    return this.employees.update(ctx, id, fields);
  }

  @MessagePattern(EmployeesRpc.Remove.pattern)
  remove(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.employees.remove(ctx, request.id);
  }

  @MessagePattern(EmployeesRpc.List.pattern)
  list(@Ctx() ctx: RequestContext, @ZodPayload(employeeListQuerySchema, ACCOUNT_FORM) request: z.output<typeof employeeListQuerySchema>) {
    return this.employees.list(ctx, request);
  }

  @MessagePattern(EmployeesRpc.Search.pattern)
  search(@Ctx() ctx: RequestContext, @ZodPayload(employeeSearchQuerySchema, ACCOUNT_FORM) request: z.output<typeof employeeSearchQuerySchema>) {
    return this.employees.search(ctx, request);
  }
}
