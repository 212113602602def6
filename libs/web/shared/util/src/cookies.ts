/** The value of a cookie readable by scripts, URL-decoded; `undefined` when it is not set. */
export function readCookie(name: string, cookieHeader: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
