// The site's part of the app shell (@aero/web-site-feature/shell): the cookie consent and the
// announcement banner, painted with the shell, and the site's dialogs. A second entry point, so
// that the shell does not bring the feature's screens, which load with the feature's chunk.
export { CookieConsent, CookieSettingsButton } from './cookie-consent.js';
export { AnnouncementBanner } from './announcement-banner.js';
export { SiteDialogs } from './site-dialogs.js';
