import {
  AccountErrorCode,
  AccountMessages,
  AccountsRpc,
  authenticateRequestSchema,
  cookieConsentRecordSchema,
  getUserRequestSchema,
  newsletterConsentRequestSchema,
  passwordChangeRpcSchema,
  passwordResetLinkRequestSchema,
  passwordResetRequestSchema,
  registrationRequestSchema,
  setAccountStatusRequestSchema,
  setRolesRequestSchema,
  termsAcceptRequestSchema,
  verifyEmailRequestSchema,
} from '@aero/contracts';
import { Ctx, ZodForm, ZodPayload, type ParsedForm } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { ACCOUNT_FORM } from '../common/account-refusals.js';
import { ConsentsService } from '../consents/consents.service.js';
import { AccountAdminService } from './account-admin.service.js';
import { AuthenticationService } from './authentication.service.js';
import { EmailVerificationService } from './email-verification.service.js';
import { PasswordService } from './password.service.js';
import { RegistrationService } from './registration.service.js';
import { TermsService } from './terms.service.js';

type Parsed<S extends z.ZodType> = z.output<S>;

/**
 * Thin: every AccountsRpc pattern to its service, its payload parsed with its contracts' schema;
 * who is acting (and the client's session) comes from the request context.
 */
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
  register(@Ctx() ctx: RequestContext, @ZodForm(registrationRequestSchema, ACCOUNT_FORM) form: ParsedForm<typeof registrationRequestSchema>) {
    return this.registration.register(ctx, form);
  }

  @MessagePattern(AccountsRpc.Authenticate.pattern)
  authenticate(@Ctx() ctx: RequestContext, @ZodPayload(authenticateRequestSchema) request: Parsed<typeof authenticateRequestSchema>) {
    return this.authentication.authenticate(ctx, request);
  }

  @MessagePattern(AccountsRpc.GetUser.pattern)
  getUser(@ZodPayload(getUserRequestSchema) request: Parsed<typeof getUserRequestSchema>) {
    return this.authentication.getUser(request.userId);
  }

  @MessagePattern(AccountsRpc.VerifyEmail.pattern)
  verifyEmail(
    @ZodPayload(verifyEmailRequestSchema, { code: AccountErrorCode.VerificationInvalid, message: AccountMessages.verificationInvalid })
    request: Parsed<typeof verifyEmailRequestSchema>,
  ) {
    return this.verification.verify(request.token);
  }

  @MessagePattern(AccountsRpc.ResendVerification.pattern)
  resendVerification(@Ctx() ctx: RequestContext) {
    return this.verification.resend(ctx);
  }

  @MessagePattern(AccountsRpc.RequestPasswordReset.pattern)
  requestPasswordReset(@ZodPayload(passwordResetLinkRequestSchema, ACCOUNT_FORM) request: Parsed<typeof passwordResetLinkRequestSchema>) {
    return this.passwords.requestReset(request.email.trim());
  }

  @MessagePattern(AccountsRpc.ResetPassword.pattern)
  resetPassword(@ZodPayload(passwordResetRequestSchema, ACCOUNT_FORM) request: Parsed<typeof passwordResetRequestSchema>) {
    return this.passwords.reset(request);
  }

  @MessagePattern(AccountsRpc.ChangePassword.pattern)
  changePassword(@Ctx() ctx: RequestContext, @ZodForm(passwordChangeRpcSchema, ACCOUNT_FORM) form: ParsedForm<typeof passwordChangeRpcSchema>) {
    return this.passwords.change(ctx, form);
  }

  @MessagePattern(AccountsRpc.AcceptTerms.pattern)
  acceptTerms(@Ctx() ctx: RequestContext, @ZodPayload(termsAcceptRequestSchema, ACCOUNT_FORM) request: Parsed<typeof termsAcceptRequestSchema>) {
    return this.terms.accept(ctx, request);
  }

  @MessagePattern(AccountsRpc.RecordConsent.pattern)
  recordConsent(@Ctx() ctx: RequestContext, @ZodPayload(cookieConsentRecordSchema, ACCOUNT_FORM) request: Parsed<typeof cookieConsentRecordSchema>) {
    return this.consents.recordCookies(ctx, request);
  }

  @MessagePattern(AccountsRpc.UpdateNewsletterConsent.pattern)
  updateNewsletterConsent(@Ctx() ctx: RequestContext, @ZodPayload(newsletterConsentRequestSchema, ACCOUNT_FORM) request: Parsed<typeof newsletterConsentRequestSchema>) {
    return this.consents.updateNewsletter(ctx, request);
  }

  @MessagePattern(AccountsRpc.GetConsents.pattern)
  getConsents(@Ctx() ctx: RequestContext) {
    return this.consents.get(ctx);
  }

  @MessagePattern(AccountsRpc.SetRoles.pattern)
  setRoles(@Ctx() ctx: RequestContext, @ZodPayload(setRolesRequestSchema, ACCOUNT_FORM) request: Parsed<typeof setRolesRequestSchema>) {
    return this.admin.setRoles(ctx, request);
  }

  @MessagePattern(AccountsRpc.SetAccountStatus.pattern)
  setStatus(@Ctx() ctx: RequestContext, @ZodPayload(setAccountStatusRequestSchema, ACCOUNT_FORM) request: Parsed<typeof setAccountStatusRequestSchema>) {
    return this.admin.setStatus(ctx, request);
  }
}
