import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadSite } from '../feature-chunks.js';
import './layout.css';

const CookieSettingsButton = lazy(() => loadSite().then((m) => ({ default: m.CookieSettingsButton })));

/** The information articles the spec names (shop "Other routes"). */
export const FOOTER_LINKS = [
  { to: '/articles/faq-corporate-account', label: 'footer.faq-corporate-account' },
  { to: '/articles/terms-and-conditions', label: 'footer.terms-and-conditions' },
  { to: '/articles/privacy-policy', label: 'footer.privacy-policy' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div>
          <p className="site-footer__brand">{t('app.name')}</p>
          <p className="site-footer__tagline">{t('app.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <Suspense fallback={null}>
          <CookieSettingsButton className="link-button site-footer__cookies" />
        </Suspense>
      </div>
      <p className="site-footer__copyright container">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
