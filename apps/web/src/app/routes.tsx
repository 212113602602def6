import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { PlaceholderScreen } from '../pages/coming-soon-page.js';
import { AppLayout, BareLayout, RouteErrorPage } from './layout/app-layout.js';

// Every screen is its own lazily loaded chunk, so the first load carries only the shell.
const loadCatalog = () => import('@aero/web-catalog-feature');
// The home page shows catalogue cards: fetch both chunks at once instead of one after the other.
const HomePage = lazy(() => Promise.all([import('../pages/home-page.js'), loadCatalog()]).then(([home]) => home));
const NotFoundPage = lazy(() => import('../pages/not-found-page.js'));
const ComingSoonPage = lazy(() => import('../pages/coming-soon-page.js'));
const ArticlePage = lazy(() => import('../pages/coming-soon-page.js').then((m) => ({ default: m.ArticlePage })));
const EshopPage = lazy(() => loadCatalog().then((m) => ({ default: m.EshopPage })));
const ProductPage = lazy(() => loadCatalog().then((m) => ({ default: m.ProductPage })));
const PopularCourses = lazy(() => loadCatalog().then((m) => ({ default: m.PopularCourses })));

/** Screens of the spec that later work builds, with the title they show until then. */
export const PLACEHOLDER_ROUTES: [path: string, screen: PlaceholderScreen][] = [
  ['e-shop/how-to-become-engineer', 'how-to-become-engineer'],
  ['cart', 'cart'],
  ['cart/credentials', 'cart-credentials'],
  ['my-courses', 'my-courses'],
  ['course/:courseId', 'course'],
  ['course/:courseId/exam/:examId', 'exam'],
  ['quick-share', 'quick-share'],
  ['organize-course', 'organize-course'],
  ['organize-course/success', 'organize-course-success'],
  ['organize-course/success/:recipients', 'organize-course-success'],
  ['employees', 'employees'],
  ['employees/import', 'employees-import'],
  ['employees/:id', 'employee'],
  ['employees/:id/edit', 'employee-edit'],
  ['employee-groups', 'employee-groups'],
  ['invitations', 'invitations'],
  ['orders', 'orders'],
  ['profile', 'profile'],
  ['login', 'login'],
  ['register', 'register'],
  ['email/verify', 'email-verify'],
  ['password/reset', 'password-reset'],
  ['reports', 'reports'],
  ['newsletters', 'newsletters'],
  ['contacts', 'contacts'],
  ['faq', 'faq'],
  ['classroom-training', 'classroom-training'],
];

/** The route table of the web app (used by the browser router and by the tests). */
export const appRoutes: RouteObject[] = [
  {
    // The printed ticket opens in a new tab without the site's menu.
    path: '/tickets/:shareTo',
    element: <BareLayout />,
    errorElement: <RouteErrorPage />,
    children: [{ index: true, element: <ComingSoonPage screen="ticket" /> }],
  },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage popularCourses={<PopularCourses />} /> },
      { path: 'e-shop', element: <EshopPage /> },
      { path: 'e-shop/:slug', element: <ProductPage /> },
      ...PLACEHOLDER_ROUTES.map(([path, screen]) => ({ path, element: <ComingSoonPage screen={screen} /> })),
      { path: 'articles/:slug', element: <ArticlePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
