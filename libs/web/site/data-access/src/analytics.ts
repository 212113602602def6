import { CURRENCY } from '@aero/web-shared-util';
import { hasStatisticsConsent } from './consent.js';

/** One analytics event as it is queued for the analytics script (Google Tag Manager's `dataLayer` shape). */
export interface AnalyticsEvent {
  event: string;
  /** Analytics currency is EUR (shop §9). */
  currency: typeof CURRENCY;
  [param: string]: unknown;
}

interface AnalyticsWindow {
  dataLayer?: unknown[];
}

/**
 * What loading the analytics script does. The default injects nothing (no third-party call is
 * made anywhere in this app); a deployment with a measurement id replaces it with one that adds
 * the tag script. It runs at most once per page, and only with statistics consent.
 */
export type AnalyticsScriptLoader = () => void;

let scriptLoader: AnalyticsScriptLoader = () => undefined;
let loaded = false;

export function setAnalyticsScriptLoader(loader: AnalyticsScriptLoader): void {
  scriptLoader = loader;
}

function queue(): unknown[] {
  const page = globalThis as unknown as AnalyticsWindow;
  page.dataLayer ??= [];
  return page.dataLayer;
}

/**
 * Loads analytics when statistics consent exists (shop §4: "Accept all ... loads analytics");
 * answers whether analytics is loaded.
 */
export function loadAnalytics(): boolean {
  if (!hasStatisticsConsent()) return false;
  if (!loaded) {
    queue();
    scriptLoader();
    loaded = true;
  }
  return true;
}

/** Consent withdrawn: nothing more is sent (the page keeps no analytics queue). */
export function unloadAnalytics(): void {
  loaded = false;
  delete (globalThis as unknown as AnalyticsWindow).dataLayer;
}

export function isAnalyticsLoaded(): boolean {
  return loaded;
}

/**
 * Sends an analytics event, only when statistics consent exists (shop §4, learning §6), with the
 * currency EUR (shop §9). Answers whether it was sent.
 */
export function track(event: string, params: Record<string, unknown> = {}): boolean {
  if (!loadAnalytics()) return false;
  const entry: AnalyticsEvent = { ...params, event, currency: CURRENCY };
  queue().push(entry);
  return true;
}

/** The analytics module: `analytics.track('add_payment_info', { value: 129.9, payment_type: 'paypal' })`. */
export const analytics = { track, load: loadAnalytics, unload: unloadAnalytics, isLoaded: isAnalyticsLoaded };
