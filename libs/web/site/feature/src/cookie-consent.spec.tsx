import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { mockFetch, renderWithProviders, type FetchMock } from '@aero/web-shared-testing';
import { cookieNames, deleteCookie, isAnalyticsLoaded, unloadAnalytics } from '@aero/web-site-data-access';
import { COOKIE_CATALOGUE, COOKIE_CATEGORIES } from './cookie-catalogue.js';
import { CookieConsent, CookieSettingsButton } from './cookie-consent.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function clearCookies() {
  for (const name of cookieNames()) deleteCookie(name);
}

/** The cookies the page wrote (assignments to document.cookie), by name. */
function cookieWrites(setter: { mock: { calls: unknown[][] } }) {
  return setter.mock.calls.map(([text]) => String(text));
}

/** A write stores the cookie for 365 days: Max-Age and an Expires a year ahead. */
function expectYearLong(write: string, writtenAt: number) {
  expect(write).toContain(`Max-Age=${YEAR_SECONDS}`);
  const expires = Date.parse(/Expires=([^;]+)/.exec(write)![1]);
  expect(Math.abs(expires - (writtenAt + YEAR_SECONDS * 1000))).toBeLessThan(5000);
}

describe('cookie consent (shop §2, §4)', () => {
  let fetchMock: FetchMock;
  let setter: ReturnType<typeof jest.spyOn>;

  beforeEach(() => {
    clearCookies();
    fetchMock = mockFetch({ 'POST /cookie-consent': { body: { message: 'Your cookie preferences have been saved.' } } });
  });
  afterEach(() => {
    setter?.mockRestore();
    fetchMock.restore();
    clearCookies();
    unloadAnalytics();
  });

  const banner = () => screen.queryByRole('region', { name: 'We use cookies' });

  function renderConsent() {
    const result = renderWithProviders(
      <>
        <CookieConsent />
        <CookieSettingsButton />
      </>,
    );
    setter = jest.spyOn(document, 'cookie', 'set');
    return result;
  }

  it('opens the banner when no necessary-consent cookie exists, with Accept all, Accept only necessary and Preferences', () => {
    renderConsent();
    const region = banner()!;
    expect(within(region).getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept all', 'Accept only necessary', 'Preferences']);
  });

  it('stays closed when the necessary-consent cookie exists', () => {
    document.cookie = 'necessary_cookies_consent=1; path=/';
    renderConsent();
    expect(banner()).toBeNull();
  });

  it('Accept all sets the three consents for 365 days, loads analytics, posts the choice and closes', async () => {
    renderConsent();
    const clickedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));

    const writes = cookieWrites(setter).filter((write) => /^(necessary|statistics|social)_cookies_consent=1;/.test(write));
    expect(writes.map((write) => write.split('=')[0])).toEqual(['necessary_cookies_consent', 'statistics_cookies_consent', 'social_cookies_consent']);
    for (const write of writes) expectYearLong(write, clickedAt);
    expect(cookieNames().sort()).toEqual(['necessary_cookies_consent', 'social_cookies_consent', 'statistics_cookies_consent']);
    expect(isAnalyticsLoaded()).toBe(true);
    expect(banner()).toBeNull();
    await waitFor(() => expect(fetchMock.callsTo('POST', '/cookie-consent')).toHaveLength(1));
    expect(fetchMock.calls[0].body).toEqual({ necessary: true, statistics: true, social: true });
  });

  it('Accept only necessary clears statistics and social and deletes the analytics and social-network cookies', async () => {
    for (const name of ['statistics_cookies_consent', 'social_cookies_consent', '_ga', '_ga_G1', '_gid', '_gat_UA1', '_fbp', 'YSC', 'XSRF-TOKEN']) {
      document.cookie = `${name}=1; path=/`;
    }
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Accept only necessary' }));

    expect(cookieNames().sort()).toEqual(['XSRF-TOKEN', 'necessary_cookies_consent']);
    expectYearLong(cookieWrites(setter).find((write) => write.startsWith('necessary_cookies_consent=1'))!, Date.now());
    expect(isAnalyticsLoaded()).toBe(false);
    await waitFor(() => expect(fetchMock.callsTo('POST', '/cookie-consent')).toHaveLength(1));
    expect(fetchMock.calls[0].body).toEqual({ necessary: true, statistics: false, social: false });
  });

  it('the preferences modal has the three categories with their details tables, the video, control and contact sections and the review date', () => {
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Preferences' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie preferences' });

    const necessary = within(dialog).getByRole('region', { name: 'Necessary cookies' });
    const alwaysOn = within(necessary).getByRole('switch', { name: 'Always on' });
    expect([(alwaysOn as HTMLInputElement).checked, (alwaysOn as HTMLInputElement).disabled]).toEqual([true, true]);
    const rows = within(within(necessary).getByRole('table')).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(
      expect.arrayContaining([
        'CookiePurposeDuration',
        'aero_sessionSession cookie: keeps you signed in and holds your cart.24 hours',
        expect.stringMatching(/^aero_rememberRemember-me cookie.*3 years$/),
        'necessary_cookies_consentRemembers that you answered the cookie banner.365 days',
      ]),
    );
    for (const [category, name] of [
      ['statistics', 'Statistics cookies'],
      ['social', 'Social-network cookies'],
    ] as const) {
      const section = within(dialog).getByRole('region', { name });
      expect(within(section).getByRole('switch')).toHaveProperty('checked', false);
      expect(within(section).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(COOKIE_CATALOGUE[category].map((cookie) => cookie.name));
    }
    expect(within(dialog).getByRole('heading', { name: 'Videos' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'How to control cookies' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Contact' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'privacy@aeromaint.academy' }).getAttribute('href')).toBe('mailto:privacy@aeromaint.academy');
    expect(within(dialog).getByText('This cookie policy was last reviewed on 19 August 2024.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save preferences' })).toBeTruthy();
  });

  it('Save preferences sets the chosen consents, removes the others with their cookies, and posts the choice', async () => {
    // Earlier: social networks allowed, statistics refused. Now the other way round.
    document.cookie = 'necessary_cookies_consent=1; path=/';
    document.cookie = 'social_cookies_consent=1; path=/';
    document.cookie = '_fbp=fb.1; path=/';
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie preferences' });
    const social = within(within(dialog).getByRole('region', { name: 'Social-network cookies' })).getByRole('switch');
    expect(social).toHaveProperty('checked', true);
    fireEvent.click(social);
    fireEvent.click(within(within(dialog).getByRole('region', { name: 'Statistics cookies' })).getByRole('switch'));
    const savedAt = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save preferences' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(banner()).toBeNull();
    expect(cookieNames().sort()).toEqual(['necessary_cookies_consent', 'statistics_cookies_consent']);
    expectYearLong(cookieWrites(setter).find((write) => write.startsWith('statistics_cookies_consent=1'))!, savedAt);
    expect(isAnalyticsLoaded()).toBe(true);
    await waitFor(() => expect(fetchMock.callsTo('POST', '/cookie-consent')).toHaveLength(1));
    expect(fetchMock.calls[0].body).toEqual({ necessary: true, statistics: true, social: false });
  });

  it('Cookie settings reopens the preferences with the choice in force', () => {
    document.cookie = 'necessary_cookies_consent=1; path=/';
    document.cookie = 'statistics_cookies_consent=1; path=/';
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie preferences' });
    expect(within(within(dialog).getByRole('region', { name: 'Statistics cookies' })).getByRole('switch')).toHaveProperty('checked', true);
    expect(within(within(dialog).getByRole('region', { name: 'Social-network cookies' })).getByRole('switch')).toHaveProperty('checked', false);
  });

  it('has a purpose and a duration text for every cookie of the details tables', () => {
    const missing = COOKIE_CATEGORIES.flatMap((category) =>
      COOKIE_CATALOGUE[category].flatMap((cookie) => [`consent.cookies.${cookie.key}.purpose`, `consent.cookies.${cookie.key}.duration`]),
    ).filter((key) => !i18next.exists(key));
    expect(missing).toEqual([]);
  });
});
