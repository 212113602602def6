/** The cookies of each consent category, for the details tables of the preferences modal. */
export type CookieCategory = 'necessary' | 'statistics' | 'social';

export interface CookieDescription {
  /** The cookie's name (`_ga_<id>` stands for a family). */
  name: string;
  /** Key under `consent.cookies.` of its purpose and duration texts. */
  key: string;
}

export const COOKIE_CATALOGUE: Record<CookieCategory, CookieDescription[]> = {
  necessary: [
    { name: 'aero_session', key: 'session' },
    { name: 'XSRF-TOKEN', key: 'xsrf' },
    { name: 'aero_remember', key: 'remember' },
    { name: 'necessary_cookies_consent', key: 'necessary-consent' },
    { name: 'statistics_cookies_consent', key: 'statistics-consent' },
    { name: 'social_cookies_consent', key: 'social-consent' },
  ],
  statistics: [
    { name: '_ga', key: 'ga' },
    { name: '_ga_<id>', key: 'ga-id' },
    { name: '_gid', key: 'gid' },
    { name: '_gat', key: 'gat' },
  ],
  social: [
    { name: '_fbp', key: 'fbp' },
    { name: 'li_sugr', key: 'li-sugr' },
    { name: 'guest_id', key: 'guest-id' },
    { name: 'VISITOR_INFO1_LIVE', key: 'youtube-visitor' },
    { name: 'YSC', key: 'youtube-session' },
  ],
};

export const COOKIE_CATEGORIES: CookieCategory[] = ['necessary', 'statistics', 'social'];
