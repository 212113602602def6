import {
  employeeCreateRequestSchema,
  employeeListQuerySchema,
  EmployeesRpc,
  employeeSearchQuerySchema,
  employeeUpdateRequestSchema,
  type EmployeeCreateRequest,
  type EmployeeDto,
  type EmployeeListQuery,
  type EmployeeSearchQuery,
  type EmployeeUpdateRequest,
  type PagedList,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CapabilityRoute } from '../http/route-verb.js';
import { AccountRoutes } from '../accounts/account-routes.decorator.js';
import { ZodBody, ZodQuery } from '../validation/zod-params.js';


/** The service reads the request again with the same schema: it gets the fields as sent. */
const SENT = { pass: 'sent' } as const;
/**
 * The employees of the signed-in user's company (learning §2 employee list and forms, §5, §7).
 * The guard reads the user, so every call carries them as the actor; accounts-invitations scopes
 * each call to their company (another company's id is a 404).
 */
@ApiTags('employees')
@AccountRoutes()
@Controller()
export class EmployeesController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'api/employees', 'employees.view', 'The employee list page: by name, `search`, `page`, `per_page` (10 to 50)')
  list(@ZodQuery(employeeListQuerySchema, SENT) query: EmployeeListQuery): Promise<PagedList<EmployeeDto>> {
    return this.rpc.call(EmployeesRpc.List, query);
  }

  @CapabilityRoute('GET', 'employees-search', 'employees.view', 'Employee search of the pickers: `limit` (100), `query`, `not` (ids already chosen), `show_all=1` when empty, `page`')
  search(@ZodQuery(employeeSearchQuerySchema, SENT) query: EmployeeSearchQuery): Promise<PagedList<EmployeeDto>> {
    return this.rpc.call(EmployeesRpc.Search, query);
  }

  @CapabilityRoute('GET', 'api/employees/:id', 'employees.view', 'One employee (the employee page and the edit form)')
  @ApiNotFoundResponse({ description: 'No such employee in your company' })
  get(@Param('id') id: string): Promise<{ data: EmployeeDto }> {
    return this.rpc.call(EmployeesRpc.Get, { id });
  }

  @CapabilityRoute('CREATE', 'employees', 'employees.manage', "Add an employee: name and email (a duplicate e-mail: 'already exists, use Share instead')")
  @ApiUnprocessableEntityResponse({ description: 'errors per field' })
  create(@ZodBody(employeeCreateRequestSchema, SENT) body: EmployeeCreateRequest): Promise<{ message: string; data: EmployeeDto }> {
    return this.rpc.call(EmployeesRpc.Create, body);
  }

  @CapabilityRoute('PATCH', 'employees/:id', 'employees.manage', 'Edit an employee: the fields sent change, an empty one is cleared')
  @ApiNotFoundResponse({ description: 'No such employee in your company' })
  @ApiUnprocessableEntityResponse({ description: 'errors per field' })
  update(@Param('id') id: string, @ZodBody(employeeUpdateRequestSchema, SENT) body: EmployeeUpdateRequest): Promise<{ message: string; data: EmployeeDto }> {
    return this.rpc.call(EmployeesRpc.Update, { ...body, id });
  }

  @CapabilityRoute('DELETE', 'employees/:id', 'employees.manage', 'Remove an employee (and their group memberships)')
  @ApiNotFoundResponse({ description: 'No such employee in your company' })
  remove(@Param('id') id: string): Promise<{ message: string }> {
    return this.rpc.call(EmployeesRpc.Remove, { id });
  }
}
