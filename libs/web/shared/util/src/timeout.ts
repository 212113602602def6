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

/**
 * A question the page asks on its own, `delayMs` after `key` became set (e.g. whether a pending
 * invitation or share waits, 2 s after a user signs in); the answer goes to `onAnswer`. It is a
 * courtesy: a failure shows nothing.
 */
export function useDelayedCheck<A>(key: unknown, delayMs: number, check: () => Promise<A>, onAnswer: (answer: A) => void): void {
  useTimeout(key, delayMs, () => {
    check()
      .then(onAnswer)
      .catch(() => undefined);
  });
}
