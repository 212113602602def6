import { Module } from '@nestjs/common';
import { AccountGuard } from '../accounts/access/account.guard.js';
import { SignedInUsers } from '../accounts/access/signed-in-users.js';
import { EmployeeGroupsController } from './employee-groups.controller.js';
import { EmployeeImportsController } from './employee-imports.controller.js';
import { EmployeesController } from './employees.controller.js';
import { InvitationsController } from './invitations.controller.js';

/**
 * The company's people (accounts-invitations): employees, employee groups, employee imports and
 * invitations to the Student List. The account guards (@SignedIn, @Can) read the signed-in user, who is then the
 * actor of every call.
 */
@Module({
  controllers: [EmployeesController, EmployeeGroupsController, EmployeeImportsController, InvitationsController],
  providers: [SignedInUsers, AccountGuard],
})
export class EmployeesGatewayModule {}
