import { z } from 'zod';

/** Where `npm start` serves the product: the default of PUBLIC_BASE_URL. */
export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:3000';

/**
 * PUBLIC_BASE_URL: the address customers open the shop at (`https://academy.example`,
 * `http://192.168.1.20:3000`). Every absolute address the product builds starts with it: the links
 * of every e-mail (accounts-invitations, notifications, sharing-organize), the 3-D Secure and
 * PayPal return addresses (payments) and the activation address printed on tickets (gateway).
 * An origin only (http or https, host, optional port): the web app's routes start at `/`, so a
 * path, a query, a fragment or credentials are refused. Answered without a trailing slash, so
 * `${PUBLIC_BASE_URL}/path` is always right.
 */
export const publicBaseUrlSchema = z
  .string()
  .trim()
  .default(DEFAULT_PUBLIC_BASE_URL)
  .transform((text, ctx) => {
    const url = URL.parse(text);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute http:// or https:// address, e.g. https://academy.example' });
      return z.NEVER;
    }
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || /[?#]/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'must be an origin only (scheme, host and port), without a path, query or credentials' });
      return z.NEVER;
    }
    return url.origin;
  });

/** PUBLIC_BASE_URL, to spread into a service's configuration schema (`z.object({ ...publicBaseUrlConfig, … })`). */
export const publicBaseUrlConfig = { PUBLIC_BASE_URL: publicBaseUrlSchema };
