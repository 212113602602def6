import { useTranslation } from 'react-i18next';
import type { AccountRestrictionDto } from '@aero/contracts';
import './accounts-ui.css';

/**
 * The account restriction notice (learning §2, §4): a banned account, or one under compliance
 * review (at most three days, until `review_until`), for the user or their company.
 */
export function AccountRestrictionNotice({ restriction }: { restriction: AccountRestrictionDto }) {
  const { t, i18n } = useTranslation();
  const until = restriction.review_until ? new Date(restriction.review_until) : null;
  const banned = restriction.status === 'banned';
  return (
    <section className={`notice ${banned ? 'notice--error' : 'notice--warning'} restriction-notice`} role="alert" aria-label={t('restriction.label')}>
      <h2 className="restriction-notice__title">{banned ? t('restriction.banned-title') : t('restriction.review-title')}</h2>
      <p>{restriction.message}</p>
      {!banned && (
        <p>
          {until && !Number.isNaN(until.getTime())
            ? t('restriction.review-until', { date: until.toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short' }) })
            : t('restriction.review-duration')}
        </p>
      )}
      <p className="restriction-notice__support">{t('restriction.support')}</p>
    </section>
  );
}
