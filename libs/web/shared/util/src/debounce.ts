import { useCallback, useEffect, useRef, useState } from 'react';

/** `value`, once it stopped changing for `delayMs` (search boxes). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface DebouncedCallback<A extends unknown[]> {
  (...args: A): void;
  /** Forgets a pending call. */
  cancel(): void;
}

/**
 * `callback`, called only after `delayMs` without a new call (the last arguments win). A pending
 * call is dropped when the component unmounts. The latest `callback` is always the one called.
 */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number): DebouncedCallback<A> {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const debounced = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        latest.current(...args);
      }, delayMs);
    },
    [delayMs],
  );
  return Object.assign(debounced, { cancel });
}
