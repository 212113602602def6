/**
 * The redirect a form may carry after success (registration: default `/profile`; terms
 * acceptance: default `/`). Only a path on this site is accepted, so a crafted link can never
 * send a user to another site (open redirect): it must start with one `/`, not `//` or `/\`,
 * and contain no control characters.
 */
export function safeRedirect(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.length > 2000) return fallback;
  return path;
}

/** Where the user goes after registering when the form gave no redirect (spec: shop §2). */
export const REGISTRATION_DEFAULT_REDIRECT = '/profile';
/** Where the user goes after accepting the terms when the form gave no redirect (spec: shop §2). */
export const TERMS_DEFAULT_REDIRECT = '/';
