import type { EmployeeDto } from '@aero/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchEmployeesQuery } from '@aero/web-employees-data-access';
import { useDebouncedValue } from '@aero/web-shared-util';

/** The pickers' search waits this long after the last key (learning §9: 500 ms). */
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 500;

/** Searches at one character or more, or when empty (everyone: `show_all=1`), learning §5. */
export function searchesFor(text: string): boolean {
  return text.trim().length >= 1 || text.trim() === '';
}

export interface EmployeePickerProps {
  /** Ids already chosen: left out of the answers (`not`). */
  chosen: string[];
  onPick: (employee: EmployeeDto) => void;
  busy?: boolean;
}

/**
 * An employee search (`GET /employees-search`): the query goes out 500 ms after the last key,
 * at one character or empty, without the ids already chosen. A failed search is ignored: the
 * previous answers stay (learning §7 "Employee search failures are silently ignored").
 */
export function EmployeePicker({ chosen, onPick, busy }: EmployeePickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, EMPLOYEE_SEARCH_DEBOUNCE_MS);
  const { currentData, data } = useSearchEmployeesQuery({ query: query.trim(), not: chosen }, { skip: !searchesFor(query) });
  // Keep what was found last while a search is running or failed.
  const found = currentData ?? data;
  return (
    <div className="employee-picker">
      <label htmlFor={inputId} className="form-field__label">
        {t('employees.groups.search-label')}
      </label>
      <input
        ref={input}
        id={inputId}
        type="search"
        className="form-field__input"
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {found && found.data.length === 0 && <p>{t('employees.groups.no-results')}</p>}
      {found && found.data.length > 0 && (
        <ul className="employee-picker__results" aria-label={t('employees.groups.results-label')}>
          {found.data.map((employee) => (
            <li key={employee.id}>
              <span>
                {employee.name}
                {employee.email && <span className="employee-picker__email"> {employee.email}</span>}
              </span>
              <button
                type="button"
                className="btn btn--secondary list-table__button"
                disabled={busy}
                aria-label={t('employees.groups.add-member', { name: employee.name })}
                onClick={() => {
                  onPick(employee);
                  // The picked one leaves the list with its button: focus goes back to the search
                  // (to pick more), not to the page behind the dialog.
                  input.current?.focus();
                }}
              >
                {t('common.add')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
