import type { EmployeeImportDto } from '../accounts/employee-import.js';
import type { EmployeeDto, EmployeeGroupDto, PagedList } from '../accounts/employees.js';
import type {
  EmployeeCreateRequest,
  EmployeeGroupCreateRequest,
  EmployeeGroupUpdateRequest,
  EmployeeListQuery,
  EmployeeSearchQuery,
  EmployeeUpdateRequest,
} from '../accounts/employees.schema.js';
import { defineRpc } from './rpc-definition.js';

/*
 * RPCs of employees and employee groups (accounts-invitations; learning §2, §5, §7). Who is
 * acting travels in the request context (never in the payload); the company is the actor's.
 * An id of another company's employee or group answers 404, as an unknown one does.
 * Capabilities: `employees.view` to read, `employees.manage` and `employee_groups.manage` to change.
 */

/** One employee or group by id. */
export interface IdRequest {
  id: string;
}

export interface EmployeeAnswer {
  message: string;
  data: EmployeeDto;
}

/** The answer of a group change (learning §7: `group.data`, with `group.data.employees.data`). */
export interface EmployeeGroupAnswer {
  message: string;
  group: { data: EmployeeGroupDto };
}

export const EmployeesRpc = {
  /** Adds an employee (name and e-mail required); 422 'already exists, use Share instead' for an e-mail the company has. */
  Create: defineRpc<EmployeeCreateRequest, EmployeeAnswer>('accounts-invitations.employees.create'),
  Get: defineRpc<IdRequest, { data: EmployeeDto }>('accounts-invitations.employees.get'),
  /** Changes the fields sent. */
  Update: defineRpc<IdRequest & EmployeeUpdateRequest, EmployeeAnswer>('accounts-invitations.employees.update'),
  /** Removes the employee (and their group memberships). */
  Remove: defineRpc<IdRequest, { message: string }>('accounts-invitations.employees.remove'),
  /** The employee list page: by name, with search; 10 to 50 per page. */
  List: defineRpc<EmployeeListQuery, PagedList<EmployeeDto>>('accounts-invitations.employees.list'),
  /** The pickers' search (`GET /employees-search`). */
  Search: defineRpc<EmployeeSearchQuery, PagedList<EmployeeDto>>('accounts-invitations.employees.search'),
} as const;

export const EmployeeGroupsRpc = {
  List: defineRpc<{ without_employees?: boolean }, { data: EmployeeGroupDto[] }>('accounts-invitations.employee-groups.list'),
  Get: defineRpc<IdRequest, { data: EmployeeGroupDto }>('accounts-invitations.employee-groups.get'),
  Create: defineRpc<EmployeeGroupCreateRequest, EmployeeGroupAnswer>('accounts-invitations.employee-groups.create'),
  /** Renames (`name`) and/or sets the members (`employee_ids`). */
  Update: defineRpc<IdRequest & EmployeeGroupUpdateRequest, EmployeeGroupAnswer>('accounts-invitations.employee-groups.update'),
  Remove: defineRpc<IdRequest, { message: string }>('accounts-invitations.employee-groups.remove'),
} as const;

/**
 * Importing employees from a CSV or XLSX file (capability `employees.import`). The file travels in
 * chunks (`EmployeeImportLimits.chunkBytes`): Begin, Append each chunk, Submit; a job then reads
 * and checks its rows. Get answers the progress and the report; Confirm imports the accepted rows
 * of a file that had rejected ones.
 */
export const EmployeeImportsRpc = {
  Begin: defineRpc<{ file_name: string; size: number }, { data: EmployeeImportDto }>('accounts-invitations.employee-imports.begin'),
  Append: defineRpc<{ id: string; index: number; content_base64: string }, { received: number }>('accounts-invitations.employee-imports.append'),
  Submit: defineRpc<{ id: string; chunks: number }, { message: string; data: EmployeeImportDto }>('accounts-invitations.employee-imports.submit'),
  Get: defineRpc<IdRequest, { data: EmployeeImportDto }>('accounts-invitations.employee-imports.get'),
  Confirm: defineRpc<IdRequest, { message: string; data: EmployeeImportDto }>('accounts-invitations.employee-imports.confirm'),
} as const;
