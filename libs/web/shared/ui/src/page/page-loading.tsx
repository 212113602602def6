import { useTranslation } from 'react-i18next';
import { Spinner } from '../loading-overlay/spinner.js';
import './page.css';

/** Shown while a lazily loaded screen or its data arrives. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <Spinner size={28} />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
