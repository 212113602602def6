import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Browser } from './support/browser.js';
import { FakeServices } from './support/fake-services.js';
import { startPlatform, type Platform } from './support/platform.js';
import { FailingRpc } from './support/test-routes.controller.js';
import { TestRoutesModule } from './support/test-routes.module.js';

describe('gateway: error answers and rate limits', () => {
  let platform: Platform;
  let fakes: FakeServices;

  beforeAll(async () => {
    platform = await startPlatform({ modules: [TestRoutesModule] });
    fakes = await FakeServices.connect(platform.env.natsPrefix);
  });

  afterAll(async () => {
    await fakes?.close();
    await platform?.stop();
  });

  async function signedInBrowser(): Promise<Browser> {
    const client = new Browser(platform.url);
    await client.get('/');
    return client;
  }

  describe('validation', () => {
    it('answers 422 { message, errors: { field: [messages] } } with the most relevant message first', async () => {
      const client = await signedInBrowser();
      const res = await client.request('POST', '/api/test/items', {
        body: { name: '', quantity: 'two', email: 'not-an-email', colour: 'red' },
        csrf: true,
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe('The given data was invalid.');
      expect(Object.keys(body.errors).sort()).toEqual(['colour', 'email', 'name', 'quantity']);
      expect(body.errors.name).toEqual(['name should not be empty']);
      // Both checks fail: they read in the order the DTO declares them (type first, then range).
      expect(body.errors.quantity).toEqual(['quantity must be an integer number', 'quantity must not be less than 1']);
      expect(body.errors.email).toEqual(['email must be an email']);
      expect(body.errors.colour).toEqual(['property colour should not exist']);
    });

    it('transforms the payload into the DTO and passes valid data through', async () => {
      const client = await signedInBrowser();
      const res = await client.request('POST', '/api/test/items', { body: { name: 'Torque wrench', quantity: 3 }, csrf: true });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ method: 'POST', item: { name: 'Torque wrench', quantity: 3 } });
    });
  });

  describe('errors', () => {
    it('maps a service\'s domain error to its status with { message, errors, code }', async () => {
      await fakes.failing(FailingRpc.pattern, {
        code: 'voucher_expired',
        message: 'The voucher has expired.',
        status: 422,
        errors: { code: ['The voucher has expired.'] },
      });
      const client = await signedInBrowser();
      const res = await client.request('POST', '/api/test/voucher', { csrf: true });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: 'The voucher has expired.',
        errors: { code: ['The voucher has expired.'] },
        code: 'voucher_expired',
      });
      await fakes.stop(FailingRpc.pattern);
    });

    it('answers an unexpected error with 500, a correlation id and no detail of the error', async () => {
      const res = await fetch(`${platform.url}/api/test/boom`, { headers: { 'x-correlation-id': 'boom-1' } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ message: 'Something went wrong', correlationId: 'boom-1' });
      expect(text).not.toMatch(/hunter2|at .*\.ts/);
    });

    it('answers unknown API routes with a JSON 404, even for a browser', async () => {
      const res = await fetch(`${platform.url}/api/nothing-here`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: 'Cannot GET /api/nothing-here' });
    });

    it('answers JSON, not the web app, to XMLHttpRequest calls', async () => {
      const res = await fetch(`${platform.url}/account/settings`, {
        headers: { accept: 'text/html', 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    });

    it('answers a malformed JSON body with a JSON 400', async () => {
      const client = await signedInBrowser();
      const res = await client.request('POST', '/api/test/items', { rawJson: '{"name": "Wrench", ', csrf: true });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
    });
  });

  describe('rate limits', () => {
    it('answers 429 with the seconds to wait once a session passes the limit', async () => {
      const client = await signedInBrowser();
      for (let i = 0; i < 3; i++) expect((await client.request('POST', '/api/test/limited', { csrf: true })).status).toBe(201);
      const refused = await client.request('POST', '/api/test/limited', { csrf: true });
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { message: string; retryAfter: number };
      expect(body.retryAfter).toBeGreaterThanOrEqual(59);
      expect(body.retryAfter).toBeLessThanOrEqual(60);
      expect(body.message).toBe(`Too Many Requests. Retry in ${body.retryAfter} seconds.`);
      expect(refused.headers.get('retry-after')).toBe(String(body.retryAfter));

      // Another visitor has its own count.
      const other = await signedInBrowser();
      expect((await other.request('POST', '/api/test/limited', { csrf: true })).status).toBe(201);
    });

    it('counts by IP across sessions, with the route\'s own message', async () => {
      const first = await signedInBrowser();
      expect((await first.request('POST', '/api/test/limited-by-ip', { csrf: true })).status).toBe(201);
      const second = await signedInBrowser();
      const refused = await second.request('POST', '/api/test/limited-by-ip', { csrf: true });
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { message: string; retryAfter: number };
      expect(body.message).toBe(`Wait ${body.retryAfter} seconds before sending another message.`);
    });

    it('shares the count between gateway replicas (it lives in Redis)', async () => {
      const { startGateway } = await import('../src/gateway.bootstrap.js');
      const replica = await startGateway(platform.env.env({ GATEWAY_PORT: '0' }), { modules: [TestRoutesModule] });
      try {
        const client = await signedInBrowser();
        const onReplica = new Browser(`http://127.0.0.1:${replica.port}`);
        for (let i = 0; i < 3; i++) await client.request('POST', '/api/test/limited', { csrf: true });
        // Same session cookie, other replica.
        for (const [name, value] of client.cookies) onReplica.cookies.set(name, value);
        expect((await onReplica.request('POST', '/api/test/limited', { csrf: true })).status).toBe(429);
      } finally {
        await replica.close();
      }
    });
  });
});
