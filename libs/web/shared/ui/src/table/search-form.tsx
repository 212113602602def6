import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './table.css';

export interface SearchFormProps {
  /** Id of the search input (its label points at it). */
  id: string;
  /** The input's label, read by screen readers only. */
  label: string;
  /** Called with the trimmed text when the form is sent. */
  onSearch: (text: string) => void;
  /** The button's text: 'Search' by default. */
  buttonLabel?: string;
  placeholder?: string;
  maxLength?: number;
  /** More controls in the same row (a page size select). */
  children?: ReactNode;
}

/** A list's search box: a search input and its button; the list is searched when the form is sent. */
export function SearchForm({ id, label, onSearch, buttonLabel, placeholder, maxLength, children }: SearchFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      className="search-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="form-field__input"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn btn--secondary">
        {buttonLabel ?? t('common.search')}
      </button>
      {children}
    </form>
  );
}
