import { NOT_LOGGED_IN, type ErrorReport } from '@aero/backend-observability';
import { waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createUser, signedIn, startAccountsPlatform, visitor } from './support/accounts.js';
import type { Platform } from './support/platform.js';
import { TestRoutesModule } from './support/test-routes.module.js';

describe('gateway: error reports with who and where', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startAccountsPlatform({ modules: [TestRoutesModule] });
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** The operators' view of the sink (operations port), for one correlation id. */
  async function reportsOf(correlationId: string): Promise<ErrorReport[]> {
    const res = await fetch(`http://127.0.0.1:${platform.gateway.opsPort}/errors?correlationId=${encodeURIComponent(correlationId)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: ErrorReport[] }).data;
  }

  async function reportOf(correlationId: string): Promise<ErrorReport> {
    // Reports are written in the background, right after the answer.
    const reports = await waitFor(async () => {
      const found = await reportsOf(correlationId);
      return found.length ? found : null;
    }, { what: `the error report of ${correlationId}` });
    expect(reports).toHaveLength(1);
    return (reports as ErrorReport[])[0];
  }

  it("reports a gateway 500 with 'Not logged in', the correlation id of the answer, the route and the release", async () => {
    const browser = await visitor(platform);
    const res = await browser.get('/api/test/boom');
    expect(res.status).toBe(500);
    const { correlationId } = (await res.json()) as { correlationId: string };
    expect(await reportOf(correlationId)).toMatchObject({
      source: 'gateway',
      kind: 'http',
      userId: NOT_LOGGED_IN,
      correlationId,
      route: 'GET /api/test/boom',
      status: 500,
      release: expect.any(String),
      message: expect.stringContaining('leaked'),
    });
    expect(NOT_LOGGED_IN).toBe('Not logged in');
  });

  it("reports a gateway 500 of a signed-in user with the user's id", async () => {
    const user = await createUser(platform);
    const browser = await signedIn(platform, user.email, user.password);
    const res = await browser.get('/api/test/boom');
    const { correlationId } = (await res.json()) as { correlationId: string };
    expect(await reportOf(correlationId)).toMatchObject({ userId: user.id, correlationId, kind: 'http' });
  });

  it("receives a browser's report (POST /api/client-errors) with the signed-in user's id from the session and the failed call's correlation id", async () => {
    const user = await createUser(platform);
    const browser = await signedIn(platform, user.email, user.password);
    const failedCall = randomUUID();
    const answer = await browser.call('POST', '/api/client-errors', {
      kind: 'api_call',
      name: 'ApiError',
      message: 'GET /api/cart answered 502',
      route: '/cart',
      api: 'GET /api/cart',
      status: 502,
      correlationId: failedCall,
      release: '2026.11.29',
    });
    expect(answer.status).toBe(204);
    expect(await reportOf(failedCall)).toMatchObject({
      source: 'browser',
      kind: 'browser',
      userId: user.id,
      correlationId: failedCall,
      route: '/cart',
      release: '2026.11.29',
      status: 502,
      name: 'ApiError',
      details: expect.objectContaining({ caughtBy: 'api_call', api: 'GET /api/cart' }),
    });
  });

  it("reports a visitor's browser error as 'Not logged in', under the report request's correlation id when it names none", async () => {
    const browser = await visitor(platform);
    const marker = `render failed ${randomUUID()}`;
    const answer = await browser.call('POST', '/api/client-errors', { kind: 'error_boundary', name: 'TypeError', message: marker, stack: `TypeError: ${marker}\n    at Cart (cart.tsx:10:5)`, route: '/checkout?step=2' });
    expect(answer.status).toBe(204);
    const correlationId = answer.headers.get('x-correlation-id');
    expect(correlationId).toBeTruthy();
    expect(await reportOf(correlationId!)).toMatchObject({ source: 'browser', userId: NOT_LOGGED_IN, route: '/checkout?step=2', message: marker });
  });

  it('refuses what is not a report (422), a report over 16 KB (413), and a browser that reports too often (429)', async () => {
    const browser = await visitor(platform);
    expect((await browser.call('POST', '/api/client-errors', { kind: 'nonsense', message: '', route: '/' })).status).toBe(422);
    expect((await browser.call('POST', '/api/client-errors', { kind: 'window_error', message: 'x', route: '/', stack: 'y'.repeat(17 * 1024) })).status).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await browser.call('POST', '/api/client-errors', { kind: 'window_error', message: `loop ${i}`, route: '/' })).status);
    expect(statuses.slice(0, 18).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
