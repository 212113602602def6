import type { ProductType } from '@aero/contracts';
import { useTranslation } from 'react-i18next';

/** The product type (course, certificate, package, ...) as a coloured pill. */
export function ProductTypeBadge({ type }: { type: ProductType }) {
  const { t } = useTranslation();
  return <span className={`type-badge type-badge--${type}`}>{t(`catalog.types.${type}`)}</span>;
}
