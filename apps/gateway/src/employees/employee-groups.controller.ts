import {
  employeeGroupCreateRequestSchema,
  employeeGroupListQuerySchema,
  EmployeeGroupsRpc,
  employeeGroupUpdateRequestSchema,
  isTicked,
  type EmployeeGroupAnswer,
  type EmployeeGroupCreateRequest,
  type EmployeeGroupDto,
  type EmployeeGroupListQuery,
  type EmployeeGroupUpdateRequest,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { CapabilityRoute } from '../http/route-verb.js';
import { AccountRoutes } from '../accounts/account-routes.decorator.js';
import { ZodBody, ZodQuery } from '../validation/zod-params.js';


/** The service reads the request again with the same schema: it gets the fields as sent. */
const SENT = { pass: 'sent' } as const;
/** Employee groups of the signed-in user's company (learning §2 employee group edit page, §7 `/employee-group`). */
@ApiTags('employee groups')
@AccountRoutes()
@Controller('employee-group')
export class EmployeeGroupsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Can('employees.view')
  @ApiOperation({ summary: 'The groups by name with their members (`data`); `without-employees=1` leaves the members out' })
  list(@ZodQuery(employeeGroupListQuerySchema, SENT) query: EmployeeGroupListQuery): Promise<{ data: EmployeeGroupDto[] }> {
    return this.rpc.call(EmployeeGroupsRpc.List, { without_employees: isTicked(query['without-employees']) });
  }

  @CapabilityRoute('GET', ':id', 'employees.view', 'One group with its members (the group edit page)')
  @ApiNotFoundResponse({ description: 'No such group in your company' })
  get(@Param('id') id: string): Promise<{ data: EmployeeGroupDto }> {
    return this.rpc.call(EmployeeGroupsRpc.Get, { id });
  }

  @Post()
  @Can('employee_groups.manage')
  @ApiOperation({ summary: 'Create a group: name, and optionally employee_ids (answers group.data)' })
  @ApiUnprocessableEntityResponse({ description: 'errors.name, errors.employee_ids' })
  create(@ZodBody(employeeGroupCreateRequestSchema, SENT) body: EmployeeGroupCreateRequest): Promise<EmployeeGroupAnswer> {
    return this.rpc.call(EmployeeGroupsRpc.Create, body);
  }

  @CapabilityRoute('PATCH', ':id', 'employee_groups.manage', 'Rename (name: answers group.data) or set the members (employee_ids: answers group.data.employees.data)')
  @ApiNotFoundResponse({ description: 'No such group in your company' })
  @ApiUnprocessableEntityResponse({ description: 'errors.name (required), errors.employee_ids' })
  update(@Param('id') id: string, @ZodBody(employeeGroupUpdateRequestSchema, SENT) body: EmployeeGroupUpdateRequest): Promise<EmployeeGroupAnswer> {
    return this.rpc.call(EmployeeGroupsRpc.Update, { ...body, id });
  }

  @CapabilityRoute('DELETE', ':id', 'employee_groups.manage', 'Remove a group (its employees stay)')
  @ApiNotFoundResponse({ description: 'No such group in your company' })
  remove(@Param('id') id: string): Promise<{ message: string }> {
    return this.rpc.call(EmployeeGroupsRpc.Remove, { id });
  }
}
