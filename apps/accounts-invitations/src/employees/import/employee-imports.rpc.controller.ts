import {
  employeeImportBeginRequestSchema,
  employeeImportChunkRequestSchema,
  EmployeeImportsRpc,
  employeeImportSubmitRequestSchema,
  recordIdRequestSchema,
} from '@aero/contracts';
import { Ctx, firstFieldMessage, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { EmployeeImportsService } from './employee-imports.service.js';

type RecordId = z.output<typeof recordIdRequestSchema>;

@Controller()
export class EmployeeImportsRpcController {
  constructor(private readonly imports: EmployeeImportsService) {}

  /** A file that cannot be imported says its first problem (its type, then its size). */
  @MessagePattern(EmployeeImportsRpc.Begin.pattern)
  begin(@Ctx() ctx: RequestContext, @ZodPayload(employeeImportBeginRequestSchema, { message: firstFieldMessage }) request: z.output<typeof employeeImportBeginRequestSchema>) {
    return this.imports.begin(ctx, request);
  }

  @MessagePattern(EmployeeImportsRpc.Append.pattern)
  append(@Ctx() ctx: RequestContext, @ZodPayload(employeeImportChunkRequestSchema) request: z.output<typeof employeeImportChunkRequestSchema>) {
    return this.imports.append(ctx, request);
  }

  @MessagePattern(EmployeeImportsRpc.Submit.pattern)
  submit(@Ctx() ctx: RequestContext, @ZodPayload(employeeImportSubmitRequestSchema) request: z.output<typeof employeeImportSubmitRequestSchema>) {
    return this.imports.submit(ctx, request);
  }

  @MessagePattern(EmployeeImportsRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.imports.get(ctx, request.id);
  }

  @MessagePattern(EmployeeImportsRpc.Confirm.pattern)
  confirm(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.imports.confirm(ctx, request.id);
  }
}
