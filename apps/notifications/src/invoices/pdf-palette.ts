/** The academy's colours on every PDF it renders (invoice, certificate, ticket), as in its e-mails. */
export const BRAND = '#0b4f8a';
export const INK = '#1f2933';
export const MUTED = '#52606d';
export const RULE = '#d9e2ec';
