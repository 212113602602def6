import { afterEach, describe, expect, it } from '@jest/globals';
import { readCookie } from '@aero/web-shared-util';
import { analytics, isAnalyticsLoaded, track, unloadAnalytics } from './analytics.js';
import { CONSENT_COOKIES, hasConsentDecision, isAnalyticsCookie, readConsent, storeConsent } from './consent.js';
import { cookieNames, deleteCookie, serializeCookie } from './cookies.js';

function clearCookies() {
  for (const name of cookieNames()) deleteCookie(name);
}

const dataLayer = () => (globalThis as unknown as { dataLayer?: unknown[] }).dataLayer;

describe('consent cookies (shop §4 Cookie consent, §9: 365 days)', () => {
  afterEach(() => {
    clearCookies();
    unloadAnalytics();
  });

  it('writes a cookie for 365 days: Max-Age and Expires a year after now, path /, SameSite=Lax', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    const cookie = serializeCookie('statistics_cookies_consent', '1', { days: 365, now });
    expect(cookie).toBe('statistics_cookies_consent=1; Max-Age=31536000; Expires=Mon, 01 Mar 2027 12:00:00 GMT; Path=/; SameSite=Lax');
  });

  it('has no decision until the necessary-consent cookie exists', () => {
    expect(hasConsentDecision()).toBe(false);
    storeConsent({ necessary: true, statistics: false, social: false });
    expect(hasConsentDecision()).toBe(true);
    expect(readConsent()).toEqual({ necessary: true, statistics: false, social: false });
  });

  it('refusing statistics deletes the consent cookie and the analytics cookies (_ga, _ga_<id>, _gid, _gat*), and nothing else', () => {
    document.cookie = 'statistics_cookies_consent=1; path=/';
    for (const name of ['_ga', '_ga_XYZ123', '_gid', '_gat', '_gat_UA-1', 'gallery', 'XSRF-TOKEN']) document.cookie = `${name}=x; path=/`;
    const deleted = storeConsent({ necessary: true, statistics: false, social: true });
    expect(deleted.sort()).toEqual(['_ga', '_ga_XYZ123', '_gat', '_gat_UA-1', '_gid']);
    expect(cookieNames().sort()).toEqual(['XSRF-TOKEN', 'gallery', 'necessary_cookies_consent', 'social_cookies_consent']);
  });

  it('refusing social deletes the social-network cookies', () => {
    for (const name of ['_fbp', 'li_sugr', 'guest_id', 'YSC', '_ga']) document.cookie = `${name}=x; path=/`;
    document.cookie = `${CONSENT_COOKIES.social}=1; path=/`;
    storeConsent({ necessary: true, statistics: true, social: false });
    expect(cookieNames().sort()).toEqual(['_ga', 'necessary_cookies_consent', 'statistics_cookies_consent']);
    expect(readCookie(CONSENT_COOKIES.statistics)).toBe('1');
  });

  it('recognises the analytics cookies by name', () => {
    expect(['_ga', '_ga_ABC', '_gid', '_gat', '_gat_gtag_UA_1'].every(isAnalyticsCookie)).toBe(true);
    expect(['ga', '_gaid_x', 'gallery', '_fbp'].some(isAnalyticsCookie)).toBe(false);
  });
});

describe('analytics (shop §4: events only with statistics consent; §9: currency EUR)', () => {
  afterEach(() => {
    clearCookies();
    unloadAnalytics();
  });

  it('sends nothing and loads nothing without statistics consent', () => {
    storeConsent({ necessary: true, statistics: false, social: true });
    expect(track('add_payment_info', { value: 129.9 })).toBe(false);
    expect(isAnalyticsLoaded()).toBe(false);
    expect(dataLayer()).toBeUndefined();
  });

  it('with statistics consent loads analytics and queues the event with currency EUR', () => {
    storeConsent({ necessary: true, statistics: true, social: false });
    expect(analytics.track('add_payment_info', { value: 129.9, payment_type: 'paypal', currency: 'USD' })).toBe(true);
    expect(isAnalyticsLoaded()).toBe(true);
    expect(dataLayer()).toEqual([{ event: 'add_payment_info', value: 129.9, payment_type: 'paypal', currency: 'EUR' }]);
  });

  it('stops sending once the consent is withdrawn', () => {
    storeConsent({ necessary: true, statistics: true, social: false });
    track('view_item');
    storeConsent({ necessary: true, statistics: false, social: false });
    unloadAnalytics();
    expect(track('view_item')).toBe(false);
    expect(dataLayer()).toBeUndefined();
  });
});
