import { waitFor } from '@aero/backend-testing';
import type { ProductDto } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPlatform, type Platform } from './support/platform.js';
import { TestRoutesModule } from './support/test-routes.module.js';

describe('gateway: products and unavailable services', () => {
  let platform: Platform;

  beforeAll(async () => {
    // A short RPC timeout so the "service hangs" case answers quickly.
    platform = await startPlatform({ gatewayEnv: { RPC_TIMEOUT_MS: '800' }, modules: [TestRoutesModule] });
  });

  afterAll(async () => {
    await platform?.stop();
  });

  const products = () => fetch(`${platform.url}/api/products`);

  it('GET /api/products answers { data: [...] } with catalog-cart\'s products as JSON', async () => {
    const res = await products();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { data } = (await res.json()) as { data: ProductDto[] };
    expect(data.length).toBeGreaterThan(10);
    expect(data.find((p) => p.id === 107)).toEqual(
      expect.objectContaining({ name: 'Part-66 Module 7: Maintenance Practices', price: 199, formatted_price: '€199.00' }),
    );
  });

  it('answers the list with an ETag, and 304 with no body to a browser that holds that version', async () => {
    const first = await products();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const body = await first.text();

    const revalidated = await fetch(`${platform.url}/api/products`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');

    const other = await fetch(`${platform.url}/api/products`, { headers: { 'if-none-match': '"an-older-version-of-the-list"' } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(body);
  });

  it('echoes the caller\'s X-Correlation-Id, or makes one, and runs the handler inside it', async () => {
    const given = await fetch(`${platform.url}/api/test/context`, { headers: { 'x-correlation-id': 'req-abc-123' } });
    expect(given.headers.get('x-correlation-id')).toBe('req-abc-123');
    // The id the handler sees is the one RpcClient forwards to the services.
    expect(await given.json()).toEqual({ correlationId: 'req-abc-123' });

    const made = await products();
    expect(made.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);

    // Anything but a short plain token (which could forge log fields) is replaced, not echoed.
    const forged = await fetch(`${platform.url}/api/test/context`, { headers: { 'x-correlation-id': 'a" , "level": "fatal' } });
    expect(forged.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 JSON while catalog-cart is down, keeps serving other routes, and recovers without a restart', async () => {
    await platform.catalogCart.stop();

    // The gateway's copy of the list may serve for up to 2 s more (products.controller.ts).
    await waitFor(async () => (await products()).status !== 200, { what: 'the cached product list to expire' });
    const down = await products();
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      code: 'service_unavailable',
    });
    expect((await fetch(`${platform.url}/api/test/context`)).status).toBe(200);
    expect((await fetch(`${platform.url}/health/live`)).status).toBe(200);

    await platform.restartCatalogCart();
    await waitFor(async () => (await products()).status === 200, { what: 'products after catalog-cart restart' });
  });

  it('answers 503 when catalog-cart hangs past the RPC timeout, and recovers when it resumes', async () => {
    platform.catalogCart.child.kill('SIGSTOP');
    try {
      await waitFor(async () => (await products()).status !== 200, { what: 'the cached product list to expire' });
      const started = Date.now();
      const hung = await products();
      expect(hung.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await fetch(`${platform.url}/api/test/context`)).status).toBe(200);
    } finally {
      platform.catalogCart.child.kill('SIGCONT');
    }
    await waitFor(async () => (await products()).status === 200, { what: 'products after catalog-cart resumed' });
  });
});
