import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryDto } from '@aero/contracts';
import { stepThroughOptions } from './combobox-keys.js';
import { ComboOption, comboboxInputProps } from './combobox.js';
import { ControlledField, type FieldControlProps } from './form-field.js';
import './form.css';

/** The country selector shows at most 1000 options (shop §9, learning §9). */
export const COUNTRY_OPTIONS_LIMIT = 1000;

/**
 * Countries matching a search, best first: the country whose id is the query (learning §5:
 * "Country search matches on the country id"), then names starting with it, then names
 * containing it. An empty query keeps every country in its order.
 */
export function filterCountries(countries: readonly CountryDto[], query: string): CountryDto[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...countries];
  const byId: CountryDto[] = [];
  const starting: CountryDto[] = [];
  const containing: CountryDto[] = [];
  for (const country of countries) {
    const name = country.name.toLowerCase();
    if (country.id.toLowerCase() === q) byId.push(country);
    else if (name.startsWith(q)) starting.push(country);
    else if (name.includes(q)) containing.push(country);
  }
  return [...byId, ...starting, ...containing];
}

export interface CountrySelectProps extends Partial<FieldControlProps> {
  /** Every country (`GET /countries/all`); undefined while loading. */
  countries: readonly CountryDto[] | undefined;
  /** The chosen country id, or ''. */
  value: string;
  onChange: (countryId: string) => void;
  name?: string;
  disabled?: boolean;
  limit?: number;
}

/**
 * Searchable country selector (shop §2, learning §2): a combobox filtering the list locally by
 * name and id, at most 1000 options with '+N other countries', and 'Oops! No countries found.'
 * when nothing matches. Arrow keys move, Enter chooses, Escape closes.
 */
export function CountrySelect({ countries, value, onChange, name, disabled, limit = COUNTRY_OPTIONS_LIMIT, ...control }: CountrySelectProps) {
  const { t } = useTranslation();
  const fallbackId = useId();
  const inputId = control.id ?? fallbackId;
  const listId = `${inputId}-countries`;
  const root = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const selected = countries?.find((country) => country.id === value);
  const matches = filterCountries(countries ?? [], query ?? '');
  const shown = matches.slice(0, limit);
  const hidden = matches.length - shown.length;
  const expanded = open && countries !== undefined;

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const choose = (country: CountryDto) => {
    onChange(country.id);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (stepThroughOptions(event, shown.length, () => setOpen(true), setActive)) return;
    switch (event.key) {
      case 'Enter':
        if (expanded) {
          event.preventDefault();
          const country = shown[active] ?? (shown.length === 1 ? shown[0] : undefined);
          if (country) choose(country);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  };

  return (
    <div
      ref={root}
      className="combo"
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget)) close();
      }}
    >
      <input
        {...control}
        {...comboboxInputProps(listId, expanded, active)}
        id={inputId}
        spellCheck={false}
        disabled={disabled}
        placeholder={countries === undefined ? t('common.loading') : t('countries.placeholder')}
        value={query ?? selected?.name ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {name && <input type="hidden" name={name} value={value} />}
      <div className="combo__popup" hidden={!expanded}>
        <ul id={listId} role="listbox" className="combo__list" aria-label={t('countries.list-label')}>
          {expanded &&
            shown.map((country, index) => (
              <ComboOption key={country.id} listId={listId} index={index} active={active} selected={country.id === value} onChoose={() => choose(country)}>
                {country.name}
              </ComboOption>
            ))}
        </ul>
        {expanded && hidden > 0 && <p className="combo__more">{t('countries.more', { count: hidden })}</p>}
        {expanded && matches.length === 0 && <p className="combo__empty">{t('countries.no-results')}</p>}
      </div>
    </div>
  );
}

export interface CountryFieldProps {
  /** The field of the surrounding form holding the country id. */
  name: string;
  label: ReactNode;
  required?: boolean;
  /** Every country (`GET /countries/all`); undefined while loading. */
  countries: readonly CountryDto[] | undefined;
}

/** The country selector as a field of the surrounding form, with its message. */
export function CountryField({ name, label, required, countries }: CountryFieldProps) {
  return (
    <ControlledField name={name} label={label} required={required}>
      {(control, field) => <CountrySelect {...control} countries={countries} name={field.name} value={(field.value as string | undefined) ?? ''} onChange={field.onChange} />}
    </ControlledField>
  );
}
