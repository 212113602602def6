import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGetProductsQuery, useProductBySlug } from '@aero/web-catalog-data-access';
import { CertificateSample, PackageContents, ProductTypeBadge } from '@aero/web-catalog-ui';
import { AddToCart } from './add-to-cart.js';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { CombinationPicker } from './combination-picker.js';
import { CourseDetails } from './course-details.js';
import { NotFoundHelp } from './not-found-help.js';
import { ProductsError } from './products-error.js';
import './catalog-feature.css';

/**
 * /e-shop/:slug: one product of the listing with its description, course details (what it
 * covers, study time, who it is for, the certificate) and package contents; the page's title and
 * meta description are the product's. A product the catalogue does not have says so and offers
 * a search and the popular courses (the gateway answers that address with 404).
 */
export function ProductPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { product, isLoading, isError, error } = useProductBySlug(slug);
  const { data: products = [] } = useGetProductsQuery();

  if (isLoading) return <PageLoading label={t('catalog.loading')} />;
  if (isError) {
    return (
      <section className="page">
        <ProductsError error={error} />
      </section>
    );
  }
  if (!product) {
    return (
      <section className="page product-missing" aria-labelledby="product-missing-title">
        <PageTitle title={t('catalog.product.not-found')} />
        <h1 id="product-missing-title">{t('catalog.product.not-found')}</h1>
        <p>{t('catalog.product.not-found-hint')}</p>
        <Link to="/e-shop" className="btn btn--primary">
          {t('catalog.product.back')}
        </Link>
        <NotFoundHelp />
      </section>
    );
  }

  return (
    <article className="page product-page" aria-labelledby="product-title">
      <PageTitle title={product.name} description={product.description} />
      <nav aria-label={t('catalog.product.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/e-shop">{t('catalog.eshop.title')}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <div className="product-page__layout">
        <div className="product-page__media">
          {/* The page's largest picture: fetched ahead of the others (Largest Contentful Paint). */}
          <img src={product.images['16by9']} alt="" width={640} height={360} fetchPriority="high" />
        </div>
        <div className="product-page__summary">
          <div className="product-page__meta">
            <ProductTypeBadge type={product.type} />
            {product.category && <span className="product-page__category">{product.category}</span>}
          </div>
          <h1 id="product-title">{product.name}</h1>
          <p className="product-page__price">
            <span className="visually-hidden">{t('catalog.product.price')} </span>
            {product.formatted_price}
          </p>
          <p className="product-page__description">{product.description}</p>
          <div className="product-page__actions">
            <AddToCart product={product} />
            {product.type === 'certificate' && <CertificateSample />}
          </div>
          {product.combination_tags.length > 0 && (
            <p className="product-page__tags">
              <span>{t('catalog.product.tags')}</span>{' '}
              {product.combination_tags.map((tag) => (
                <span key={tag} className="product-page__tag">
                  {tag}
                </span>
              ))}
            </p>
          )}
        </div>
      </div>

      {product.details && <CourseDetails details={product.details} />}

      {product.type === 'combined' && (
        <div className="product-page__combination">
          <CombinationPicker key={product.id} products={products} initialTags={product.combination_tags} />
        </div>
      )}

      {product.package.length > 0 && (
        <section className="product-page__contents" aria-labelledby="package-contents-title">
          <h2 id="package-contents-title">{t('catalog.product.contents')}</h2>
          <PackageContents items={product.package} headingId="package-contents-title" />
        </section>
      )}
    </article>
  );
}
