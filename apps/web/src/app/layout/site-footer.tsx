import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
// The feature's shell entry point (shell.ts), not its lazily loaded barrel: the shell paints these.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CookieSettingsButton } from '@aero/web-site-feature/shell';
import './layout.css';

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
        <CookieSettingsButton className="link-button site-footer__cookies" />
      </div>
      <p className="site-footer__copyright container">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
