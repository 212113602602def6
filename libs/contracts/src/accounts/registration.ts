/**
 * The registration form (spec: shop §3 "Registration form"), as the gateway receives it.
 * Flags accept true/false, 1/0, "1"/"0", "true"/"false" and "on" (HTML checkboxes).
 *
 * - `is_corporate` (or `type: 'company'`) makes a company account: `company_name`,
 *   `company_country` (ISO 3166 alpha-2 id), `city`, `address` and `zip` become required;
 *   `company_code` and `vat_number` are optional. Otherwise the account is a student and every
 *   company field is ignored.
 * - `invitation_token` registers from an invitation: the invitation's e-mail is used (the form
 *   shows it read-only) and a corporate account is refused.
 * - Password: at least 8 characters with a number and an uppercase letter, equal to
 *   `password_confirmation` (docs/decisions.md #1).
 */
export interface RegistrationForm {
  nick?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  password?: string;
  password_confirmation?: string;
  type?: string;
  terms_and_conditions?: unknown;
  is_corporate?: unknown;
  newsletters?: unknown;
  company_name?: string;
  company_code?: string;
  vat_number?: string;
  company_country?: string;
  city?: string;
  address?: string;
  zip?: string;
  /** Invitation variant: the token from the invitation link. */
  invitation_token?: string;
  /** Cookie consents given in the registration form (recorded with the account). */
  necessary_cookies_consent?: unknown;
  statistics_cookies_consent?: unknown;
  social_cookies_consent?: unknown;
  /** Where to go after success; only a path on this site, default `/profile`. */
  redirect?: string;
}
