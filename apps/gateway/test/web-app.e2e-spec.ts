import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { startGateway, type RunningGateway } from '../src/gateway.bootstrap.js';
import { Browser } from './support/browser.js';
import { startPlatform, type Platform } from './support/platform.js';
import { fakeWebDist } from './support/web-dist.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script src="/assets/index-3f2a1b.js"></script></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('gateway: the web app', () => {
  let platform: Platform;
  let dist: ReturnType<typeof fakeWebDist>;

  beforeAll(async () => {
    dist = fakeWebDist({
      'index.html': INDEX_HTML,
      'assets/index-3f2a1b.js': 'console.log("app")',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    platform = await startPlatform({ gatewayEnv: { WEB_DIST_DIR: dist.dir } });
  });

  afterAll(async () => {
    await platform?.stop();
    dist?.remove();
  });

  it('serves index.html at / for revalidation on every visit, private when it hands out the first cookies', async () => {
    const client = new Browser(platform.url);
    const res = await client.get('/', HTML);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(INDEX_HTML);
    // The page a new visitor loads first gives it the cookies the app needs (its first POST sends the token back).
    expect(client.setCookieLine('XSRF-TOKEN')).toBeDefined();
    expect(client.setCookieLine('aero_session')).toBeDefined();
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const again = await client.get('/', HTML);
    expect(client.lastSetCookies).toEqual([]);
    expect(again.headers.get('cache-control')).toBe('no-cache');
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

  it('never sets a cookie on a static file, even for a first-time client: the file stays publicly cacheable', async () => {
    for (const [path, cacheControl] of [
      ['/assets/index-3f2a1b.js', 'public, max-age=31536000, immutable'],
      ['/favicon.svg', 'public, no-cache'],
    ]) {
      const client = new Browser(platform.url);
      const res = await client.get(path);
      expect({ path, status: res.status, cookies: client.lastSetCookies, cacheControl: res.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cookies: [],
        cacheControl,
      });
    }
  });

  it('a client that fetched static files first gets its cookies with the next page, and its first POST passes the CSRF check', async () => {
    const client = new Browser(platform.url);
    await client.get('/assets/index-3f2a1b.js');
    expect(client.cookies.size).toBe(0);
    await client.get('/e-shop', HTML);
    expect([...client.cookies.keys()].sort()).toEqual(['XSRF-TOKEN', 'aero_session']);
    const apply = await client.request('POST', '/voucher/apply', { body: { code: '' }, csrf: true });
    expect(apply.status).toBe(422);
  });

  it('answers client-side routes with index.html so the SPA router takes over', async () => {
    const client = new Browser(platform.url);
    const res = await client.get('/e-shop/part-66-module-7-maintenance-practices', HTML);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX_HTML);
    expect(client.setCookieLine('XSRF-TOKEN')).toBeDefined();
  });

  it('answers an address no screen has with 404 and the app, whose router shows the not-found page', async () => {
    for (const path of ['/no-such-page', '/product/no-such-product', '/e-shop/no-such-product', '/cart/credentials/extra', '/e-shop/part-66-module-7-maintenance-practices/x']) {
      const res = await fetch(`${platform.url}${path}`, { headers: HTML });
      expect({ path, status: res.status, type: res.headers.get('content-type'), body: await res.text() }).toEqual({
        path,
        status: 404,
        type: expect.stringMatching(/^text\/html/),
        body: INDEX_HTML,
      });
    }
  });

  it('answers 200 for every kind of screen address: literal, with parameters, with a query, and a product the catalogue has', async () => {
    for (const path of ['/e-shop/how-to-become-engineer', '/employees/42/edit', '/password/reset/abc.def?email=a%40b.example', '/cart/', '/articles/faq-corporate-account', '/e-shop/part-145-initial-training']) {
      const res = await fetch(`${platform.url}${path}`, { headers: HTML });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
  });

  it('answers a missing file requested by a script with a JSON 404, not index.html', async () => {
    const res = await fetch(`${platform.url}/assets/missing-123.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  describe('when the web app is not built', () => {
    let gateway: RunningGateway;

    beforeAll(async () => {
      gateway = await startGateway(platform.env.env({ GATEWAY_PORT: '0', WEB_DIST_DIR: join(dist.dir, 'not-built') }));
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
