import { describe, expect, it } from '@jest/globals';
import { matchWebAppRoute } from './web-routes.js';

describe('matchWebAppRoute', () => {
  it.each([
    ['/', '/', {}],
    ['/e-shop', '/e-shop', {}],
    ['/e-shop/part-145-initial-training', '/e-shop/:slug', { slug: 'part-145-initial-training' }],
    ['/e-shop/how-to-become-engineer', '/e-shop/how-to-become-engineer', {}],
    ['/employees/import', '/employees/import', {}],
    ['/employees/42/edit', '/employees/:id/edit', { id: '42' }],
    ['/cart/', '/cart', {}],
    ['/CART', '/cart', {}],
    ['/e-shop/caf%C3%A9', '/e-shop/:slug', { slug: 'café' }],
  ])('%s opens %s', (path, route, params) => {
    expect(matchWebAppRoute(path)).toEqual({ route, params });
  });

  it.each(['/no-such-page', '/product/no-such-product', '/e-shop/a/b', '/cart/credentials/x', '/e-shop/%E0%A4%A'])('%s opens no screen', (path) => {
    expect(matchWebAppRoute(path)).toBeNull();
  });
});
