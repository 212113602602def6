import { Module } from '@nestjs/common';
import { AccountsCoreModule } from '../common/accounts-core.module.js';
import { EmployeeGroupsRpcController } from './employee-groups.rpc.controller.js';
import { EmployeeGroupsService } from './employee-groups.service.js';
import { EmployeesRpcController } from './employees.rpc.controller.js';
import { EmployeesService } from './employees.service.js';

/** Employees and employee groups of a company (learning §2, §5, §7). */
@Module({
  imports: [AccountsCoreModule],
  controllers: [EmployeesRpcController, EmployeeGroupsRpcController],
  providers: [EmployeesService, EmployeeGroupsService],
  exports: [EmployeesService],
})
export class EmployeesModule {}
