import { useTranslation } from 'react-i18next';
import './table.css';

export interface PerPageSelectProps {
  value: number;
  /** The page sizes offered (e.g. 10 to 50). */
  options: readonly number[];
  onChange: (perPage: number) => void;
}

/** 'Per page' and a select of the page sizes of a list. */
export function PerPageSelect({ value, options, onChange }: PerPageSelectProps) {
  const { t } = useTranslation();
  return (
    <label className="per-page">
      {t('common.per-page')}{' '}
      <select value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}
