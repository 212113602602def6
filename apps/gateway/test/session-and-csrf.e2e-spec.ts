import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { TEST_INFRA } from '@aero/backend-testing';
import { Browser } from './support/browser.js';
import { startPlatform, type Platform } from './support/platform.js';
import { TestRoutesModule } from './support/test-routes.module.js';

describe('gateway: sessions, CSRF and _method', () => {
  let platform: Platform;
  let redis: Redis;

  beforeAll(async () => {
    platform = await startPlatform({ modules: [TestRoutesModule] });
    redis = new Redis(TEST_INFRA.redis);
  });

  afterAll(async () => {
    redis?.disconnect();
    await platform?.stop();
  });

  const browser = () => new Browser(platform.url);
  const sessionKey = (id: string) => `${platform.env.redisPrefix}:sess:${id}`;

  describe('session cookie', () => {
    it('gives every client an HttpOnly, SameSite=Lax session cookie on its first response', async () => {
      const client = browser();
      await client.get('/api/test/context');
      const line = client.setCookieLine('aero_session')!;
      expect(line).toMatch(/^aero_session=[A-Za-z0-9_-]{43};/);
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).toMatch(/; SameSite=Lax/i);
      expect(line).toMatch(/; Path=\//);
      expect(line).toMatch(/; Max-Age=86400/);
      expect(line).not.toMatch(/; Secure/i);

      // The same client keeps its id: no new cookie on the next plain request.
      await client.get('/api/test/context');
      expect(client.setCookieLine('aero_session')).toBeUndefined();
    });

    it('stores nothing in Redis until something is written, then keeps the record for 24 h', async () => {
      const client = browser();
      await client.get('/api/test/context');
      const id = client.cookies.get('aero_session')!;
      expect(await redis.exists(sessionKey(id))).toBe(0);

      const written = await client.request('POST', '/api/test/session', { body: { cartId: 'cart-1' }, csrf: true });
      expect(written.status).toBe(201);
      expect(await redis.hget(sessionKey(id), 'cartId')).toBe('"cart-1"');
      const ttl = await redis.ttl(sessionKey(id));
      expect(ttl).toBeGreaterThan(86_000);
      expect(ttl).toBeLessThanOrEqual(86_400);

      const read = await client.get('/api/test/session');
      expect(await read.json()).toEqual({ data: { cartId: 'cart-1' } });
    });

    it('regenerate() moves the data to a new id (and a new CSRF token); destroy() empties it', async () => {
      const client = browser();
      await client.get('/');
      await client.request('POST', '/api/test/session', { body: { cartId: 'cart-2' }, csrf: true });
      const before = { id: client.cookies.get('aero_session')!, token: client.cookies.get('XSRF-TOKEN') };

      const regenerated = await client.request('POST', '/api/test/session/regenerate', { csrf: true });
      expect(await regenerated.json()).toEqual({ data: { cartId: 'cart-2' } });
      const after = client.cookies.get('aero_session')!;
      expect(after).not.toBe(before.id);
      expect(client.cookies.get('XSRF-TOKEN')).not.toBe(before.token);
      expect(await redis.exists(sessionKey(before.id))).toBe(0);
      expect(await redis.hget(sessionKey(after), 'cartId')).toBe('"cart-2"');

      const destroyed = await client.request('POST', '/api/test/session/destroy', { csrf: true });
      expect(await destroyed.json()).toEqual({ data: {} });
      expect(await redis.exists(sessionKey(after))).toBe(0);
      expect(client.cookies.get('aero_session')).not.toBe(after);
    });

    it('marks the cookies Secure when COOKIE_SECURE is on', async () => {
      const { startGateway } = await import('../src/gateway.bootstrap.js');
      const secure = await startGateway(platform.env.env({ GATEWAY_PORT: '0', COOKIE_SECURE: 'true' }));
      try {
        const client = new Browser(`http://127.0.0.1:${secure.port}`);
        await client.get('/health/live');
        expect(client.setCookieLine('aero_session')).toMatch(/; Secure/i);
        expect(client.setCookieLine('XSRF-TOKEN')).toMatch(/; Secure/i);
      } finally {
        await secure.close();
      }
    });
  });

  describe('CSRF', () => {
    it('sets a readable XSRF-TOKEN cookie on the first response, whatever the route', async () => {
      for (const path of ['/api/me', '/health', '/no/such/page', '/api/nothing-here']) {
        const client = browser();
        await client.get(path);
        const line = client.setCookieLine('XSRF-TOKEN');
        expect(line).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43};/);
        expect(line).not.toMatch(/HttpOnly/i);
        expect(line).toMatch(/; SameSite=Lax/i);
      }
    });

    it('refuses POST and DELETE without the token, or with a wrong one, with 419', async () => {
      const client = browser();
      await client.get('/');
      const cases = [
        client.request('POST', '/api/test/items', { body: { name: 'a', quantity: 1 } }),
        client.request('DELETE', '/api/test/items/5'),
        client.request('POST', '/api/test/items', { body: { name: 'a', quantity: 1 }, headers: { 'x-xsrf-token': 'forged' } }),
        client.request('DELETE', '/api/test/items/5', { headers: { 'x-csrf-token': `${client.cookies.get('XSRF-TOKEN')}x` } }),
      ];
      for (const res of await Promise.all(cases)) {
        expect(res.status).toBe(419);
        expect(await res.json()).toEqual({ message: 'CSRF token mismatch.' });
      }
      // A token from another session is worth nothing here.
      const other = browser();
      await other.get('/');
      const stolen = await client.request('POST', '/api/test/items', {
        body: { name: 'a', quantity: 1 },
        headers: { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN')! },
      });
      expect(stolen.status).toBe(419);
    });

    it('accepts the token in X-XSRF-TOKEN or X-CSRF-TOKEN', async () => {
      const client = browser();
      await client.get('/');
      const token = client.cookies.get('XSRF-TOKEN')!;
      const viaXsrf = await client.request('POST', '/api/test/items', { body: { name: 'a', quantity: 1 }, headers: { 'x-xsrf-token': token } });
      expect(viaXsrf.status).toBe(201);
      expect(await viaXsrf.json()).toEqual({ method: 'POST', item: { name: 'a', quantity: 1 } });
      const viaCsrf = await client.request('DELETE', '/api/test/items/5', { headers: { 'x-csrf-token': token } });
      expect(viaCsrf.status).toBe(200);
      expect(await viaCsrf.json()).toEqual({ method: 'DELETE', id: '5' });
    });

    it('lets GET and HEAD through without a token', async () => {
      const client = browser();
      expect((await client.request('HEAD', '/api/products')).status).toBe(200);
      expect((await client.get('/api/test/session')).status).toBe(200);
    });

    it('lets a @SkipCsrf() route (webhooks) through without a token', async () => {
      const res = await browser().request('POST', '/api/test/webhook');
      expect(res.status).toBe(201);
    });
  });

  describe('_method override', () => {
    it('routes a POST form with _method=DELETE or PUT in the body as that method', async () => {
      const client = browser();
      await client.get('/');
      const deleted = await client.request('POST', '/api/test/items/7', { form: { _method: 'delete' }, csrf: true });
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ method: 'DELETE', id: '7' });

      const put = await client.request('POST', '/api/test/items/8', {
        body: { _method: 'PUT', name: 'Wrench', quantity: 2 },
        csrf: true,
      });
      expect(put.status).toBe(200);
      // _method itself does not reach validation as an unknown field.
      expect(await put.json()).toEqual({ method: 'PUT', id: '8', item: { name: 'Wrench', quantity: 2 } });

      const invalid = await client.request('POST', '/api/test/items/8', { body: { _method: 'PUT', name: '' }, csrf: true });
      expect(invalid.status).toBe(422);
      expect(invalid.headers.get('x-correlation-id')).toBeTruthy();
    });

    it('routes a POST with ?_method=PATCH in the query as PATCH', async () => {
      const client = browser();
      await client.get('/');
      const res = await client.request('POST', '/api/test/items/9?_method=PATCH', { csrf: true });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ method: 'PATCH', id: '9' });
    });

    it('still needs the CSRF token when the method is overridden', async () => {
      const client = browser();
      await client.get('/');
      expect((await client.request('POST', '/api/test/items/7', { form: { _method: 'DELETE' } })).status).toBe(419);
      expect((await client.request('POST', '/api/test/items/7?_method=DELETE')).status).toBe(419);
    });

    it('refuses any other _method with 422', async () => {
      const client = browser();
      await client.get('/');
      for (const res of [
        await client.request('POST', '/api/test/items/7', { form: { _method: 'GET' }, csrf: true }),
        await client.request('POST', '/api/test/items/7?_method=OPTIONS', { csrf: true }),
      ]) {
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({
          message: 'The given data was invalid.',
          errors: { _method: ['The _method field must be PUT, PATCH or DELETE.'] },
        });
      }
    });
  });
});
