import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '@aero/web-accounts-data-access';
import { AccountRestrictionNotice } from '@aero/web-accounts-ui';
import './accounts-feature.css';

/**
 * Notices about the signed-in account on every screen: the account restriction notice (the
 * profile shows its own) and a request to accept updated terms (the acceptance form returns
 * to the current page).
 */
export function AccountNotices() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const { user } = useCurrentUser();
  if (!user) return null;
  const showRestriction = user.restriction !== null && pathname !== '/profile';
  const showTerms = !user.terms_up_to_date && pathname !== '/terms/accept';
  if (!showRestriction && !showTerms) return null;
  return (
    <div className="account-notices">
      {showRestriction && user.restriction && <AccountRestrictionNotice restriction={user.restriction} />}
      {showTerms && (
        <p className="notice notice--warning">
          {t('terms.update-notice')}{' '}
          <Link to={`/terms/accept?redirect=${encodeURIComponent(`${pathname}${search}${hash}`)}`}>{t('terms.review')}</Link>
        </p>
      )}
    </div>
  );
}
