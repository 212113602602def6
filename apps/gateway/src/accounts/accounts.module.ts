import { Module } from '@nestjs/common';
import { AccountGuard } from './access/account.guard.js';
import { SignedInUsers } from './access/signed-in-users.js';
import { KycController } from './kyc/kyc.controller.js';
import { ProfileController } from './profile/profile.controller.js';
import { CookieConsentController } from './public-site/cookie-consent.controller.js';
import { CountriesController } from './public-site/countries.controller.js';
import { TermsController } from './public-site/terms.controller.js';
import { LoginThrottle } from './sign-in/login-throttle.js';
import { PasswordResetController } from './sign-in/password-reset.controller.js';
import { RegistrationController } from './sign-in/registration.controller.js';
import { SignInController } from './sign-in/sign-in.controller.js';

/**
 * The HTTP face of accounts-invitations (docs/api.md "Accounts and the public site"): sign-in
 * with throttling and remember-me, registration, e-mail verification, password reset, terms,
 * profile, billing, KYC, consents and countries. Guards: @SignedIn() and @Can(capability).
 */
@Module({
  controllers: [
    SignInController,
    RegistrationController,
    PasswordResetController,
    TermsController,
    ProfileController,
    KycController,
    CookieConsentController,
    CountriesController,
  ],
  providers: [SignedInUsers, AccountGuard, LoginThrottle],
})
export class AccountsModule {}
