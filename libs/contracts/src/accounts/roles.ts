/**
 * The roles of the platform (spec: learning §6) plus `instructor`, who answers learners'
 * questions (learning §1 and §6 name instructors without listing them among the account types).
 * A user may hold several roles; the matrix in `permissions.ts` says what each one may do.
 */
export const ACCOUNT_ROLES = [
  'administrator',
  'administrator_limited',
  'student',
  'company',
  'employee',
  'kyc',
  'training_manager',
  'coordinator',
  'commercial_manager',
  'reports_viewer',
  'instructor',
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Roles that act for a company and only ever on their own company's data. */
export const COMPANY_ROLES: readonly AccountRole[] = [
  'company',
  'employee',
  'training_manager',
  'coordinator',
  'commercial_manager',
  'reports_viewer',
];

export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === 'string' && (ACCOUNT_ROLES as readonly string[]).includes(value);
}

/** Account types chosen at registration (spec: shop §3). `student` is the default. */
export const ACCOUNT_TYPES = ['student', 'company'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * Account restriction (spec: learning §4 "Company account"): `banned`, or `compliance_review`
 * for at most three days (`review_until`). Applies to a user or to a whole company.
 */
export const ACCOUNT_STATUSES = ['active', 'banned', 'compliance_review'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Longest compliance review (spec: learning §9 "Compliance review up to three days"). */
export const MAX_COMPLIANCE_REVIEW_DAYS = 3;

/** KYC states (spec: learning §4). */
export const KYC_STATUSES = ['not_confirmed', 'declined', 'approved'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Genders offered by the personal-information form (spec: learning §3 Profile). */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
