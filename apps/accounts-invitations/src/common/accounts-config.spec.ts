import { ConfigError } from '@aero/backend-config';
import { describe, expect, it } from '@jest/globals';
import { DEV_TOKEN_SECRET, loadAccountsConfig } from './accounts-config.js';

describe('accounts settings', () => {
  it('defaults APP_URL to http://localhost:3000, the secret to a development one, and reset links to 60 minutes', () => {
    const config = loadAccountsConfig({}, 'development');
    expect(config).toEqual({ appUrl: 'http://localhost:3000', tokenSecret: DEV_TOKEN_SECRET, verificationTtlMs: 86_400_000, resetTtlMs: 3_600_000 });
  });

  it('refuses to start in production without ACCOUNTS_TOKEN_SECRET, and refuses a short secret anywhere', () => {
    expect(() => loadAccountsConfig({}, 'production')).toThrow(ConfigError);
    expect(() => loadAccountsConfig({ ACCOUNTS_TOKEN_SECRET: 'short' }, 'development')).toThrow(ConfigError);
    const secret = 'x'.repeat(40);
    expect(loadAccountsConfig({ ACCOUNTS_TOKEN_SECRET: secret, APP_URL: 'https://academy.example/' }, 'production')).toEqual(
      expect.objectContaining({ tokenSecret: secret, appUrl: 'https://academy.example' }),
    );
  });
});
