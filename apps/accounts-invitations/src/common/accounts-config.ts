import { ConfigError, loadConfig, publicBaseUrlConfig } from '@aero/backend-config';
import { z } from 'zod';

/** The development-only secret; refused when NODE_ENV=production. */
export const DEV_TOKEN_SECRET = 'dev-only-accounts-token-secret-do-not-use-in-production';

const accountsConfigSchema = z.object({
  /** The shop's public address: the links of the verification, reset and invitation e-mails start with it. */
  ...publicBaseUrlConfig,
  /** The former name of PUBLIC_BASE_URL, read only to refuse a value that disagrees with it. */
  APP_URL: z.string().optional(),
  /** HMAC key of e-mail verification and password reset tokens (at least 32 characters). */
  ACCOUNTS_TOKEN_SECRET: z.string().min(32).optional(),
  /** Lifetime of an e-mail verification link. */
  ACCOUNTS_VERIFICATION_TTL_MINUTES: z.coerce.number().int().positive().default(24 * 60),
  /** Lifetime of a password reset link (spec brief: 60 minutes). */
  ACCOUNTS_RESET_TTL_MINUTES: z.coerce.number().int().positive().default(60),
});

/** Settings of the accounts service, read once at start-up. */
export class AccountsConfig {
  constructor(
    /** PUBLIC_BASE_URL, without a trailing slash. */
    readonly publicBaseUrl: string,
    readonly tokenSecret: string,
    readonly verificationTtlMs: number,
    readonly resetTtlMs: number,
  ) {}
}

/**
 * Reads the accounts settings. Outside production a missing `ACCOUNTS_TOKEN_SECRET` falls back
 * to a development secret; in production it must be set, or the service refuses to start.
 */
export function loadAccountsConfig(env: NodeJS.ProcessEnv, nodeEnv: string): AccountsConfig {
  const config = loadConfig(accountsConfigSchema, env);
  if (config.APP_URL && config.APP_URL.replace(/\/+$/, '') !== config.PUBLIC_BASE_URL) {
    // A deployment still setting the old name would otherwise e-mail links to the default address.
    throw new ConfigError([`APP_URL: replaced by PUBLIC_BASE_URL; set PUBLIC_BASE_URL to this address instead (got "${config.APP_URL}")`]);
  }
  if (!config.ACCOUNTS_TOKEN_SECRET && nodeEnv === 'production') {
    throw new ConfigError(['ACCOUNTS_TOKEN_SECRET: required in production (at least 32 characters) (not set)']);
  }
  return new AccountsConfig(
    config.PUBLIC_BASE_URL,
    config.ACCOUNTS_TOKEN_SECRET ?? DEV_TOKEN_SECRET,
    config.ACCOUNTS_VERIFICATION_TTL_MINUTES * 60_000,
    config.ACCOUNTS_RESET_TTL_MINUTES * 60_000,
  );
}
