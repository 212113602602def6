import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { stepThroughOptions } from './combobox-keys.js';
import { ComboOption, comboboxInputProps } from './combobox.js';
import type { FieldControlProps } from './form-field.js';
import './form.css';

/** A multiselect item (shop §3 "Multiselect item: id, name"). */
export interface MultiSelectItem {
  id: string | number;
  name: string;
}

/** The multiselect offers at most 300 options and shows 3 selections by default (shop §9). */
export const MULTISELECT_OPTIONS_LIMIT = 300;
export const MULTISELECT_SHOWN_SELECTIONS = 3;

export interface MultiSelectProps extends Partial<FieldControlProps> {
  items: readonly MultiSelectItem[];
  /** Ids of the chosen items. */
  value: readonly (string | number)[];
  onChange: (ids: (string | number)[]) => void;
  optionsLimit?: number;
  shownSelections?: number;
  placeholder?: string;
}

/**
 * Multiselect field (shop §2): a search box filtering at most 300 options; the chosen items show
 * as the first 3 names then 'and N other items'; an empty search result says 'Oops! No items
 * found. Consider changing the search query.'.
 */
export function MultiSelect({
  items,
  value,
  onChange,
  optionsLimit = MULTISELECT_OPTIONS_LIMIT,
  shownSelections = MULTISELECT_SHOWN_SELECTIONS,
  placeholder,
  ...control
}: MultiSelectProps) {
  const { t } = useTranslation();
  const fallbackId = useId();
  const inputId = control.id ?? fallbackId;
  const listId = `${inputId}-options`;
  const root = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const chosen = new Set(value);
  const selectedItems = items.filter((item) => chosen.has(item.id));
  const q = query.trim().toLowerCase();
  const options = (q === '' ? items : items.filter((item) => item.name.toLowerCase().includes(q))).slice(0, optionsLimit);
  const others = selectedItems.length - shownSelections;

  const toggle = (item: MultiSelectItem) => {
    onChange(chosen.has(item.id) ? value.filter((id) => id !== item.id) : [...value, item.id]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (stepThroughOptions(event, options.length, () => setOpen(true), setActive)) return;
    if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      toggle(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div
      ref={root}
      className="combo multiselect"
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      {selectedItems.length > 0 && (
        <p className="multiselect__selection">
          {selectedItems.slice(0, shownSelections).map((item) => (
            <span key={item.id} className="multiselect__chip">
              {item.name}
              <button
                type="button"
                className="multiselect__chip-remove"
                aria-label={t('multiselect.remove', { name: item.name })}
                onClick={() => toggle(item)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </span>
          ))}
          {others > 0 && <span className="multiselect__others">{t('multiselect.more', { count: others })}</span>}
        </p>
      )}
      <input
        {...control}
        {...comboboxInputProps(listId, open, active)}
        id={inputId}
        placeholder={placeholder ?? t('multiselect.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div className="combo__popup" hidden={!open}>
        <ul id={listId} role="listbox" aria-multiselectable="true" className="combo__list" aria-label={t('multiselect.list-label')}>
          {open &&
            options.map((item, index) => (
              <ComboOption key={item.id} listId={listId} index={index} active={active} selected={chosen.has(item.id)} onChoose={() => toggle(item)}>
                <span className="multiselect__tick" aria-hidden="true">
                  {chosen.has(item.id) ? '✓' : ''}
                </span>
                {item.name}
              </ComboOption>
            ))}
        </ul>
        {open && options.length === 0 && <p className="combo__empty">{t('multiselect.no-results')}</p>}
      </div>
    </div>
  );
}
