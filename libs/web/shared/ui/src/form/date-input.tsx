import type { InputHTMLAttributes } from 'react';
import './form.css';

/**
 * Typed text shaped to the date pattern YYYY-MM-DD with the dash delimiter (shop §5): digits
 * only, dashes inserted after the year and the month, at most 8 digits.
 */
export function formatDateInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter((part) => part !== '');
  let text = parts.join('-');
  // Typing "2025-" keeps the dash the user typed after a complete year or month.
  if (raw.endsWith('-') && (digits.length === 4 || digits.length === 6)) text += '-';
  return text;
}

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> {
  value: string;
  onValueChange: (value: string) => void;
}

/** A date typed as YYYY-MM-DD (the pattern and delimiter of shop §5). */
export function DateInput({ value, onValueChange, placeholder = 'YYYY-MM-DD', ...input }: DateInputProps) {
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      pattern="\d{4}-\d{2}-\d{2}"
      placeholder={placeholder}
      className={input.className ?? 'form-field__input'}
      value={value}
      onChange={(event) => onValueChange(formatDateInput(event.target.value))}
    />
  );
}
