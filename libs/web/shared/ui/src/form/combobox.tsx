import type { InputHTMLAttributes, ReactNode } from 'react';

/** The id of a listbox's option, which the input names as its active descendant. */
const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * What makes a text input the combobox of the listbox `listId` (the country selector, the
 * multiselect): its role and look, no autofill, and which option is active while the list is open.
 */
export function comboboxInputProps(listId: string, expanded: boolean, active: number): InputHTMLAttributes<HTMLInputElement> {
  return {
    type: 'text',
    role: 'combobox',
    className: 'form-field__input combo__input',
    autoComplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active >= 0 ? optionId(listId, active) : undefined,
  };
}

export interface ComboOptionProps {
  listId: string;
  index: number;
  /** The option the arrow keys are on. */
  active: number;
  selected: boolean;
  onChoose: () => void;
  children: ReactNode;
}

/** One option of a combobox's listbox; pressing it keeps the focus in the input. */
export function ComboOption({ listId, index, active, selected, onChoose, children }: ComboOptionProps) {
  return (
    <li
      id={optionId(listId, index)}
      role="option"
      aria-selected={selected}
      className={`combo__option${index === active ? ' combo__option--active' : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
    >
      {children}
    </li>
  );
}
