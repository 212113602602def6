import { readCookie } from '@aero/web-shared-util';
import { deleteCookie, deleteCookiesMatching, writeCookie } from './cookies.js';

/** The consent cookies (shop §3 "Cookie consent flags" in their registration and dialog names). */
export const CONSENT_COOKIES = {
  necessary: 'necessary_cookies_consent',
  statistics: 'statistics_cookies_consent',
  social: 'social_cookies_consent',
} as const;

/** Consent cookies last 365 days (shop §9). */
export const CONSENT_COOKIE_DAYS = 365;

/** The value a consent cookie holds while the consent is given. */
export const CONSENT_GIVEN = '1';

export interface CookieConsentChoice {
  necessary: true;
  statistics: boolean;
  social: boolean;
}

export interface CookieConsentState {
  necessary: boolean;
  statistics: boolean;
  social: boolean;
}

/** Google Analytics cookies: `_ga`, `_ga_<id>`, `_gid`, `_gat` and `_gat_<tracker>`. */
export function isAnalyticsCookie(name: string): boolean {
  return name === '_ga' || name.startsWith('_ga_') || name === '_gid' || name.startsWith('_gat');
}

/**
 * First-party cookies the social-network widgets (share buttons, embedded posts and videos) set
 * on our domain: Facebook pixel, LinkedIn insight, X (Twitter), YouTube.
 */
export const SOCIAL_COOKIES = ['_fbp', '_fbc', 'fr', 'li_sugr', 'li_fat_id', 'lidc', 'bcookie', 'bscookie', 'guest_id', 'personalization_id', 'muc_ads', 'VISITOR_INFO1_LIVE', 'YSC'] as const;

export function isSocialCookie(name: string): boolean {
  return (SOCIAL_COOKIES as readonly string[]).includes(name);
}

/** The consents the browser holds now (from the consent cookies). */
export function readConsent(): CookieConsentState {
  return {
    necessary: readCookie(CONSENT_COOKIES.necessary) !== undefined,
    statistics: readCookie(CONSENT_COOKIES.statistics) === CONSENT_GIVEN,
    social: readCookie(CONSENT_COOKIES.social) === CONSENT_GIVEN,
  };
}

/** Spec (shop §4): the banner opens when no necessary-consent cookie exists. */
export function hasConsentDecision(): boolean {
  return readCookie(CONSENT_COOKIES.necessary) !== undefined;
}

/** Analytics events may be sent only with statistics consent (shop §4, learning §6). */
export function hasStatisticsConsent(): boolean {
  return readCookie(CONSENT_COOKIES.statistics) === CONSENT_GIVEN;
}

/**
 * Stores a choice in the consent cookies (365 days): a given consent sets its cookie, a refused
 * one removes it together with the cookies of its category (analytics: `_ga`, `_gid`, `_gat*`;
 * social networks). Answers the names of the cookies deleted.
 */
export function storeConsent(choice: CookieConsentChoice, now = new Date()): string[] {
  const deleted: string[] = [];
  writeCookie(CONSENT_COOKIES.necessary, CONSENT_GIVEN, { days: CONSENT_COOKIE_DAYS, now });
  if (choice.statistics) {
    writeCookie(CONSENT_COOKIES.statistics, CONSENT_GIVEN, { days: CONSENT_COOKIE_DAYS, now });
  } else {
    deleteCookie(CONSENT_COOKIES.statistics);
    deleted.push(...deleteCookiesMatching(isAnalyticsCookie));
  }
  if (choice.social) {
    writeCookie(CONSENT_COOKIES.social, CONSENT_GIVEN, { days: CONSENT_COOKIE_DAYS, now });
  } else {
    deleteCookie(CONSENT_COOKIES.social);
    deleted.push(...deleteCookiesMatching(isSocialCookie));
  }
  return deleted;
}
