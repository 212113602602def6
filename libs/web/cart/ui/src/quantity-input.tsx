import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '@aero/web-shared-ui';
import { CART_QUANTITY_DEBOUNCE_MS, CART_QUANTITY_MAX, CART_QUANTITY_MIN, useDebouncedCallback } from '@aero/web-shared-util';
import './cart-ui.css';

/** Keys the quantity input accepts besides digits (shop §5). */
export const QUANTITY_EDIT_KEYS = ['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'] as const;

/**
 * Whether a key press may reach the quantity input: digits, Backspace, Delete and the arrow keys
 * (shop §5). Tab still moves focus and shortcuts (Ctrl/⌘+C, V, A, Z) still work: they type nothing.
 */
export function isQuantityKeyAllowed(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  if (/^[0-9]$/.test(event.key)) return true;
  if ((QUANTITY_EDIT_KEYS as readonly string[]).includes(event.key)) return true;
  return event.key === 'Tab' || event.ctrlKey || event.metaKey;
}

export interface QuantityInputProps {
  /** The quantity in the cart. */
  value: number;
  /** Called with a new valid quantity once the shopper paused for `debounceMs`. */
  onCommit: (quantity: number) => void;
  /** Accessible name ("Quantity of Part-145 Initial Training"). */
  label: string;
  /** Spec: changes are sent after a 500 ms pause. */
  debounceMs?: number;
  /** Up/down arrow buttons next to the field (the added-to-cart modal). */
  arrows?: boolean;
  min?: number;
  max?: number;
}

/**
 * Numeric cart quantity (minimum 1). Only digits, Backspace, Delete and arrow keys are accepted;
 * the change is sent after a pause. An emptied or zero field goes back to the cart's quantity when
 * it loses focus.
 */
export function QuantityInput({
  value,
  onCommit,
  label,
  debounceMs = CART_QUANTITY_DEBOUNCE_MS,
  arrows = false,
  min = CART_QUANTITY_MIN,
  max = CART_QUANTITY_MAX,
}: QuantityInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  // The cart changed (server answer, rollback): show its quantity.
  if (value !== shown) {
    setShown(value);
    setDraft(String(value));
  }

  const current = useRef(value);
  useEffect(() => {
    current.current = value;
  });

  const commit = useDebouncedCallback((text: string) => {
    const quantity = Number.parseInt(text, 10);
    if (!Number.isInteger(quantity) || quantity < min) return;
    const bounded = Math.min(quantity, max);
    if (bounded !== quantity) setDraft(String(bounded));
    if (bounded !== current.current) onCommit(bounded);
  }, debounceMs);

  const change = (text: string) => {
    const digits = text.replace(/\D/g, '');
    setDraft(digits);
    commit(digits);
  };

  const step = (delta: number) => {
    const base = Number.parseInt(draft, 10);
    const next = Math.min(max, Math.max(min, (Number.isInteger(base) ? base : value) + delta));
    change(String(next));
  };

  const numeric = Number.parseInt(draft, 10);
  return (
    <div className={`quantity-input${arrows ? ' quantity-input--arrows' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="quantity-input__field"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={draft}
        onKeyDown={(event) => {
          if (!isQuantityKeyAllowed(event)) event.preventDefault();
        }}
        onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
          if (!/^\d+$/.test(event.clipboardData.getData('text').trim())) event.preventDefault();
        }}
        onChange={(event) => change(event.target.value)}
        onBlur={() => {
          if (!Number.isInteger(numeric) || numeric < min) {
            commit.cancel();
            setDraft(String(value));
          }
        }}
      />
      {arrows && (
        <span className="quantity-input__arrows">
          <button
            type="button"
            className="quantity-input__arrow"
            aria-label={t('cart.increase')}
            disabled={Number.isInteger(numeric) && numeric >= max}
            onClick={() => step(1)}
          >
            <LineIcon viewBox="0 0 12 12" size={12} d="M2 8l4-4 4 4" />
          </button>
          <button
            type="button"
            className="quantity-input__arrow"
            aria-label={t('cart.decrease')}
            disabled={!Number.isInteger(numeric) || numeric <= min}
            onClick={() => step(-1)}
          >
            <LineIcon viewBox="0 0 12 12" size={12} d="M2 4l4 4 4-4" />
          </button>
        </span>
      )}
    </div>
  );
}
