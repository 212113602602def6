/**
 * A return address that stays on this site (`/my-courses?tab=2`), or `undefined` for anything
 * else (another origin, `//evil.example`, `javascript:`), so a link cannot send the shopper away.
 */
export function sameOriginPath(value: string | null | undefined, origin: string = globalThis.location?.origin ?? 'http://localhost'): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.includes('\\')) return undefined;
  try {
    const url = new URL(trimmed, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}
