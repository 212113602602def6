import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@aero/web-shared-ui';
import { loadCatalog } from '../app/feature-chunks.js';

const NotFoundHelp = lazy(() => loadCatalog().then((m) => ({ default: m.NotFoundHelp })));

/**
 * Any address no screen answers (the gateway answers it with 404): says so and offers the home
 * page, the E-shop, a search of the shop and the popular courses.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <PageTitle title={t('errors.not-found.title')} description={t('errors.not-found.text')} />
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
      <Suspense fallback={null}>
        <NotFoundHelp />
      </Suspense>
    </section>
  );
}
