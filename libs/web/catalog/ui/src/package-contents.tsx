import type { PackageItem } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './catalog-ui.css';

/** What a package holds: each contained product (linked) with its quantity. */
export function PackageContents({ items, headingId }: { items: PackageItem[]; headingId?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="package-contents" aria-labelledby={headingId}>
      {items.map((item) => (
        <li key={item.id} className="package-contents__item">
          <Link to={item.url}>{item.name}</Link>
          <span className="package-contents__quantity" aria-label={t('catalog.quantity-label', { count: item.quantity })}>
            × {item.quantity}
          </span>
        </li>
      ))}
    </ul>
  );
}
