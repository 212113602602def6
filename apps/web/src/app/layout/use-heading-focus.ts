import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long after a route change the screen's heading is waited for (lazy chunk and data included). */
export const HEADING_WAIT_MS = 10_000;

/**
 * After each route change (not the first page load), moves the focus to the screen's main heading,
 * the first `h1` in `main`, so a keyboard or screen-reader user starts on the new screen instead of
 * the body. A screen that shows its heading late (lazy chunk, data) gets the focus when the
 * heading appears; one with no heading focuses `main` itself. Focus the user moved meanwhile
 * (a field, a dialog) is left where it is.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    const container = main.current;
    if (!container) return;
    const before = document.activeElement;
    let focused: HTMLElement | null = null;

    // The focus is ours to move while it is where the navigation left it, on the body, or on the
    // heading we focused (and the page replaced).
    const ours = () => {
      const active = document.activeElement;
      return active === null || active === document.body || active === before || (focused !== null && active === focused) || !active.isConnected;
    };
    const focusHeading = () => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading || heading === focused || !ours()) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      focused = heading;
    };

    focusHeading();
    const observer = new MutationObserver(focusHeading);
    observer.observe(container, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      if (!focused && ours()) container.focus({ preventScroll: true });
    }, HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, main]);
}
