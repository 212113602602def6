import { Module } from '@nestjs/common';
import { AccountsModule } from './accounts/accounts.module.js';
import { CountriesModule } from './countries/countries.module.js';
import { EmployeesModule } from './employees/employees.module.js';
import { InvitationsModule } from './invitations/invitations.module.js';
import { KycModule } from './kyc/kyc.module.js';
import { ProfileModule } from './profile/profile.module.js';
import { ReportsModule } from './reports/reports.module.js';

/** Root module of the accounts-invitations service. */
@Module({ imports: [AccountsModule, ProfileModule, KycModule, CountriesModule, EmployeesModule, InvitationsModule, ReportsModule] })
export class AccountsInvitationsModule {}
