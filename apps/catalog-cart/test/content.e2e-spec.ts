import { ContentRpc } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { describe, expect, it } from '@jest/globals';
import { useCatalogCart } from './support/catalog-cart-under-test.js';

describe('public content over NATS', () => {
  const under = useCatalogCart();


  it('serves only visible FAQ items; the demo content has no video (no video of the product exists)', async () => {
    const { data } = await under.rpc.call(ContentRpc.Faq, {});
    expect(data.every((item) => item.visible)).toBe(true);
    expect(data.filter((item) => item.type === 'youtube' || item.youtube_key)).toEqual([]);
    expect(data.find((item) => item.question.startsWith('Internal'))).toBeUndefined();
  });

  it.each(['faq-corporate-account', 'terms-and-conditions', 'privacy-policy'])('serves the article %s', async (slug) => {
    const { data } = await under.rpc.call(ContentRpc.Article, { slug });
    expect(data.slug).toBe(slug);
    expect(data.body.length).toBeGreaterThan(100);
  });

  it('answers 404 for an unknown article', async () => {
    const error = await under.rpc.call(ContentRpc.Article, { slug: 'nope' }).catch((e: unknown) => e);
    expect((error as RemoteError).payload).toEqual(expect.objectContaining({ status: 404, message: 'This page does not exist.' }));
  });

  it('serves home slides and client logos in order', async () => {
    expect((await under.rpc.call(ContentRpc.Slides, {})).data.map((s) => s.path)).toEqual([
      '/e-shop',
      '/articles/faq-corporate-account',
      '/classroom-training#get-in-touch',
    ]);
    expect((await under.rpc.call(ContentRpc.ClientLogos, {})).data).toHaveLength(6);
  });
});
