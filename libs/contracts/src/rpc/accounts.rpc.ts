import type { CookieConsentDto, NewsletterConsentDto } from '../accounts/consents.js';
import type { CountryDto } from '../accounts/countries.js';
import type { InvitationDto, InvitationStatus } from '../accounts/invitations.js';
import type { KycDecision, KycSubjectDto, KycSubjectType } from '../accounts/kyc.js';
import type { PaginationMeta } from '../common/pagination.js';
import type { InvitationCreateRequest, InvitationListQuery, InvitationUpdateRequest } from '../accounts/employees.schema.js';
import type { AvatarDto, BillingInformationDto, CompanyDto, PersonalInformationDto, ProfileDto } from '../accounts/profile.js';
import type { RegistrationForm } from '../accounts/registration.js';
import type { AccountRole, AccountStatus } from '../accounts/roles.js';
import type { AccountUserDto } from '../accounts/user.js';
import { defineRpc } from './rpc-definition.js';

/*
 * RPCs of the accounts-invitations service.
 *
 * Identity rule: who is acting is the request context's actor (the signed-in user the gateway
 * read), and the client's session the context's session; no payload names either. No RPC lets
 * an actor name another user's id to read or change their profile, billing, avatar or consents;
 * the few that take a target id (roles, status, KYC) check the actor's capability first
 * (`can()` of permissions.ts). Each payload is parsed with its schema of the accounts'
 * `*.schema.ts` (the forms' rules, as the gateway checks them).
 *
 * Failures arrive as `RemoteError` payloads `{ code, message, status, errors? }`:
 * 422 with `errors` (field → messages) for form errors, 401 when the actor does not exist
 * (stale session: sign the client out), 403 when the actor lacks the capability, 404 for an
 * unknown target. Messages are those of `AccountMessages`.
 */

export interface MessageResponse {
  /** The success text to flash. */
  message: string;
}

// --- Registration, sign-in, e-mail verification, password reset ------------------------------

/**
 * The registration form; the visitor's session is the request context's (cookie consents given
 * in the form are recorded with it).
 */
export type RegisterRequest = RegistrationForm;
export interface RegisterResponse extends MessageResponse {
  /** The new user, to put in the session (the gateway signs the user in). */
  data: AccountUserDto;
  /** The safe redirect: the given path or `/profile`. */
  redirect: string;
}

export interface VerifyEmailRequest {
  /** The `token` query parameter of the verification link. */
  token: string;
}
export interface VerifyEmailResponse extends MessageResponse {
  data: AccountUserDto;
}

export interface RequestPasswordResetRequest {
  email: string;
}

export interface ResetPasswordRequest {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}
export interface ResetPasswordResponse extends MessageResponse {
  /** The user, so the gateway may sign them in right away. */
  data: AccountUserDto;
}

/**
 * The credentials. With a client session in the request context, the visitor's cart is merged
 * into the user's (catalog-cart `CartRpc.Merge`, best effort: a failure does not fail the sign-in).
 */
export interface AuthenticateRequest {
  email: string;
  password: string;
}
export interface AuthenticateResponse {
  data: AccountUserDto;
  /** Whether the visitor's cart was merged. */
  cart_merged: boolean;
}

export interface ChangePasswordRequest {
  current_password: string;
  password: string;
  password_confirmation: string;
}
export interface ChangePasswordResponse extends MessageResponse {
  /** The account's new session generation (`AccountUserDto.session_version`): the session that changed it keeps it. */
  session_version: number;
}

export interface AcceptTermsRequest {
  terms_and_conditions: unknown;
  /** The version shown; defaults to `CURRENT_TERMS_VERSION`. */
  version?: string;
  /** Where to go after success; only a path on this site, default `/`. */
  redirect?: string;
}
export interface AcceptTermsResponse extends MessageResponse {
  redirect: string;
  terms_version: string;
  terms_accepted_at: string;
}

// --- Consents -------------------------------------------------------------------------------

/**
 * Cookie consent from the banner or the preferences modal. Recorded per client session (the
 * request context's) and, when signed in, per user (the session's). `necessary` may be omitted
 * (it is always given); the `*_cookies_consent` names of the registration and dialog variants
 * are accepted as well.
 */
export interface RecordConsentRequest {
  necessary?: unknown;
  statistics?: unknown;
  social?: unknown;
  necessary_cookies_consent?: unknown;
  statistics_cookies_consent?: unknown;
  social_cookies_consent?: unknown;
  /** Defaults to `COOKIE_POLICY_VERSION`. */
  policy_version?: string;
}

/** `PATCH /profile/update-newsletter-consent` with opt_in 1 or 0. */
export interface UpdateNewsletterConsentRequest {
  opt_in: unknown;
}

export interface ConsentsView {
  /** The latest cookie consent of the user (else of the session); null when never given. */
  cookies: CookieConsentDto | null;
  newsletter: NewsletterConsentDto | null;
}

// --- Administration -------------------------------------------------------------------------

export interface SetRolesRequest {
  userId: string;
  roles: AccountRole[];
}

export interface SetAccountStatusRequest {
  subject_type: 'user' | 'company';
  subject_id: string;
  status: AccountStatus;
  /** For `compliance_review`: 1 to 3 days, default 3. */
  review_days?: number;
}
export interface AccountStatusView {
  subject_type: 'user' | 'company';
  subject_id: string;
  status: AccountStatus;
  review_until: string | null;
}

/** Registration, sign-in, tokens, terms, consents and account administration. */
export const AccountsRpc = {
  /**
   * Creates a student or company account (spec: shop §3 registration form). Publishes
   * `user.registered` (verification link) and, when `newsletters` is ticked,
   * `user.newsletter_consent_changed`. 422 per field (required, lengths, e-mail, password rules,
   * confirmation, terms, duplicate e-mail/nick, company fields, invitation).
   */
  Register: defineRpc<RegisterRequest, RegisterResponse>('accounts-invitations.accounts.register'),
  /** Checks e-mail + password. 422 `{ email: ['Credentials do not match.'] }` otherwise. Throttling is the gateway's. */
  Authenticate: defineRpc<AuthenticateRequest, AuthenticateResponse>('accounts-invitations.accounts.authenticate'),
  /** The user for `/api/me` (by the session's user id); `data: null` when the account no longer exists. */
  GetUser: defineRpc<{ userId: string }, { data: AccountUserDto | null }>('accounts-invitations.accounts.get-user'),
  /** Consumes a verification token. 422 under `token` when invalid, expired or already used. Publishes `user.email_verified`. */
  VerifyEmail: defineRpc<VerifyEmailRequest, VerifyEmailResponse>('accounts-invitations.accounts.verify-email'),
  /** Sends a new verification link (publishes `user.email_verification_requested`). 422 when already verified. */
  ResendVerification: defineRpc<Record<string, never>, MessageResponse>('accounts-invitations.accounts.resend-verification'),
  /**
   * Publishes `user.password_reset_requested` with a signed single-use link valid 60 minutes;
   * earlier reset links stop working. Unknown e-mail: 422 "We can't find a user with that email address."
   */
  RequestPasswordReset: defineRpc<RequestPasswordResetRequest, MessageResponse>(
    'accounts-invitations.accounts.request-password-reset',
  ),
  /** Sets a new password from a reset token (422 under `email` for an invalid, expired or used token). Publishes `user.password_changed`. */
  ResetPassword: defineRpc<ResetPasswordRequest, ResetPasswordResponse>('accounts-invitations.accounts.reset-password'),
  /** Changes the actor's password after checking the current one. Publishes `user.password_changed`. */
  ChangePassword: defineRpc<ChangePasswordRequest, ChangePasswordResponse>('accounts-invitations.accounts.change-password'),
  /** Records acceptance of the terms (version and time). 422 `terms_and_conditions` when not ticked. */
  AcceptTerms: defineRpc<AcceptTermsRequest, AcceptTermsResponse>('accounts-invitations.accounts.accept-terms'),
  /** Records a cookie consent (necessary, statistics, social) with time and policy version. */
  RecordConsent: defineRpc<RecordConsentRequest, MessageResponse & { data: CookieConsentDto }>(
    'accounts-invitations.accounts.record-consent',
  ),
  /** Records the newsletter opt_in (1/0) with time and version; publishes `user.newsletter_consent_changed`. */
  UpdateNewsletterConsent: defineRpc<UpdateNewsletterConsentRequest, MessageResponse & { data: NewsletterConsentDto }>(
    'accounts-invitations.accounts.update-newsletter-consent',
  ),
  /** The latest cookie and newsletter consents of the actor (or of the visitor session). */
  GetConsents: defineRpc<Record<string, never>, { data: ConsentsView }>('accounts-invitations.accounts.get-consents'),
  /** Replaces a user's roles. Needs `users.manage`. */
  SetRoles: defineRpc<SetRolesRequest, MessageResponse & { data: AccountUserDto }>('accounts-invitations.accounts.set-roles'),
  /** Bans, reactivates or puts a user or company under compliance review (≤ 3 days). Needs `users.manage`. */
  SetAccountStatus: defineRpc<SetAccountStatusRequest, MessageResponse & { data: AccountStatusView }>(
    'accounts-invitations.accounts.set-status',
  ),
} as const;

// --- Profile --------------------------------------------------------------------------------

export interface UpdateAccountRequest {
  nick?: string;
  first_name?: string;
  last_name?: string;
  /** Read-only: a different address is refused (e-mail changes are not supported). */
  email?: string;
}

export interface UploadAvatarRequest {
  /** The image bytes, base64 (a `data:` URL prefix is accepted). PNG, JPEG or WebP, at most 700 KB. */
  content_base64: string;
  content_type: string;
}

export interface SavePersonalInfoRequest {
  /** YYYY-MM-DD, before today. */
  birth_date?: string;
  gender?: string;
  birth_place?: string;
}

export interface UpdateBillingRequest {
  person?: string;
  email?: string;
  phone?: string;
  country?: string;
  region?: string;
  city?: string;
  address?: string;
  zip?: string;
  to_company?: unknown;
  company?: string;
  company_code?: string;
  vat?: string;
  /** Passed back (made safe) for the form's redirect. */
  redirect?: string;
}

/** The actor's own profile, avatar, personal information, company details and billing. */
export const ProfileRpc = {
  /** The profile page data. */
  Get: defineRpc<Record<string, never>, { data: ProfileDto }>('accounts-invitations.profile.get'),
  /** Nick, first and last name (e-mail read-only). 422 per field. */
  UpdateAccount: defineRpc<UpdateAccountRequest, MessageResponse & { data: ProfileDto }>(
    'accounts-invitations.profile.update-account',
  ),
  /** Stores the avatar (PNG, JPEG, WebP, ≤ 700 KB; 422 `avatar` otherwise). */
  UploadAvatar: defineRpc<UploadAvatarRequest, MessageResponse & { avatar_url: string }>(
    'accounts-invitations.profile.upload-avatar',
  ),
  /** The actor's avatar bytes for the gateway to serve; `data: null` when none. */
  GetAvatar: defineRpc<Record<string, never>, { data: AvatarDto | null }>('accounts-invitations.profile.get-avatar'),
  RemoveAvatar: defineRpc<Record<string, never>, MessageResponse>('accounts-invitations.profile.remove-avatar'),
  /** Personal information for certificates, fillable once (a second attempt: 422 `personal_information`). */
  SavePersonalInfo: defineRpc<SavePersonalInfoRequest, MessageResponse & { data: PersonalInformationDto }>(
    'accounts-invitations.profile.save-personal-info',
  ),
  /** The actor's company, read-only with the "contact support" text. Company admins only (403 otherwise). */
  GetCompany: defineRpc<Record<string, never>, { data: CompanyDto }>('accounts-invitations.profile.get-company'),
  /** The actor's billing information (pre-filled from the account when never saved). */
  GetBilling: defineRpc<Record<string, never>, { data: BillingInformationDto }>('accounts-invitations.profile.get-billing'),
  /** The billing form (`PATCH` billing route). 422 per field; success message "Billing information updated successfully." */
  UpdateBilling: defineRpc<UpdateBillingRequest, MessageResponse & { data: BillingInformationDto; redirect: string | null }>(
    'accounts-invitations.profile.update-billing',
  ),
} as const;

// --- KYC ------------------------------------------------------------------------------------

export interface ListKycRequest {
  /** Only companies or only users; both by default. */
  subject_type?: KycSubjectType;
  /** Name or e-mail contains (case-insensitive). */
  search?: string;
  page?: number;
  /** 10 to 50, default 10. */
  per_page?: number;
}

export interface DecideKycRequest {
  subject_type: KycSubjectType;
  subject_id: string;
  decision: KycDecision;
  /** Required to decline. */
  reason?: string;
}

/** KYC review by users with the `kyc` role (capability `kyc.review`). */
export const KycRpc = {
  /** Pending (not_confirmed) checks, oldest first, paginated. */
  ListPending: defineRpc<ListKycRequest, { data: KycSubjectDto[]; meta: { pagination: PaginationMeta } }>(
    'accounts-invitations.kyc.list-pending',
  ),
  /** Approves or declines a pending check (reason required to decline); publishes `kyc.decided`. */
  Decide: defineRpc<DecideKycRequest, MessageResponse & { data: KycSubjectDto }>('accounts-invitations.kyc.decide'),
} as const;

// --- Countries ------------------------------------------------------------------------------

/** The country selector (spec: `GET /countries/all`, `GET /countries/search?q=`). */
export const CountriesRpc = {
  /** Every ISO 3166 country, English names, sorted by name. */
  All: defineRpc<Record<string, never>, { data: CountryDto[] }>('accounts-invitations.countries.all'),
  /** Countries whose id or name (or a common alias, e.g. "USA") matches `q`, case-insensitive; exact id first. */
  Search: defineRpc<{ q?: string }, { data: CountryDto[] }>('accounts-invitations.countries.search'),
} as const;

// --- Invitations to a company's Student List (learning §2, §4, §7, §8) ------------------------
//
// Who is acting travels in the request context, never in the payload. Managing (create, list,
// edit, resend, remove) needs `invitations.manage` and touches the actor's company only (an id of
// another company's invitation answers 404); the pending check and accepting need
// `invitations.respond` and read the actor's own (verified) e-mail.

export interface InvitationLookup {
  email: string;
  company_name: string;
  status: InvitationStatus;
}

/** The company of the pending invitation of the signed-in user (learning §3: `inviting_company` with `company_name`). */
export interface InvitingCompany {
  id: string;
  company_name: string;
}

export interface InvitationAnswer {
  success: true;
  message: string;
  data: InvitationDto;
}

export const InvitationsRpc = {
  /**
   * Invites an e-mail to the actor's company and e-mails the link (`invitation.sent`). The token
   * travels only in that e-mail; only its hash is stored.
   */
  Create: defineRpc<InvitationCreateRequest, InvitationAnswer>('accounts-invitations.invitations.create'),
  /** The read-only e-mail and company of a pending invitation, for the registration form. 422 `invitation_token` otherwise. */
  Lookup: defineRpc<{ token: string }, { data: InvitationLookup }>('accounts-invitations.invitations.lookup'),
  /** 'My pending invitations': the company's pending invitations, oldest first, 10 per page. */
  List: defineRpc<InvitationListQuery, { success: true; data: InvitationDto[]; meta: { pagination: PaginationMeta } }>(
    'accounts-invitations.invitations.list',
  ),
  Get: defineRpc<{ id: string }, { success: true; data: InvitationDto }>('accounts-invitations.invitations.get'),
  /** Edits a pending invitation; a new e-mail gets a new link (the old one stops working). */
  Update: defineRpc<{ id: string } & InvitationUpdateRequest, InvitationAnswer>('accounts-invitations.invitations.update'),
  /**
   * E-mails a new link (the previous one stops working). At most once per
   * `INVITATION_RESEND_INTERVAL_SECONDS`: 429 with a message saying when it may be tried again.
   */
  Resend: defineRpc<{ id: string }, { success: true; message: string }>('accounts-invitations.invitations.resend'),
  /** Removes a pending invitation: its link stops working. */
  Remove: defineRpc<{ id: string }, { success: true; message: string }>('accounts-invitations.invitations.remove'),
  /** The pending-invitation check of the popup: the inviting company, or null. */
  Pending: defineRpc<Record<string, never>, { inviting_company: InvitingCompany | null }>('accounts-invitations.invitations.pending'),
  /** 'Join': the actor becomes an employee of the inviting company (`invitation.accepted`). */
  Accept: defineRpc<
    Record<string, never>,
    { success: true; message: string; data: { company_id: string; company_name: string; employee_id: string } }
  >('accounts-invitations.invitations.accept'),
} as const;
