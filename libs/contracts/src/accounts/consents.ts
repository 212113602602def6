/** A recorded cookie consent (spec: shop §4 Cookie consent). */
export interface CookieConsentDto {
  necessary: boolean;
  statistics: boolean;
  social: boolean;
  policy_version: string;
  recorded_at: string;
}

/** A recorded newsletter consent (spec: shop §3 "Newsletter consent: opt_in (1 or 0)"). */
export interface NewsletterConsentDto {
  opt_in: 0 | 1;
  policy_version: string;
  recorded_at: string;
}
