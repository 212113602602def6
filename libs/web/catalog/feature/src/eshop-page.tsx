import { useMemo, useState } from 'react';
import type { ProductType } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { useGetProductsQuery } from '@aero/web-catalog-data-access';
import { ProductGrid } from '@aero/web-catalog-ui';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { ProductsError } from './products-error.js';
import './catalog-feature.css';

/** /e-shop: every product from GET /api/products as cards, filterable by type. */
export function EshopPage() {
  const { t } = useTranslation();
  const { data: products, isLoading, isError, error } = useGetProductsQuery();
  const [type, setType] = useState<ProductType | null>(null);

  const types = useMemo(() => [...new Set((products ?? []).map((product) => product.type))], [products]);
  const shown = useMemo(
    () => (products ?? []).filter((product) => type === null || product.type === type),
    [products, type],
  );

  return (
    <section className="page eshop" aria-labelledby="eshop-title">
      <PageTitle title={t('catalog.eshop.title')} />
      <header className="eshop__header">
        <h1 id="eshop-title">{t('catalog.eshop.title')}</h1>
        <p className="eshop__lead">{t('catalog.eshop.lead')}</p>
      </header>

      {isLoading && <PageLoading label={t('catalog.loading')} />}
      {isError && <ProductsError error={error} />}

      {products && (
        <>
          {types.length > 1 && (
            <div className="type-filter" role="group" aria-label={t('catalog.eshop.filter-label')}>
              <button type="button" className="type-filter__option" aria-pressed={type === null} onClick={() => setType(null)}>
                {t('catalog.eshop.all')}
              </button>
              {types.map((option) => (
                <button
                  key={option}
                  type="button"
                  className="type-filter__option"
                  aria-pressed={type === option}
                  onClick={() => setType(option)}
                >
                  {t(`catalog.types-plural.${option}`)}
                </button>
              ))}
            </div>
          )}
          {shown.length > 0 ? (
            <ProductGrid products={shown} label={t('catalog.eshop.list-label')} />
          ) : (
            <p className="notice notice--info">{t('catalog.empty')}</p>
          )}
        </>
      )}
    </section>
  );
}
