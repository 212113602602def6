import { Module } from '@nestjs/common';
import { AccountsCoreModule } from '../common/accounts-core.module.js';
import { EmployeesModule } from '../employees/employees.module.js';
import { InvitationsRpcController } from './invitations.rpc.controller.js';
import { InvitationsService } from './invitations.service.js';

/** Invitations to a company's Student List; accepting one makes the person an employee. */
@Module({
  imports: [AccountsCoreModule, EmployeesModule],
  controllers: [InvitationsRpcController],
  providers: [InvitationsService],
  exports: [InvitationsService],
})
export class InvitationsModule {}
