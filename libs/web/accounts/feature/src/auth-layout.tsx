import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@aero/web-shared-ui';
import './accounts-feature.css';

/**
 * The frame of the sign-in, registration, verification and password screens. `signedIn`: what
 * the screen says to someone already signed in, with a link to their profile.
 */
export function AuthLayout({
  title,
  lead,
  signedIn,
  children,
  wide,
}: {
  title: string;
  lead?: ReactNode;
  signedIn?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className={`page auth${wide ? ' auth--wide' : ''}`} aria-labelledby="auth-title">
      <PageTitle title={title} />
      <h1 id="auth-title">{title}</h1>
      {lead && <p className="auth__lead">{lead}</p>}
      <div className="form-card auth__card">
        {signedIn && (
          <p className="notice notice--info">
            {signedIn} <Link to="/profile">{t('nav.profile')}</Link>
          </p>
        )}
        {children}
      </div>
    </section>
  );
}
