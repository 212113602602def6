import { describe, expect, it } from '@jest/globals';
import { etagOf, matchesEtag, SharedAnswerCache } from './shared-answer-cache.js';

describe('SharedAnswerCache', () => {
  function counted(bodies: string[]) {
    let clock = 0;
    let loads = 0;
    const cache = new SharedAnswerCache(
      2000,
      () => Promise.resolve(bodies[Math.min(loads++, bodies.length - 1)] ?? ''),
      () => clock,
    );
    return { cache, loads: () => loads, advance: (ms: number) => (clock += ms) };
  }

  it('loads once while fresh, and concurrent callers share that load', async () => {
    const { cache, loads, advance } = counted(['[1]']);
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    advance(1999);
    const c = await cache.get();
    expect(loads()).toBe(1);
    expect(a).toEqual({ body: '[1]', etag: etagOf('[1]') });
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('loads again once the age bound has passed, with the new text’s ETag', async () => {
    const { cache, loads, advance } = counted(['[1]', '[1,2]']);
    const first = await cache.get();
    advance(2000);
    const second = await cache.get();
    expect(loads()).toBe(2);
    expect(second.body).toBe('[1,2]');
    expect(second.etag).not.toBe(first.etag);
  });

  it('does not keep a failed load: the next caller tries again', async () => {
    let fail = true;
    const cache = new SharedAnswerCache(2000, () => (fail ? Promise.reject(new Error('catalog-cart did not answer')) : Promise.resolve('[]')));
    await expect(cache.get()).rejects.toThrow('catalog-cart did not answer');
    fail = false;
    await expect(cache.get()).resolves.toEqual({ body: '[]', etag: etagOf('[]') });
  });
});

describe('matchesEtag', () => {
  const etag = etagOf('[1]');

  it('matches the ETag alone, in a list, weak, or *', () => {
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesEtag(`W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
  });

  it('does not match another version or no header', () => {
    expect(matchesEtag(etagOf('[1,2]'), etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
  });
});
