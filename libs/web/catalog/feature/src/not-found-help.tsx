import { useTranslation } from 'react-i18next';
import { PopularCourses } from './popular-courses.js';
import { ProductSearch } from './product-search.js';
import './catalog-feature.css';

/**
 * What a not-found page offers instead of a dead end: a search of the shop and the popular
 * courses (an unknown address, a product the catalogue does not have).
 */
export function NotFoundHelp() {
  const { t } = useTranslation();
  return (
    <div className="not-found-help">
      <section className="not-found-help__search" aria-labelledby="not-found-search-title">
        <h2 id="not-found-search-title">{t('catalog.not-found-help.search-title')}</h2>
        <ProductSearch />
      </section>
      <PopularCourses />
    </div>
  );
}
