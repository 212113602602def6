import { startPrivateRedis, waitFor, type PrivateRedis } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * A buyer whose request reaches a service that is down, or that dies while it holds the request,
 * gets a 503 within 2 s, although the gateway waits up to 20 s for a live service that is slow.
 * The gateway's own Redis (sessions) being down is a 503 too, never a 500.
 */
describe('gateway: a service that is down or dies mid-request answers 503 within 2 s', () => {
  jest.setTimeout(60_000);
  let platform: Platform;
  /** The gateway's Redis, of this file alone, so that it may be killed. */
  let redis: PrivateRedis;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    platform = await startPlatform({ gatewayEnv: { RPC_TIMEOUT_MS: '20000', REDIS_URL: redis.url } });
  });

  afterAll(async () => {
    await platform?.stop();
    await redis?.destroy();
  });

  /** A product search: one catalog-cart call per request (the product list is kept by the gateway for 2 s). */
  async function timedSearch(): Promise<{ status: number; ms: number }> {
    const started = performance.now();
    const res = await fetch(`${platform.url}/api/products/search?query=module`);
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  }

  it('answers 503 at once while the service is stopped', async () => {
    await platform.catalogCart.stop();
    try {
      const { status, ms } = await timedSearch();
      expect(status).toBe(503);
      expect(ms).toBeLessThan(2000);
    } finally {
      await platform.restartCatalogCart();
    }
  });

  it('answers 503 within 2 s when the service is killed while it holds the request, and recovers once it is back', async () => {
    // Stopped first, so the request is surely delivered to it and not answered; then killed.
    platform.catalogCart.child.kill('SIGSTOP');
    const pending = timedSearch();
    await sleep(200);
    platform.catalogCart.child.kill('SIGKILL');
    const { status, ms } = await pending;
    console.log(`request held by a killed catalog-cart: ${status} after ${Math.round(ms)} ms (RPC timeout 20 s)`);
    expect(status).toBe(503);
    expect(ms).toBeLessThan(2000);

    await platform.restartCatalogCart();
    await waitFor(async () => (await timedSearch()).status === 200, { what: 'the search once catalog-cart is back' });
  });

  it('still answers when the service stalls for less than a second while it holds the request', async () => {
    platform.catalogCart.child.kill('SIGSTOP');
    const pending = timedSearch();
    await sleep(700);
    platform.catalogCart.child.kill('SIGCONT');
    const { status, ms } = await pending;
    expect(status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(700);
  });

  it('answers 503 within 3 s while its Redis is down (sessions), and serves again once it is back', async () => {
    const cart = async () => {
      const started = performance.now();
      const res = await fetch(`${platform.url}/api/cart`);
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    };
    expect((await cart()).status).toBe(200);
    await redis.kill();
    try {
      const { status, ms } = await cart();
      expect(status).toBe(503);
      expect(ms).toBeLessThan(3000);
    } finally {
      await redis.start();
    }
    await waitFor(async () => (await cart()).status === 200, { timeoutMs: 15_000, what: 'the cart once Redis is back' });
  });
});
