import { sameOriginPath } from '@aero/web-shared-util';

/** The first of these addresses that stays on this site (a `?redirect=` or the server's answer), else `fallback`. */
export function firstSafePath(candidates: readonly (string | null | undefined)[], fallback: string): string {
  for (const candidate of candidates) {
    const path = sameOriginPath(candidate);
    if (path) return path;
  }
  return fallback;
}
