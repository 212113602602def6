import { Module } from '@nestjs/common';
import { AccountsCoreModule } from '../common/accounts-core.module.js';
import { ConsentsService } from '../consents/consents.service.js';
import { InvitationsModule } from '../invitations/invitations.module.js';
import { AccountAdminService } from './account-admin.service.js';
import { AccountsRpcController } from './accounts.rpc.controller.js';
import { AuthenticationService } from './authentication.service.js';
import { EmailVerificationService } from './email-verification.service.js';
import { PasswordService } from './password.service.js';
import { RegistrationService } from './registration.service.js';
import { TermsService } from './terms.service.js';

/** Registration, sign-in, e-mail verification, password reset, terms, consents and account administration. */
@Module({
  imports: [AccountsCoreModule, InvitationsModule],
  controllers: [AccountsRpcController],
  providers: [
    RegistrationService,
    AuthenticationService,
    EmailVerificationService,
    PasswordService,
    TermsService,
    ConsentsService,
    AccountAdminService,
  ],
})
export class AccountsModule {}
