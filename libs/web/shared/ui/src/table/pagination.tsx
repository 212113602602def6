import { useTranslation } from 'react-i18next';
import { pageWindow } from './page-window.js';
import './table.css';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the navigation (several lists on one page); 'Pages' by default. */
  label?: string;
}

/**
 * The pagination control (learning §2): previous and next arrows, page numbers with ellipses
 * (`pageWindow`: 7 places, first and last always shown), hidden when there is one page or fewer.
 */
export function Pagination({ page, totalPages, onPage, label }: PaginationProps) {
  const { t } = useTranslation();
  const slots = pageWindow(page, totalPages);
  if (slots.length === 0) return null;
  return (
    <nav className="pagination" aria-label={label ?? t('common.pages')}>
      <button type="button" className="pagination__arrow" aria-label={t('common.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹
      </button>
      {slots.map((slot, i) =>
        slot === 'gap' ? (
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={slot}
            type="button"
            className={`pagination__page${slot === page ? ' pagination__page--current' : ''}`}
            aria-current={slot === page ? 'page' : undefined}
            onClick={() => onPage(slot)}
          >
            {slot}
          </button>
        ),
      )}
      <button type="button" className="pagination__arrow" aria-label={t('common.next')} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        ›
      </button>
    </nav>
  );
}
