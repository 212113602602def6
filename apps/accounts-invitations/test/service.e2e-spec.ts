import { describeServiceBasics } from '@aero/backend-testing';
import { accountsInvitationsService } from '../src/accounts-invitations.service-definition.js';

describeServiceBasics(accountsInvitationsService, {
  tables: ['users', 'user_roles', 'companies', 'account_tokens', 'consents'],
  migrations: [
    'InitialAccountsInvitations1795252000000',
    'Accounts1795252100000',
    'UserSessionVersion1795252200000',
    'EmployeesAndGroups1795252300000',
    'EmployeeImports1795252400000',
    'EmployeeSearch1795252500000',
    'EmployeeSearchCovering1795252600000',
  ],
});
