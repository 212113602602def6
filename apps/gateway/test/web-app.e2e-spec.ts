import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway, type RunningGateway } from '../src/gateway.bootstrap.js';
import { Browser } from './support/browser.js';
import { startPlatform, type Platform } from './support/platform.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script src="/assets/index-3f2a1b.js"></script></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('gateway: the web app', () => {
  let platform: Platform;
  let distDir: string;

  beforeAll(async () => {
    // A stand-in for Vite's output (dist/apps/web).
    distDir = mkdtempSync(join(tmpdir(), 'aero-web-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(distDir, 'assets/index-3f2a1b.js'), 'console.log("app")');
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    platform = await startPlatform({ gatewayEnv: { WEB_DIST_DIR: distDir } });
  });

  afterAll(async () => {
    await platform?.stop();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves index.html at / for revalidation on every visit', async () => {
    const res = await fetch(`${platform.url}/`, { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX_HTML);
  });

  it('serves /assets/* with long-lived immutable cache headers', async () => {
    const client = new Browser(platform.url);
    await client.get('/');
    const res = await client.get('/assets/index-3f2a1b.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")');
  });

  it('gives a first-time client its cookies on a static file too, but then keeps it out of shared caches', async () => {
    const client = new Browser(platform.url);
    const res = await client.get('/assets/index-3f2a1b.js');
    expect(client.setCookieLine('XSRF-TOKEN')).toBeDefined();
    expect(client.setCookieLine('aero_session')).toBeDefined();
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  });

  it('answers client-side routes with index.html so the SPA router takes over', async () => {
    const client = new Browser(platform.url);
    const res = await client.get('/e-shop/part-66-module-7-maintenance-practices', HTML);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX_HTML);
    expect(client.setCookieLine('XSRF-TOKEN')).toBeDefined();
  });

  it('answers a missing file requested by a script with a JSON 404, not index.html', async () => {
    const res = await fetch(`${platform.url}/assets/missing-123.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  describe('when the web app is not built', () => {
    let gateway: RunningGateway;

    beforeAll(async () => {
      gateway = await startGateway(platform.env.env({ GATEWAY_PORT: '0', WEB_DIST_DIR: join(distDir, 'not-built') }));
    });

    afterAll(async () => {
      await gateway?.close();
    });

    it('answers pages with a short HTML note on how to build it, and the API still works', async () => {
      for (const path of ['/', '/e-shop']) {
        const res = await fetch(`http://127.0.0.1:${gateway.port}${path}`, { headers: HTML });
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toMatch(/not built yet.*npm run build:web/s);
      }
      expect((await fetch(`http://127.0.0.1:${gateway.port}/api/products`)).status).toBe(200);
    });
  });
});
