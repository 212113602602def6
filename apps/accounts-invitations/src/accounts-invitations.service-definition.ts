import type { ServiceDefinition } from '@aero/backend-runtime';
import { AccountsInvitationsModule } from './accounts-invitations.module.js';
import { InitialAccountsInvitations1795252000000 } from './migrations/1795252000000-initial-accounts-invitations.js';
import { Accounts1795252100000 } from './migrations/1795252100000-accounts.js';
import { UserSessionVersion1795252200000 } from './migrations/1795252200000-user-session-version.js';
import { EmployeesAndGroups1795252300000 } from './migrations/1795252300000-employees-and-groups.js';
import { EmployeeImports1795252400000 } from './migrations/1795252400000-employee-imports.js';
import { EmployeeSearch1795252500000 } from './migrations/1795252500000-employee-search.js';
import { EmployeeSearchCovering1795252600000 } from './migrations/1795252600000-employee-search-covering.js';
import { seedDemoAccounts } from './seed/demo-accounts.seed.js';

export const accountsInvitationsService: ServiceDefinition = {
  name: 'accounts-invitations',
  schema: 'accounts_invitations',
  portVariable: 'ACCOUNTS_INVITATIONS_HTTP_PORT',
  defaultPort: 3105,
  entities: [],
  migrations: [InitialAccountsInvitations1795252000000, Accounts1795252100000, UserSessionVersion1795252200000, EmployeesAndGroups1795252300000, EmployeeImports1795252400000, EmployeeSearch1795252500000, EmployeeSearchCovering1795252600000],
  module: AccountsInvitationsModule,
  seed: seedDemoAccounts,
};
