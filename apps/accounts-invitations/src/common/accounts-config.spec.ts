import { ConfigError } from '@aero/backend-config';
import { describe, expect, it } from '@jest/globals';
import { DEV_TOKEN_SECRET, loadAccountsConfig } from './accounts-config.js';

describe('accounts settings', () => {
  it('defaults PUBLIC_BASE_URL to http://localhost:3000, the secret to a development one, and reset links to 60 minutes', () => {
    const config = loadAccountsConfig({}, 'development');
    expect(config).toEqual({ publicBaseUrl: 'http://localhost:3000', tokenSecret: DEV_TOKEN_SECRET, verificationTtlMs: 86_400_000, resetTtlMs: 3_600_000 });
  });

  it('refuses to start in production without ACCOUNTS_TOKEN_SECRET, and refuses a short secret anywhere', () => {
    expect(() => loadAccountsConfig({}, 'production')).toThrow(ConfigError);
    expect(() => loadAccountsConfig({ ACCOUNTS_TOKEN_SECRET: 'short' }, 'development')).toThrow(ConfigError);
    const secret = 'x'.repeat(40);
    expect(loadAccountsConfig({ ACCOUNTS_TOKEN_SECRET: secret, PUBLIC_BASE_URL: 'https://academy.example/' }, 'production')).toEqual(
      expect.objectContaining({ tokenSecret: secret, publicBaseUrl: 'https://academy.example' }),
    );
  });

  it('refuses a PUBLIC_BASE_URL with a path, and an old APP_URL that disagrees with PUBLIC_BASE_URL', () => {
    expect(() => loadAccountsConfig({ PUBLIC_BASE_URL: 'https://academy.example/shop' }, 'development')).toThrow(/PUBLIC_BASE_URL: must be an origin only/);
    expect(() => loadAccountsConfig({ APP_URL: 'https://academy.example' }, 'development')).toThrow(/APP_URL: replaced by PUBLIC_BASE_URL/);
    const both = { APP_URL: 'https://academy.example/', PUBLIC_BASE_URL: 'https://academy.example' };
    expect(loadAccountsConfig(both, 'development').publicBaseUrl).toBe('https://academy.example');
  });
});
