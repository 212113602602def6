import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { cacheControlHook } from './cache-control.hook.js';

/** A route that answers with these headers, then the hook decides. */
function answer(app: FastifyInstance, path: string, headers: Record<string, string>): void {
  app.get(path, async (_request, reply) => {
    for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
    return { ok: true };
  });
}

describe('Cache-Control of every response (cacheControlHook)', () => {
  const app = Fastify();

  beforeAll(async () => {
    app.addHook('onSend', cacheControlHook);
    answer(app, '/silent', {});
    answer(app, '/decided', { 'cache-control': 'private, max-age=86400' });
    answer(app, '/public', { 'cache-control': 'public, max-age=31536000, immutable' });
    answer(app, '/public-with-cookie', { 'cache-control': 'public, max-age=31536000, immutable', 'set-cookie': 'a=1' });
    answer(app, '/revalidated-with-cookie', { 'cache-control': 'no-cache', 'set-cookie': 'a=1' });
    answer(app, '/no-store-with-cookie', { 'cache-control': 'no-store', 'set-cookie': 'a=1' });
    answer(app, '/silent-with-cookie', { 'set-cookie': 'a=1' });
    await app.ready();
  });

  afterAll(() => app.close());

  const cacheControl = async (path: string) => (await app.inject({ method: 'GET', url: path })).headers['cache-control'];

  it('a response whose route said nothing is no-store (it may be personal)', async () => {
    expect(await cacheControl('/silent')).toBe('no-store');
    expect(await cacheControl('/silent-with-cookie')).toBe('no-store');
  });

  it('a route\'s own decision stands when it sets no cookie', async () => {
    expect(await cacheControl('/decided')).toBe('private, max-age=86400');
    expect(await cacheControl('/public')).toBe('public, max-age=31536000, immutable');
  });

  it('a response that sets a cookie is never left to shared caches', async () => {
    expect(await cacheControl('/public-with-cookie')).toBe('private, max-age=31536000, immutable');
    expect(await cacheControl('/revalidated-with-cookie')).toBe('private, no-cache');
    expect(await cacheControl('/no-store-with-cookie')).toBe('no-store');
  });
});
