import { ServiceInfra } from '@aero/backend-runtime';
import { Module } from '@nestjs/common';
import { CountriesCatalog } from '../countries/countries-catalog.js';
import { AccountTokens } from './account-tokens.js';
import { AccountsConfig, loadAccountsConfig } from './accounts-config.js';
import { PasswordHasher } from './password-hasher.js';
import { UserDirectory } from './user-directory.js';

/**
 * What every accounts module shares: settings, password hashing, signed tokens, the user
 * directory (actor checks) and the country list.
 */
@Module({
  providers: [
    {
      provide: AccountsConfig,
      // The service's own variables (PUBLIC_BASE_URL, ACCOUNTS_*) come from the environment it was started with;
      // NODE_ENV comes from the validated infrastructure config.
      useFactory: (infra: ServiceInfra) => loadAccountsConfig(infra.env, infra.config.NODE_ENV),
      inject: [ServiceInfra],
    },
    PasswordHasher,
    AccountTokens,
    UserDirectory,
    CountriesCatalog,
  ],
  exports: [AccountsConfig, PasswordHasher, AccountTokens, UserDirectory, CountriesCatalog],
})
export class AccountsCoreModule {}
