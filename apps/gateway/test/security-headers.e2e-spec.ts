import { DEMO_ACCOUNTS } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway } from '../src/gateway.bootstrap.js';
import { signedIn, startAccountsPlatform, visitor, type AccountBrowser } from './support/accounts.js';
import { Browser } from './support/browser.js';
import type { Platform } from './support/platform.js';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The Content-Security-Policy as { directive: sources }. */
function csp(headers: Headers): Record<string, string[]> {
  const value = headers.get('content-security-policy');
  if (!value) return {};
  return Object.fromEntries(
    value
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The protections every response of the gateway must carry, whatever it is. */
function protections(headers: Headers) {
  const policy = csp(headers);
  return {
    cspScripts: policy['script-src'],
    cspDefault: policy['default-src'],
    cspObjects: policy['object-src'],
    cspFrameAncestors: policy['frame-ancestors'],
    cspBaseUri: policy['base-uri'],
    frameOptions: headers.get('x-frame-options'),
    referrerPolicy: headers.get('referrer-policy'),
    permissionsPolicy: headers.get('permissions-policy'),
    contentTypeOptions: headers.get('x-content-type-options'),
  };
}

const EXPECTED_PROTECTIONS = {
  // No inline script and no eval: only the shop's own files (no third party is configured here).
  cspScripts: ["'self'"],
  cspDefault: ["'self'"],
  cspObjects: ["'none'"],
  cspFrameAncestors: ["'none'"],
  cspBaseUri: ["'self'"],
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy: expect.stringMatching(/camera=\(\).*microphone=\(\).*geolocation=\(\)/),
  contentTypeOptions: 'nosniff',
};

describe('gateway: browser protections and caching on every response', () => {
  let platform: Platform;
  let distDir: string;
  let student: AccountBrowser;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'aero-web-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-1a2b3c.js"></script></body></html>');
    writeFileSync(join(distDir, 'assets/index-1a2b3c.js'), 'console.log("app")');
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    platform = await startAccountsPlatform({ apps: ['payments'], gatewayEnv: { WEB_DIST_DIR: distDir } });
    student = await signedIn(platform, DEMO_ACCOUNTS.student.email);
  });

  afterAll(async () => {
    await platform?.stop();
    rmSync(distDir, { recursive: true, force: true });
  });

  describe('security headers', () => {
    it('are on HTML pages, JSON answers, static files and errors alike', async () => {
      const answers: [string, () => Promise<Response>][] = [
        ['the app page', () => fetch(`${platform.url}/`, { headers: HTML })],
        ['a client-side route', () => fetch(`${platform.url}/e-shop/part-66-module-7-maintenance-practices`, { headers: HTML })],
        ['JSON', () => fetch(`${platform.url}/api/products`)],
        ['personal JSON', () => student.get('/api/profile')],
        ['a hashed asset', () => fetch(`${platform.url}/assets/index-1a2b3c.js`)],
        ['an unhashed file', () => fetch(`${platform.url}/favicon.svg`)],
        ['a JSON 404', () => fetch(`${platform.url}/api/nothing-here`)],
        ['a CSRF refusal (419, answered before routing)', () => fetch(`${platform.url}/api/cart/add`, { method: 'POST' })],
        ['a validation error (422)', () => student.request('POST', '/login', { body: {}, csrf: true })],
      ];
      for (const [what, send] of answers) {
        const res = await send();
        expect({ what, ...protections(res.headers) }).toEqual({ what, ...EXPECTED_PROTECTIONS });
      }
    });

    it('the status codes above are the ones named (the answers are what they claim to be)', async () => {
      expect((await fetch(`${platform.url}/api/nothing-here`)).status).toBe(404);
      expect((await fetch(`${platform.url}/api/cart/add`, { method: 'POST' })).status).toBe(419);
      expect((await student.request('POST', '/login', { body: {}, csrf: true })).status).toBe(422);
    });

    it('the app\'s policy allows what the app loads: its own files, data: pictures, FAQ videos; never inline scripts or eval', async () => {
      const policy = csp((await fetch(`${platform.url}/`, { headers: HTML })).headers);
      expect(policy['img-src']).toEqual(["'self'", 'data:']);
      expect(policy['frame-src']).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://www.youtube.com']);
      expect(policy['form-action']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      for (const sources of Object.values(policy)) {
        expect(sources).not.toContain("'unsafe-eval'");
      }
      expect(policy['style-src']).toEqual(["'self'"]);
      // Plain HTTP here (COOKIE_SECURE=false): no upgrade of subresources to https.
      expect(policy['upgrade-insecure-requests']).toBeUndefined();
    });

    it('Swagger UI gets inline styles (it writes them) but scripts as strict as the app\'s', async () => {
      const res = await fetch(`${platform.url}/api/docs`);
      expect(res.status).toBe(200);
      const policy = csp(res.headers);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(protections(res.headers)).toEqual(EXPECTED_PROTECTIONS);
    });

    it('reCAPTCHA and PayPal hosts are allowed only when configured, and HTTPS upgrades plain subresources', async () => {
      const gateway = await startGateway(
        platform.env.env({ GATEWAY_PORT: '0', WEB_DIST_DIR: distDir, CAPTCHA_PROVIDER: 'recaptcha', PAYMENT_PROVIDER: 'live', COOKIE_SECURE: 'true' }),
      );
      try {
        const policy = csp((await fetch(`http://127.0.0.1:${gateway.port}/`, { headers: HTML })).headers);
        expect(policy['script-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://*.paypal.com']);
        expect(policy['frame-src']).toEqual(
          expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/', 'https://*.paypal.com']),
        );
        expect(policy['connect-src']).toEqual(["'self'", 'https://*.paypal.com']);
        expect(policy['upgrade-insecure-requests']).toEqual([]);
        expect(policy['script-src']).not.toContain("'unsafe-inline'");
      } finally {
        await gateway.close();
      }
    });
  });

  describe('caching', () => {
    it('personal JSON (me, profile, billing, orders, wallet, cart) is no-store', async () => {
      for (const path of ['/api/me', '/api/profile', '/api/profile/billing', '/api/orders', '/api/wallet', '/api/wallet/ledger', '/api/cart']) {
        const res = await student.get(path);
        expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({ path, status: 200, cacheControl: 'no-store' });
      }
    });

    it('a signed-in user\'s changes and errors are no-store too (nothing personal is kept unless a route says so)', async () => {
      const added = await student.request('POST', '/api/cart/add', { body: { product_id: 0 }, csrf: true });
      expect(added.headers.get('cache-control')).toBe('no-store');
      const missing = await student.get('/api/orders/00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-store');
    });

    it('a visitor\'s cart is no-store as well (it is the visitor\'s own)', async () => {
      const guest = await visitor(platform);
      const res = await guest.get('/api/cart');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('cookies', () => {
    it('no static file or public answer (the product list) sets a cookie, for a new client or a signed-in one', async () => {
      for (const path of ['/assets/index-1a2b3c.js', '/favicon.svg', '/api/docs/swagger-ui.css', '/api/products']) {
        for (const client of [new Browser(platform.url), student]) {
          const res = await client.get(path);
          expect({ path, status: res.status, setCookie: res.headers.getSetCookie() }).toEqual({ path, status: 200, setCookie: [] });
          expect(res.headers.get('cache-control')).toMatch(/^public/);
        }
      }
    });

    it('a new client gets its session and XSRF-TOKEN cookies with its first API answer, which is then no-store', async () => {
      const client = new Browser(platform.url);
      const res = await client.get('/api/me');
      expect(client.setCookieLine('aero_session')).toMatch(/HttpOnly/);
      expect(client.setCookieLine('XSRF-TOKEN')).toBeDefined();
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
