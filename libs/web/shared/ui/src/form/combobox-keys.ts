import type { Dispatch, KeyboardEvent, SetStateAction } from 'react';

/**
 * ArrowDown and ArrowUp in a combobox's text input: the list opens and the active option moves
 * to the next or the previous one, wrapping at both ends (none active: Down goes to the first, Up
 * to the last). Answers whether the key was one of them, and so was handled.
 */
export function stepThroughOptions(
  event: KeyboardEvent<HTMLInputElement>,
  count: number,
  open: () => void,
  setActive: Dispatch<SetStateAction<number>>,
): boolean {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
  event.preventDefault();
  open();
  if (count > 0) setActive(event.key === 'ArrowDown' ? (index) => (index + 1) % count : (index) => (index <= 0 ? count - 1 : index - 1));
  return true;
}
