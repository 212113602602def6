import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { userCan, useCurrentUser } from '@aero/web-accounts-data-access';
import { ErrorBoundary, ErrorFallback, PageLoading } from '@aero/web-shared-ui';
import { loadAccounts, loadCart, loadEmployees, loadSharing, loadSite } from '../feature-chunks.js';
import { AppNotifications } from './app-notifications.js';
import { SiteFooter } from './site-footer.js';
import { TopMenu } from './top-menu.js';
import { useHeadingFocus } from './use-heading-focus.js';
import './layout.css';

const AddedToCartModal = lazy(() => loadCart().then((m) => ({ default: m.AddedToCartModal })));
// Consent, notices and the site's dialogs come with their chunks, after the shell.
const CookieConsent = lazy(() => loadSite().then((m) => ({ default: m.CookieConsent })));
const AnnouncementBanner = lazy(() => loadSite().then((m) => ({ default: m.AnnouncementBanner })));
const SiteDialogs = lazy(() => loadSite().then((m) => ({ default: m.SiteDialogs })));
const AccountNotices = lazy(() => loadAccounts().then((m) => ({ default: m.AccountNotices })));
const PendingInvitationPopup = lazy(() => loadEmployees().then((m) => ({ default: m.PendingInvitationPopup })));
const PendingSharesPrompt = lazy(() => loadSharing().then((m) => ({ default: m.PendingSharesPrompt })));

/**
 * The shell around every screen: the cookie banner, top menu, announcement banner, account
 * notices, the screen (lazy, error-guarded), footer, and the dialogs any screen may open
 * (added-to-cart modal, subscription bonus popup, data-method confirmations, the pending-invitation popup).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('app.skip-to-content')}
      </a>
      <Suspense fallback={null}>
        <CookieConsent />
      </Suspense>
      <TopMenu />
      <Suspense fallback={null}>
        <AnnouncementBanner />
      </Suspense>
      <main id="main" ref={main} className="app-main container" tabIndex={-1}>
        <Suspense fallback={null}>
          <AccountNotices />
        </Suspense>
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
      <Suspense fallback={null}>
        <SiteDialogs />
      </Suspense>
      <InvitationPopup />
      <SharesPrompt />
    </div>
  );
}

/** The pending-invitation popup, loaded only for a signed-in user who may join a company's Student List. */
function InvitationPopup() {
  const { user } = useCurrentUser();
  if (!user || !userCan(user, 'invitations.respond')) return null;
  return (
    <Suspense fallback={null}>
      <PendingInvitationPopup />
    </Suspense>
  );
}

/** The pending-shares prompt, loaded only for a signed-in user who may receive shared courses. */
function SharesPrompt() {
  const { user } = useCurrentUser();
  if (!user || !userCan(user, 'share.receive')) return null;
  return (
    <Suspense fallback={null}>
      <PendingSharesPrompt />
    </Suspense>
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
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  return (
    <main id="main" ref={main} className="app-main container" tabIndex={-1}>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}
