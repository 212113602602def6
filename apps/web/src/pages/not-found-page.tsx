import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@aero/web-shared-ui';

/** Any address no screen answers. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <PageTitle title={t('errors.not-found.title')} />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('errors.not-found.title')}</h1>
      <p>{t('errors.not-found.text')}</p>
      <div className="not-found__actions">
        <Link to="/" className="btn btn--primary">
          {t('errors.not-found.home')}
        </Link>
        <Link to="/e-shop" className="btn btn--secondary">
          {t('errors.not-found.shop')}
        </Link>
      </div>
    </section>
  );
}
