import { useMemo, useState } from 'react';
import type { ProductDto, ProductType } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { useGetProductsQuery } from '@aero/web-catalog-data-access';
import { CertificateSample, ProductGrid } from '@aero/web-catalog-ui';
import { AddToCart } from './add-to-cart.js';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { CombinationPicker } from './combination-picker.js';
import { ProductsError } from './products-error.js';
import './catalog-feature.css';

/** "Add to cart" of a product card. */
export const renderAddToCart = (product: ProductDto) => <AddToCart product={product} size="sm" />;

/**
 * /e-shop: every product from GET /api/products as cards with "Add to cart", filterable by type.
 * Combined products (type training per engine) are chosen with the combination picker.
 */
export function EshopPage() {
  const { t } = useTranslation();
  const { data: products, isLoading, isError, error } = useGetProductsQuery();
  const [type, setType] = useState<ProductType | null>(null);

  const types = useMemo(() => [...new Set((products ?? []).map((product) => product.type))], [products]);
  const hasCombined = types.includes('combined');
  const cards = useMemo(
    () => (products ?? []).filter((product) => (type === null ? product.type !== 'combined' : product.type === type)),
    [products, type],
  );
  const showPicker = hasCombined && (type === null || type === 'combined');
  const showCards = type !== 'combined';

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
          {type === 'certificate' && (
            <div className="eshop__certificate">
              <p>{t('catalog.certificate.sample-hint')}</p>
              <CertificateSample />
            </div>
          )}
          {showCards &&
            (cards.length > 0 ? (
              <ProductGrid products={cards} label={t('catalog.eshop.list-label')} renderActions={renderAddToCart} />
            ) : (
              <p className="notice notice--info">{t('catalog.empty')}</p>
            ))}
          {showPicker && <CombinationPicker products={products} />}
        </>
      )}
    </section>
  );
}
