import { useEffect, useRef } from 'react';

/**
 * Calls `run` once, `delayMs` after `key` became set (truthy), e.g. a notice shown for 2 s or a
 * check made 2 s after a user signs in. A new key starts the wait again; a key unset, or the
 * component gone, cancels it. The latest `run` is the one called.
 */
export function useTimeout(key: unknown, delayMs: number, run: () => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
}
