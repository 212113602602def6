import { describe, expect, it } from '@jest/globals';
import type { RawRequestDefaultExpression } from 'fastify';
import { rewriteUrlForMethodOverride } from './method-override.hook.js';

function rewrite(method: string, url: string) {
  const req = { method, url } as RawRequestDefaultExpression;
  const rewritten = rewriteUrlForMethodOverride(req);
  return { method: req.method, url: rewritten };
}

describe('?_method= override', () => {
  it('turns a POST into PUT, PATCH or DELETE (any case) and drops the parameter', () => {
    expect(rewrite('POST', '/api/cart/remove?_method=delete')).toEqual({ method: 'DELETE', url: '/api/cart/remove' });
    expect(rewrite('POST', '/items/1?page=2&_method=PATCH&sort=name')).toEqual({ method: 'PATCH', url: '/items/1?page=2&sort=name' });
    expect(rewrite('POST', '/items/1?_method=Put')).toEqual({ method: 'PUT', url: '/items/1' });
  });

  it('leaves other methods and URLs without the parameter alone', () => {
    expect(rewrite('GET', '/items?_method=DELETE')).toEqual({ method: 'GET', url: '/items?_method=DELETE' });
    expect(rewrite('POST', '/items?page=2')).toEqual({ method: 'POST', url: '/items?page=2' });
    expect(rewrite('POST', '/items/_method=DELETE')).toEqual({ method: 'POST', url: '/items/_method=DELETE' });
  });

  it('keeps a POST that asks for another method a POST (the request is then refused)', () => {
    expect(rewrite('POST', '/items?_method=GET')).toEqual({ method: 'POST', url: '/items' });
  });
});
