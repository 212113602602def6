import { PaymentRoutes, type PaymentRouteName } from '@aero/contracts';

/**
 * The browser's location, as one object so tests can watch where a payment sends the browser
 * (`jest.spyOn(browserLocation, 'assign')`).
 */
export const browserLocation = {
  /** A full page load: server routes (card callback, PayPal return) and other sites. */
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The payment routes that are screens of this app (the others are server routes). */
const APP_PAGES: PaymentRouteName[] = ['paymentPage', 'bankWirePage', 'successPage', 'sandboxThreeDsPage', 'sandboxPayPalPage'];

const APP_PAGE_PATTERNS = APP_PAGES.map(
  (name) => new RegExp(`^${PaymentRoutes[name].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
);

/**
 * The in-app address of `url` when it is one of the app's payment screens on this origin (the
 * payments service writes absolute addresses with its public base URL), else undefined.
 */
export function appPaymentPagePath(url: string, origin: string = globalThis.location?.origin ?? 'http://localhost'): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin) return undefined;
  return APP_PAGE_PATTERNS.some((pattern) => pattern.test(parsed.pathname)) ? `${parsed.pathname}${parsed.search}${parsed.hash}` : undefined;
}

/**
 * Sends the browser where a payment answer says: an app screen through the router (no reload),
 * anything else (the card callback, PayPal's pages, a server route) with a full page load.
 */
export function followPaymentRedirect(url: string, navigate: (path: string) => unknown): void {
  const path = appPaymentPagePath(url);
  if (path) void navigate(path);
  else browserLocation.assign(url);
}
