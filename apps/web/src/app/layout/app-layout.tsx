import type { Capability } from '@aero/contracts';
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

/** How long the first screen waits at most for the announcement and the signed-in user. */
const SHELL_DATA_WAIT_MS = 2500;

/**
 * Whether what the shell shows above the screen is known: the announcement banner and the
 * signed-in user (the account notices at the screen's top). Until then the shell paints its menu
 * (and the cookie banner) but neither the banner nor the screen, so that neither is pushed down
 * by the other after its first paint. Both requests start with the shell and are answered before
 * a screen's own chunk and data in the usual case, so the wait costs nothing then; a slow answer
 * holds them for SHELL_DATA_WAIT_MS at most. Once known, it stays so: later screens never wait.
 */
function useShellDataKnown(): boolean {
  const announcement = useGetCurrentAnnouncementQuery();
  const me = useCurrentUser();
  const [known, setKnown] = useState(false);
  if (!known && !announcement.isLoading && !me.isLoading) setKnown(true);
  useEffect(() => {
    if (known) return;
    const timer = setTimeout(() => setKnown(true), SHELL_DATA_WAIT_MS);
    return () => clearTimeout(timer);
  }, [known]);
  return known;
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
  const shellDataKnown = useShellDataKnown();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('app.skip-to-content')}
      </a>
      <CookieConsent />
      <TopMenu />
      {shellDataKnown && <AnnouncementBanner />}
      <main id="main" ref={main} className="app-main container" tabIndex={-1}>
        {shellDataKnown && (
          <ErrorBoundary resetKey={pathname}>
            {/* The account notices and the screen appear together, so the notices push nothing down. */}
            <Suspense fallback={<PageLoading />}>
              <AccountNotices />
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        )}
      </main>
      <SiteFooter />
      <AppNotifications />
      <Suspense fallback={null}>
        <AddedToCartModal />
      </Suspense>
      <Suspense fallback={null}>
        <SiteDialogs />
      </Suspense>
      <SignedInPrompt may="invitations.respond">
        <PendingInvitationPopup />
      </SignedInPrompt>
      <SignedInPrompt may="share.receive">
        <PendingSharesPrompt />
      </SignedInPrompt>
    </div>
  );
}

/**
 * A prompt of the layout (the pending-invitation popup, the pending-shares prompt), loaded only
 * for a signed-in user who may use the capability it serves.
 */
function SignedInPrompt({ may, children }: { may: Capability; children: ReactNode }) {
  const { user } = useCurrentUser();
  if (!user || !userCan(user, may)) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
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
