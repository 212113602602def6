import { Module } from '@nestjs/common';
import { AccountsCoreModule } from '../common/accounts-core.module.js';
import { EmployeeGroupsRpcController } from './employee-groups.rpc.controller.js';
import { EmployeeGroupsService } from './employee-groups.service.js';
import { EmployeesRpcController } from './employees.rpc.controller.js';
import { EmployeesService } from './employees.service.js';
import { EmployeeImportQueue } from './import/employee-import.queue.js';
import { EmployeeImportSweep } from './import/employee-import.sweep.js';
import { EmployeeImportWorker } from './import/employee-import.worker.js';
import { EmployeeImportsRpcController } from './import/employee-imports.rpc.controller.js';
import { EmployeeImportsService } from './import/employee-imports.service.js';

/** Employees, employee groups and employee imports of a company (learning §2, §5, §7). */
@Module({
  imports: [AccountsCoreModule],
  controllers: [EmployeesRpcController, EmployeeGroupsRpcController, EmployeeImportsRpcController],
  providers: [EmployeesService, EmployeeGroupsService, EmployeeImportsService, EmployeeImportQueue, EmployeeImportWorker, EmployeeImportSweep],
  exports: [EmployeesService],
})
export class EmployeesModule {}
