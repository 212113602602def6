import type { ClientErrorKind, ClientErrorReport } from '@aero/contracts';
import { readCookie } from './cookies.js';

/** Where the browser's errors go: the gateway records them with the signed-in user from the session. */
export const CLIENT_ERRORS_URL = '/api/client-errors';

/** At most this many reports per page load: a page stuck in an error loop must not flood the server. */
const MAX_REPORTS_PER_PAGE = 10;
let sent = 0;
const seen = new Set<string>();

/** The page's path and query: the route of the report. */
function currentRoute(): string {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}`.slice(0, 500) || '/' : '/';
}

/** A report of an error value (an Error, a rejection reason of any kind). */
export function clientErrorOf(kind: ClientErrorKind, error: unknown): Omit<ClientErrorReport, 'route'> {
  const failure = error instanceof Error ? error : null;
  const message = failure?.message || (typeof error === 'string' ? error : safeJson(error)) || 'Unknown error';
  return {
    kind,
    name: (failure?.name ?? 'Error').slice(0, 200),
    message: message.slice(0, 2000),
    ...(failure?.stack ? { stack: failure.stack.slice(0, 8000) } : {}),
  };
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * Sends a report to the gateway (POST /api/client-errors) with the session cookie and the XSRF
 * header, as every call of the web app. Never throws: reporting must not break the page. The same
 * error on the same page is reported once.
 */
export async function reportClientError(report: Omit<ClientErrorReport, 'route'> & { route?: string }): Promise<void> {
  const body: ClientErrorReport = { ...report, route: report.route ?? currentRoute() };
  const key = `${body.kind} ${body.route} ${body.message} ${body.correlationId ?? ''}`;
  if (seen.has(key) || sent >= MAX_REPORTS_PER_PAGE) return;
  seen.add(key);
  sent++;
  const send = () => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    const token = readCookie('XSRF-TOKEN');
    if (token) headers['X-XSRF-TOKEN'] = token;
    return fetch(CLIENT_ERRORS_URL, { method: 'POST', credentials: 'include', keepalive: true, headers, body: JSON.stringify(body) });
  };
  try {
    // 419: no XSRF token yet (an error before the page's first call); the refusal brings the cookie.
    if ((await send()).status === 419) await send();
  } catch {
    // Offline or the gateway is down: nothing more to do from the browser.
  }
}

/** Forgets what was sent (tests, where one "page" runs many cases). */
export function resetClientErrorReports(): void {
  sent = 0;
  seen.clear();
}

/**
 * Reports what nothing else caught: uncaught errors (`error` events) and unhandled promise
 * rejections. Returns the function that stops it.
 */
export function installClientErrorReporting(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => void reportClientError(clientErrorOf('window_error', event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) => void reportClientError(clientErrorOf('unhandled_rejection', event.reason));
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
