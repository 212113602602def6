import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProductDto } from '@aero/contracts';
import { useSearchProductsQuery } from '@aero/web-catalog-data-access';
import { stepThroughOptions } from '@aero/web-shared-ui';
import { PRODUCT_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@aero/web-shared-util';
import './catalog-feature.css';

/**
 * The top menu's product search (shop §2): a combobox that asks GET /api/products/search once
 * typing paused for 300 ms and lists picture, name and price with currency ("149.00 EUR"), or a
 * no-results text.
 * Arrow keys move through the results, Enter opens the highlighted product, Escape closes the list
 * (a second Escape clears the field).
 */
export function ProductSearch({ debounceMs = PRODUCT_SEARCH_DEBOUNCE_MS }: { debounceMs?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const root = useRef<HTMLFormElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const term = query.trim();
  const debounced = useDebouncedValue(term, debounceMs);
  const { data, currentData, isFetching } = useSearchProductsQuery(debounced, { skip: debounced === '' });
  const results: ProductDto[] = term === '' || debounced === '' ? [] : (data ?? []);

  // New results: nothing highlighted.
  const resultsKey = results.map((product) => product.id).join(',');
  const [shownKey, setShownKey] = useState(resultsKey);
  if (shownKey !== resultsKey) {
    setShownKey(resultsKey);
    setActive(-1);
  }

  const noResults = term !== '' && debounced !== '' && !isFetching && currentData !== undefined && currentData.length === 0;
  const expanded = open && term !== '' && (results.length > 0 || noResults);

  const choose = (product: ProductDto) => {
    setQuery('');
    setOpen(false);
    setActive(-1);
    void navigate(product.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (stepThroughOptions(event, results.length, () => setOpen(true), setActive)) return;
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        if (expanded && active >= 0 && results[active]) choose(results[active]);
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (query !== '') {
          event.preventDefault();
          event.stopPropagation();
          setQuery('');
        }
        break;
    }
  };

  return (
    <form
      ref={root}
      role="search"
      className="product-search"
      onSubmit={(event) => event.preventDefault()}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('catalog.search.label')}
      </label>
      <svg className="product-search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id={`${id}-input`}
        className="product-search__input"
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('catalog.search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div className="product-search__popup" hidden={!expanded}>
        <ul id={listId} role="listbox" className="product-search__results" aria-label={t('catalog.search.results-label')}>
          {results.map((product, index) => (
            <li
              key={product.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="product-search__option"
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(product)}
            >
              <img className="product-search__image" src={product.images.thumbnail} alt="" width={44} height={44} />
              <span className="product-search__name">{product.name}</span>
              <span className="product-search__price">
                {product.price.toFixed(2)} <span className="product-search__currency">{product.currency}</span>
              </span>
            </li>
          ))}
        </ul>
        {noResults && (
          <p className="product-search__empty" role="status">
            {t('catalog.search.no-results')}
          </p>
        )}
      </div>
    </form>
  );
}
