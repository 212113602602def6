/**
 * Every screen address of the web app, as React Router patterns (`:name` is one path segment).
 * The web app's route table (apps/web/src/app/routes.tsx) is checked against this list by its
 * spec, and the gateway reads it to answer an address no screen has with 404 instead of 200.
 */
export const WEB_APP_ROUTES = [
  '/',
  '/e-shop',
  '/e-shop/:slug',
  '/e-shop/how-to-become-engineer',
  '/cart',
  '/cart/credentials',
  '/faq',
  '/login',
  '/register',
  '/email/verify',
  '/password/reset',
  '/password/reset/:token',
  '/terms/accept',
  '/profile',
  '/kyc',
  '/classroom-training',
  '/payment/bank-wire/:orderId',
  '/payment/success/:orderId',
  '/orders',
  '/quick-share',
  '/my-courses',
  '/my-courses/history',
  '/course/:courseId',
  '/course/:courseId/chapter/:slug',
  '/course/:courseId/exam/:examId',
  '/course/:courseId/exam/:examId/results',
  '/instructor/questions',
  '/certificates/verify/:number',
  '/ticket-activation',
  '/organize-course',
  '/organize-course/success',
  '/organize-course/success/:recipients',
  '/employees',
  '/employees/import',
  '/employees/:id',
  '/employees/:id/edit',
  '/employee-groups',
  '/employee-groups/:id',
  '/invitations',
  '/invitations/create',
  '/invitations/:id/edit',
  '/reports',
  '/newsletters',
  '/contacts',
  '/articles/:slug',
  '/tickets/:shareTo',
  '/sandbox/3ds/:id',
  '/sandbox/paypal/:orderID',
] as const;
export type WebAppRoute = (typeof WEB_APP_ROUTES)[number];

/** The product page: the gateway asks the catalogue whether its `:slug` is a product. */
export const PRODUCT_PAGE_ROUTE: WebAppRoute = '/e-shop/:slug';

export interface WebAppRouteMatch {
  route: WebAppRoute;
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
const COMPILED = WEB_APP_ROUTES.map((route) => ({ route, segments: segmentsOf(route) }));

/**
 * The screen a path (no query) opens, as the browser router picks it: segments compared without
 * case, a trailing slash ignored, a named segment matching any one segment, and a literal segment
 * preferred to a named one (`/e-shop/how-to-become-engineer` over `/e-shop/:slug`). Null when no
 * screen has this address, or when a segment is not a valid %-escape.
 */
export function matchWebAppRoute(pathname: string): WebAppRouteMatch | null {
  let segments: string[];
  try {
    segments = segmentsOf(pathname).map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  let best: (WebAppRouteMatch & { literals: number }) | null = null;
  for (const { route, segments: pattern } of COMPILED) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const matches = pattern.every((part, index) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = segments[index];
        return true;
      }
      literals += 1;
      return part.toLowerCase() === segments[index].toLowerCase();
    });
    if (matches && (!best || literals > best.literals)) best = { route, params, literals };
  }
  return best && { route: best.route, params: best.params };
}
