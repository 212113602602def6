/** Writing and deleting cookies from the page (reading is `readCookie` of the shared util). */

const DAY_SECONDS = 24 * 60 * 60;

export interface WriteCookieOptions {
  /** Lifetime in days (consent cookies: 365). */
  days: number;
  path?: string;
  now?: Date;
}

/** The `document.cookie` assignment that stores `name=value` for `days` days (max-age and expires). */
export function serializeCookie(name: string, value: string, { days, path = '/', now = new Date() }: WriteCookieOptions): string {
  const maxAge = Math.round(days * DAY_SECONDS);
  const expires = new Date(now.getTime() + maxAge * 1000).toUTCString();
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Expires=${expires}; Path=${path}; SameSite=Lax${secure}`;
}

export function writeCookie(name: string, value: string, options: WriteCookieOptions): void {
  document.cookie = serializeCookie(name, value, options);
}

/** Names of every cookie the page can see. */
export function cookieNames(cookieHeader: string = globalThis.document?.cookie ?? ''): string[] {
  return cookieHeader
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '');
}

/**
 * Domains a cookie may have been set on from this page: none (host-only), the host and each
 * parent domain (analytics scripts set `_ga` on `.example.com`).
 */
function candidateDomains(hostname: string): (string | undefined)[] {
  const domains: (string | undefined)[] = [undefined];
  if (!hostname || /^[\d.]+$/.test(hostname) || !hostname.includes('.')) return domains;
  const labels = hostname.split('.');
  for (let index = 0; index < labels.length - 1; index += 1) {
    const domain = labels.slice(index).join('.');
    domains.push(domain, `.${domain}`);
  }
  return domains;
}

/** Deletes a cookie wherever this page may have set it (path `/`, host and parent domains). */
export function deleteCookie(name: string): void {
  const hostname = globalThis.location?.hostname ?? '';
  for (const domain of candidateDomains(hostname)) {
    document.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/${domain ? `; Domain=${domain}` : ''}`;
  }
}

/** Deletes every visible cookie whose name passes `matches`; answers the names deleted. */
export function deleteCookiesMatching(matches: (name: string) => boolean): string[] {
  const names = cookieNames().filter(matches);
  for (const name of names) deleteCookie(name);
  return names;
}
