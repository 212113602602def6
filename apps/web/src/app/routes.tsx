import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { PlaceholderScreen } from '../pages/coming-soon-page.js';
import { AppLayout, BareLayout, RouteErrorPage } from './layout/app-layout.js';

import { loadCart, loadCatalog, loadContent } from './feature-chunks.js';

// Every screen is its own lazily loaded chunk, so the first load carries only the shell.
// The home page shows slides and catalogue cards: fetch the chunks at once, not one after the other.
const HomePage = lazy(() =>
  Promise.all([import('../pages/home-page.js'), loadCatalog(), loadContent()]).then(([home]) => home),
);
const NotFoundPage = lazy(() => import('../pages/not-found-page.js'));
const ComingSoonPage = lazy(() => import('../pages/coming-soon-page.js'));
const EshopPage = lazy(() => loadCatalog().then((m) => ({ default: m.EshopPage })));
const ProductPage = lazy(() => loadCatalog().then((m) => ({ default: m.ProductPage })));
const PopularCourses = lazy(() => loadCatalog().then((m) => ({ default: m.PopularCourses })));
const CartPage = lazy(() => loadCart().then((m) => ({ default: m.CartPage })));
const FaqPage = lazy(() => loadContent().then((m) => ({ default: m.FaqPage })));
const ArticlePage = lazy(() => loadContent().then((m) => ({ default: m.ArticlePage })));
const HomeSlides = lazy(() => loadContent().then((m) => ({ default: m.HomeSlides })));
const ClientLogos = lazy(() => loadContent().then((m) => ({ default: m.ClientLogos })));

/** Screens of the spec that later work builds, with the title they show until then. */
export const PLACEHOLDER_ROUTES: [path: string, screen: PlaceholderScreen][] = [
  ['e-shop/how-to-become-engineer', 'how-to-become-engineer'],
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
      {
        index: true,
        element: <HomePage slides={<HomeSlides />} popularCourses={<PopularCourses />} clientLogos={<ClientLogos />} />,
      },
      { path: 'e-shop', element: <EshopPage /> },
      { path: 'e-shop/:slug', element: <ProductPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'faq', element: <FaqPage /> },
      ...PLACEHOLDER_ROUTES.map(([path, screen]) => ({ path, element: <ComingSoonPage screen={screen} /> })),
      { path: 'articles/:slug', element: <ArticlePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
