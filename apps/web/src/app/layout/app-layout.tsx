import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { userCan, useCurrentUser } from '@aero/web-accounts-data-access';
import { useGetCurrentAnnouncementQuery } from '@aero/web-site-data-access';
// The feature's shell entry point (shell.ts), not its lazily loaded barrel: the shell paints these.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AnnouncementBanner, CookieConsent } from '@aero/web-site-feature/shell';
import { ErrorBoundary, ErrorFallback, PageLoading } from '@aero/web-shared-ui';
import { loadShellWidgets, loadSignedInWidgets } from '../feature-chunks.js';
import { AppNotifications } from './app-notifications.js';
import { SiteFooter } from './site-footer.js';
import { TopMenu } from './top-menu.js';
import { useHeadingFocus } from './use-heading-focus.js';
import './layout.css';

// The shell's widgets that need not be there at the first paint come in one chunk after it
// (shell-widgets.ts); the cookie banner and the announcement are part of the shell, so that
// they never push the page down when they appear (issue 16).
const AddedToCartModal = lazy(() => loadShellWidgets().then((m) => ({ default: m.AddedToCartModal })));
const SiteDialogs = lazy(() => loadShellWidgets().then((m) => ({ default: m.SiteDialogs })));
const AccountNotices = lazy(() => loadShellWidgets().then((m) => ({ default: m.AccountNotices })));
const PendingInvitationPopup = lazy(() => loadSignedInWidgets().then((m) => ({ default: m.PendingInvitationPopup })));
const PendingSharesPrompt = lazy(() => loadSignedInWidgets().then((m) => ({ default: m.PendingSharesPrompt })));

/** How long a screen waits at most for the announcement and the signed-in user before it shows. */
const SHELL_DATA_WAIT_MS = 2500;

/**
 * Shows the first screen once what the shell shows above it is known: the announcement banner
 * (above the screen) and the signed-in user (the account notices at its top). Both requests start
 * with the shell and are answered before a screen's own chunk and data in the usual case, so this
 * costs nothing then; it keeps the screen from being pushed down by them after its first paint.
 * A slow answer does not hold the screen for longer than SHELL_DATA_WAIT_MS. Once open, it stays
 * open: later screens never wait for them again.
 */
function AfterShellData({ children }: { children: ReactNode }) {
  const announcement = useGetCurrentAnnouncementQuery();
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  const known = !announcement.isLoading && !me.isLoading;
  if (known && !open) setOpen(true);
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setOpen(true), SHELL_DATA_WAIT_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return open ? children : <PageLoading />;
}

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
      <CookieConsent />
      <TopMenu />
      <AnnouncementBanner />
      <main id="main" ref={main} className="app-main container" tabIndex={-1}>
        <AfterShellData>
          <ErrorBoundary resetKey={pathname}>
            {/* The account notices and the screen appear together, so the notices push nothing down. */}
            <Suspense fallback={<PageLoading />}>
              <AccountNotices />
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </AfterShellData>
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
