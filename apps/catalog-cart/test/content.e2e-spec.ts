import { ContentRpc } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { RpcClient } from '@aero/backend-messaging';
import { startService, type RunningService } from '@aero/backend-runtime';
import { createTestEnvironment, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogCartService } from '../src/catalog-cart.service-definition.js';

describe('public content over NATS', () => {
  let env: TestEnvironment;
  let service: RunningService;
  let rpc: RpcClient;

  beforeAll(async () => {
    env = await createTestEnvironment();
    service = await startService(catalogCartService, env.env({ CATALOG_CART_HTTP_PORT: '0', SEED_DEMO_DATA: 'true' }));
    rpc = new RpcClient(service.infra.nats, { prefix: env.natsPrefix, timeoutMs: 5000 });
  });

  afterAll(async () => {
    await service?.close();
    await env?.destroy();
  });

  it('serves only visible FAQ items, text and youtube', async () => {
    const { data } = await rpc.call(ContentRpc.Faq, {});
    expect(data.every((item) => item.visible)).toBe(true);
    expect(data.some((item) => item.type === 'youtube' && item.youtube_key)).toBe(true);
    expect(data.find((item) => item.question.startsWith('Internal'))).toBeUndefined();
  });

  it.each(['faq-corporate-account', 'terms-and-conditions', 'privacy-policy'])('serves the article %s', async (slug) => {
    const { data } = await rpc.call(ContentRpc.Article, { slug });
    expect(data.slug).toBe(slug);
    expect(data.body.length).toBeGreaterThan(100);
  });

  it('answers 404 for an unknown article', async () => {
    const error = await rpc.call(ContentRpc.Article, { slug: 'nope' }).catch((e: unknown) => e);
    expect((error as RemoteError).payload).toEqual(expect.objectContaining({ status: 404, message: 'This page does not exist.' }));
  });

  it('serves home slides and client logos in order', async () => {
    expect((await rpc.call(ContentRpc.Slides, {})).data.map((s) => s.path)).toEqual([
      '/e-shop',
      '/articles/faq-corporate-account',
      '/classroom-training#get-in-touch',
    ]);
    expect((await rpc.call(ContentRpc.ClientLogos, {})).data).toHaveLength(6);
  });
});
