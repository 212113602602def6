import { ConfigError } from '@aero/backend-config';
import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadGatewayConfig, trustProxySetting } from './gateway.config.js';

describe('gateway configuration', () => {
  it('runs with no environment at all outside production', () => {
    const config = loadGatewayConfig({});
    expect(config.GATEWAY_PORT).toBe(3000);
    expect(config.COOKIE_SECURE).toBe(false);
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    // <repo>/dist/apps/web, wherever the gateway runs from (src/ or dist/).
    expect(config.WEB_DIST_DIR).toMatch(/\/dist\/apps\/web$/);
    expect(existsSync(join(config.WEB_DIST_DIR, '../../../nx.json'))).toBe(true);
  });

  it('refuses to start in production without a SESSION_SECRET', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
    const secret = 'p'.repeat(40);
    expect(loadGatewayConfig({ NODE_ENV: 'production', SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
  });

  it('refuses a short SESSION_SECRET and reads COOKIE_SECURE and the port', () => {
    expect(() => loadGatewayConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    const config = loadGatewayConfig({ COOKIE_SECURE: 'true', GATEWAY_PORT: '8080' });
    expect(config.COOKIE_SECURE).toBe(true);
    expect(config.GATEWAY_PORT).toBe(8080);
    expect(() => loadGatewayConfig({ COOKIE_SECURE: 'sometimes' })).toThrow(/COOKIE_SECURE/);
  });

  it('reads PUBLIC_BASE_URL, the address printed on tickets: an origin without a trailing slash', () => {
    expect(loadGatewayConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(loadGatewayConfig({ PUBLIC_BASE_URL: 'https://academy.example/' }).PUBLIC_BASE_URL).toBe('https://academy.example');
    expect(() => loadGatewayConfig({ PUBLIC_BASE_URL: 'https://academy.example/shop' })).toThrow(/PUBLIC_BASE_URL: must be an origin only/);
  });

  it('reads TRUST_PROXY as off, on, or the proxies\' addresses', () => {
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('10.0.0.0/8,127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
  });
});
