import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductDto } from '@aero/contracts';
import { AddToCart } from './add-to-cart.js';
import './catalog-feature.css';

/** Every tag of the products, each once, in the order they first appear. */
export function combinationTagsOf(products: readonly Pick<ProductDto, 'combination_tags'>[]): string[] {
  return [...new Set(products.flatMap((product) => product.combination_tags))];
}

/** A product matches when it has ALL the selected tags (none selected: Show all, every product). */
export function matchesAllTags(product: Pick<ProductDto, 'combination_tags'>, selected: readonly string[]): boolean {
  return selected.every((tag) => product.combination_tags.includes(tag));
}

export interface CombinationPickerProps {
  /** The catalogue; only products of type `combined` take part. */
  products: readonly ProductDto[];
  /** Tags selected at first (a combined product's page starts from its own engines). */
  initialTags?: readonly string[];
  headingLevel?: 2 | 3;
}

/**
 * Combination picker (shop §2, learning: "Click on engine to modify course contents"): tag toggle
 * buttons plus Show all, and a table of the matching products with picture, linked name, price
 * and Add to cart (quantity 1). Selecting a tag turns Show all off; Show all clears the tags.
 */
export function CombinationPicker({ products, initialTags = [], headingLevel = 2 }: CombinationPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const combined = useMemo(() => products.filter((product) => product.type === 'combined'), [products]);
  const tags = useMemo(() => combinationTagsOf(combined), [combined]);
  const [selected, setSelected] = useState<string[]>(() => initialTags.filter((tag) => tags.includes(tag)));
  const showAll = selected.length === 0;
  const matching = combined.filter((product) => matchesAllTags(product, selected));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const toggle = (tag: string) =>
    setSelected((current) => (current.includes(tag) ? current.filter((other) => other !== tag) : [...current, tag]));

  return (
    <section className="combination-picker" aria-labelledby={`${labelId}-title`}>
      <Heading id={`${labelId}-title`} className="combination-picker__title">
        {t('catalog.combination.title')}
      </Heading>
      <p id={labelId} className="combination-picker__label">
        {t('catalog.combination.label')}
      </p>
      <div className="combination-picker__tags" role="group" aria-labelledby={labelId}>
        <button type="button" className="combination-picker__tag" aria-pressed={showAll} onClick={() => setSelected([])}>
          {t('catalog.combination.show-all')}
        </button>
        {tags.map((tag) => (
          <button key={tag} type="button" className="combination-picker__tag" aria-pressed={selected.includes(tag)} onClick={() => toggle(tag)}>
            {tag}
          </button>
        ))}
      </div>

      {matching.length > 0 ? (
        <div className="combination-picker__table-wrap">
          <table className="combination-picker__table">
            <caption className="visually-hidden">{t('catalog.combination.table-label')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('catalog.combination.columns.picture')}</span>
                </th>
                <th scope="col">{t('catalog.combination.columns.name')}</th>
                <th scope="col" className="combination-picker__price-head">
                  {t('catalog.combination.columns.price')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('catalog.combination.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {matching.map((product) => (
                <tr key={product.id}>
                  <td className="combination-picker__picture">
                    <img src={product.images.thumbnail} alt="" width={64} height={64} loading="lazy" />
                  </td>
                  <th scope="row" className="combination-picker__name">
                    <Link to={product.url}>{product.name}</Link>
                    <span className="combination-picker__engines">{product.combination_tags.join(' · ')}</span>
                  </th>
                  <td className="combination-picker__price">{product.formatted_price}</td>
                  <td className="combination-picker__actions">
                    <AddToCart product={product} quantity={1} size="sm" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="notice notice--info" role="status">
          {t('catalog.combination.no-match')}
        </p>
      )}
    </section>
  );
}
