import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetProductsQuery } from '@aero/web-catalog-data-access';
import { ProductGrid } from '@aero/web-catalog-ui';
import { PageLoading } from '@aero/web-shared-ui';
import { renderAddToCart } from './eshop-page.js';
import { ProductsError } from './products-error.js';
import './catalog-feature.css';

/** How many courses the home page shows. */
export const POPULAR_COURSES_COUNT = 4;

/** Home page section "Popular courses": the first courses of the catalogue. */
export function PopularCourses() {
  const { t } = useTranslation();
  const { courses, isLoading, isError, error } = useGetProductsQuery(undefined, {
    selectFromResult: (result) => ({
      ...result,
      courses: result.data?.filter((product) => product.type === 'course').slice(0, POPULAR_COURSES_COUNT),
    }),
  });

  return (
    <section className="popular-courses" aria-labelledby="popular-courses-title">
      <div className="popular-courses__header">
        <h2 id="popular-courses-title">{t('catalog.popular.title')}</h2>
        <Link to="/e-shop" className="popular-courses__all">
          {t('catalog.popular.all')}
        </Link>
      </div>
      {isLoading && <PageLoading label={t('catalog.loading')} />}
      {isError && <ProductsError error={error} />}
      {courses && <ProductGrid products={courses} headingLevel={3} label={t('catalog.popular.title')} renderActions={renderAddToCart} />}
    </section>
  );
}
