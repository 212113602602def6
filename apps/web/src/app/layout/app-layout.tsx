import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary, ErrorFallback, PageLoading } from '@aero/web-shared-ui';
import { loadCart } from '../feature-chunks.js';
import { AppNotifications } from './app-notifications.js';
import { SiteFooter } from './site-footer.js';
import { TopMenu } from './top-menu.js';
import './layout.css';

const AddedToCartModal = lazy(() => loadCart().then((m) => ({ default: m.AddedToCartModal })));

/**
 * The shell around every screen: top menu, the screen (lazy, error-guarded), footer, and the
 * added-to-cart modal that any "Add to cart" button may open.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('app.skip-to-content')}
      </a>
      <TopMenu />
      <main id="main" className="app-main container" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
      <AppNotifications />
      <Suspense fallback={null}>
        <AddedToCartModal />
      </Suspense>
    </div>
  );
}

/** Error screen of the router itself (an error outside any screen, e.g. in the shell). */
export function RouteErrorPage() {
  return (
    <div className="app-shell">
      <main id="main" className="app-main container">
        <ErrorFallback />
      </main>
    </div>
  );
}

/** A page without menu and footer (the printed ticket, opened in a new tab). */
export function BareLayout() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="app-main container">
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}
