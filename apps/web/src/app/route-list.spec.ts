import { describe, expect, it } from '@jest/globals';
import type { RouteObject } from 'react-router';
import { WEB_APP_ROUTES } from '@aero/contracts';
import { appRoutes } from './routes.js';

/** Every screen address of a route table, nested paths joined to their parent's (the catch-all left out). */
function patterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent || '/' : route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.path === '*') return [];
    const own = route.children ? [] : [path];
    return [...own, ...patterns(route.children ?? [], path)];
  });
}

describe('the route table and the shared list of screen addresses', () => {
  it('are the same list, so the gateway answers 200 exactly for the addresses a screen has', () => {
    expect(patterns(appRoutes).sort()).toEqual([...WEB_APP_ROUTES].sort());
  });
});
