import {
  EMPLOYEE_IMPORT_COLUMNS,
  EmployeeImportLimits,
  employeeImportRequestSchema,
  EmployeeImportsRpc,
  type EmployeeImportDto,
  type EmployeeImportRequest,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { CapabilityRoute } from '../http/route-verb.js';
import { AccountRoutes } from '../accounts/account-routes.decorator.js';
import { BodyLimit } from '../http/input-checks.js';
import { ZodBody } from '../validation/zod-params.js';

/** The import body: the largest file, base64-encoded (4/3 of its size), with room for the JSON around it. */
export const IMPORT_BODY_LIMIT = Math.ceil((EmployeeImportLimits.fileMaxBytes * 4) / 3) + 16 * 1024;

/** The template to download: the header row and one example. */
export const IMPORT_TEMPLATE = `${EMPLOYEE_IMPORT_COLUMNS.join(',')}\nLina Vaitkė,lina.vaitke@example.com,Lina,Vaitkė,Vaitkė,1990-05-01,LT,Line maintenance,Vilnius,B1 mechanic\n`;

/**
 * Importing employees from a CSV or XLSX file (learning §2 employee import; `employees.import`).
 * The file comes as base64 in a JSON body and goes to accounts-invitations in chunks under the
 * NATS message limit; a job there reads and checks it. The page follows the import's progress
 * and report (`GET /api/employees/import/{id}`) and confirms a file that had rejected rows.
 */
@ApiTags('employees')
@AccountRoutes()
@Controller()
export class EmployeeImportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('api/employees/import/template')
  @Can('employees.import')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="employees-template.csv"')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The import template: a CSV with the columns (name, email, first_name, ...) and an example row' })
  template(): string {
    return IMPORT_TEMPLATE;
  }

  @Post('employees/import')
  @HttpCode(202)
  @Can('employees.import')
  @BodyLimit(IMPORT_BODY_LIMIT)
  @ApiOperation({ summary: 'Upload a CSV or XLSX file of employees (base64); its rows are checked by a job' })
  @ApiUnprocessableEntityResponse({ description: 'errors.file_name, errors.content_base64' })
  async upload(@ZodBody(employeeImportRequestSchema, { pass: 'sent' }) body: EmployeeImportRequest): Promise<{ message: string; data: EmployeeImportDto }> {
    const bytes = Buffer.from(String(body.content_base64), 'base64');
    const { data } = await this.rpc.call(EmployeeImportsRpc.Begin, { file_name: String(body.file_name), size: bytes.length });
    let chunks = 0;
    for (let start = 0; start < bytes.length; start += EmployeeImportLimits.chunkBytes) {
      const chunk = bytes.subarray(start, start + EmployeeImportLimits.chunkBytes);
      await this.rpc.call(EmployeeImportsRpc.Append, { id: data.id, index: chunks++, content_base64: chunk.toString('base64') });
    }
    return this.rpc.call(EmployeeImportsRpc.Submit, { id: data.id, chunks });
  }

  @CapabilityRoute('GET', 'api/employees/import/:id', 'employees.import', "An import's status, progress (0 to 100) and report of rejected rows")
  @ApiNotFoundResponse({ description: 'No such import in your company' })
  get(@Param('id') id: string): Promise<{ data: EmployeeImportDto }> {
    return this.rpc.call(EmployeeImportsRpc.Get, { id });
  }

  @CapabilityRoute('POST', 'employees/import/:id/confirm', 'employees.import', 'Import the accepted rows of a file that had rejected ones')
  @ApiNotFoundResponse({ description: 'No such import in your company' })
  confirm(@Param('id') id: string): Promise<{ message: string; data: EmployeeImportDto }> {
    return this.rpc.call(EmployeeImportsRpc.Confirm, { id });
  }
}
