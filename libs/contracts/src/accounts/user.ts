import type { AccountRole, AccountStatus, AccountType, KycStatus } from './roles.js';

/**
 * Why an account is restricted, for the account restriction notice (spec: learning §2). The
 * restriction comes from the user's own status or from their company's (`scope`).
 */
export interface AccountRestrictionDto {
  status: Exclude<AccountStatus, 'active'>;
  scope: 'user' | 'company';
  /** End of a compliance review (ISO time, at most three days after it started); null when banned. */
  review_until: string | null;
  /** The notice text to show. */
  message: string;
}

/**
 * A user as the gateway keeps it in the session and answers it on `GET /api/me` (snake_case
 * like every JSON answer of the site). Never carries secrets.
 */
export interface AccountUserDto {
  id: string;
  email: string;
  nick: string;
  first_name: string;
  last_name: string;
  /** "First Last". */
  name: string;
  roles: AccountRole[];
  type: AccountType;
  company_id: string | null;
  company_name: string | null;
  email_verified: boolean;
  /** Effective status: the user's, or the company's when that one is restricted. */
  status: AccountStatus;
  review_until: string | null;
  restriction: AccountRestrictionDto | null;
  /** The terms version the user accepted last, and when (ISO). */
  terms_accepted_version: string | null;
  terms_accepted_at: string | null;
  /** False when the current terms are newer than the accepted ones: show the acceptance form. */
  terms_up_to_date: boolean;
  /** The company's KYC status for company members, the user's own otherwise (null: not subject to KYC). */
  kyc_status: KycStatus | null;
  newsletter_opt_in: boolean;
  /** Path the gateway serves the avatar on (with a cache-busting version), or null. */
  avatar_url: string | null;
  created_at: string;
  /**
   * The account's session generation: 1 at first, one more with every password change or reset.
   * The gateway keeps the value a session signed in with and signs out a session whose value is
   * older.
   */
  session_version: number;
}

/** Path of the signed-in user's avatar on the gateway (`ProfileRpc.GetAvatar` behind it). */
export const AVATAR_PATH = '/profile/avatar';

/** The current terms-and-conditions version (the body is catalog-cart's article `terms-and-conditions`). */
export const CURRENT_TERMS_VERSION = '2024-08-19';
/** The cookie policy version (spec: shop §9 "last reviewed on 19 August 2024"). */
export const COOKIE_POLICY_VERSION = '2024-08-19';
/** The privacy policy version the newsletter consent refers to. */
export const PRIVACY_POLICY_VERSION = '2024-08-19';
/** The article holding the terms page body (catalog-cart `ContentRpc.Article`). */
export const TERMS_ARTICLE_SLUG = 'terms-and-conditions';
