import {
  AccountsRpc,
  type AcceptTermsRequest,
  type ActorRequest,
  type AuthenticateRequest,
  type ChangePasswordRequest,
  type GetConsentsRequest,
  type RecordConsentRequest,
  type RegisterRequest,
  type RequestPasswordResetRequest,
  type ResetPasswordRequest,
  type SetAccountStatusRequest,
  type SetRolesRequest,
  type UpdateNewsletterConsentRequest,
  type VerifyEmailRequest,
} from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConsentsService } from '../consents/consents.service.js';
import { AccountAdminService } from './account-admin.service.js';
import { AuthenticationService } from './authentication.service.js';
import { EmailVerificationService } from './email-verification.service.js';
import { PasswordService } from './password.service.js';
import { RegistrationService } from './registration.service.js';
import { TermsService } from './terms.service.js';

/** Thin: every AccountsRpc pattern to its service. Payloads are untrusted; services validate. */
@Controller()
export class AccountsRpcController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly authentication: AuthenticationService,
    private readonly verification: EmailVerificationService,
    private readonly passwords: PasswordService,
    private readonly terms: TermsService,
    private readonly consents: ConsentsService,
    private readonly admin: AccountAdminService,
  ) {}

  @MessagePattern(AccountsRpc.Register.pattern)
  register(@Payload() request: RegisterRequest) {
    return this.registration.register(request ?? {});
  }

  @MessagePattern(AccountsRpc.Authenticate.pattern)
  authenticate(@Payload() request: AuthenticateRequest) {
    return this.authentication.authenticate(request ?? {});
  }

  @MessagePattern(AccountsRpc.GetUser.pattern)
  getUser(@Payload() request: { userId: string }) {
    return this.authentication.getUser(request?.userId);
  }

  @MessagePattern(AccountsRpc.VerifyEmail.pattern)
  verifyEmail(@Payload() request: VerifyEmailRequest) {
    return this.verification.verify(request?.token);
  }

  @MessagePattern(AccountsRpc.ResendVerification.pattern)
  resendVerification(@Payload() request: ActorRequest) {
    return this.verification.resend(request?.actorId);
  }

  @MessagePattern(AccountsRpc.RequestPasswordReset.pattern)
  requestPasswordReset(@Payload() request: RequestPasswordResetRequest) {
    return this.passwords.requestReset(request?.email);
  }

  @MessagePattern(AccountsRpc.ResetPassword.pattern)
  resetPassword(@Payload() request: ResetPasswordRequest) {
    return this.passwords.reset(request ?? {});
  }

  @MessagePattern(AccountsRpc.ChangePassword.pattern)
  changePassword(@Payload() request: ChangePasswordRequest) {
    return this.passwords.change(request ?? {});
  }

  @MessagePattern(AccountsRpc.AcceptTerms.pattern)
  acceptTerms(@Payload() request: AcceptTermsRequest) {
    return this.terms.accept(request ?? {});
  }

  @MessagePattern(AccountsRpc.RecordConsent.pattern)
  recordConsent(@Payload() request: RecordConsentRequest) {
    return this.consents.recordCookies(request ?? {});
  }

  @MessagePattern(AccountsRpc.UpdateNewsletterConsent.pattern)
  updateNewsletterConsent(@Payload() request: UpdateNewsletterConsentRequest) {
    return this.consents.updateNewsletter(request ?? {});
  }

  @MessagePattern(AccountsRpc.GetConsents.pattern)
  getConsents(@Payload() request: GetConsentsRequest) {
    return this.consents.get(request ?? {});
  }

  @MessagePattern(AccountsRpc.SetRoles.pattern)
  setRoles(@Payload() request: SetRolesRequest) {
    return this.admin.setRoles(request ?? {});
  }

  @MessagePattern(AccountsRpc.SetAccountStatus.pattern)
  setStatus(@Payload() request: SetAccountStatusRequest) {
    return this.admin.setStatus(request ?? {});
  }
}
