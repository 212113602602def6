/**
 * The texts the accounts service answers with, so the gateway, the web app and the tests read
 * the same words. Field messages turn the spec's generic messages (learning §5: "Required",
 * "Invalid email", "Must have at least {0} characters", "Must have up to {0} characters",
 * "Invalid format", ...) into one sentence per field.
 */
export const AccountMessages = {
  /** Top-level message of any 422 with field errors (spec: "the form-invalid message says to fix errors"). */
  formInvalid: 'The form contains errors. Please fix them and try again.',
  required: (label: string) => `The ${label} is required.`,
  minLength: (label: string, min: number) => `The ${label} must have at least ${min} characters.`,
  maxLength: (label: string, max: number) => `The ${label} must have up to ${max} characters.`,
  invalidEmail: (label: string) => `The ${label} must be a valid email address.`,
  invalidFormat: (label: string) => `The ${label} has an invalid format.`,
  invalidChoice: (label: string) => `The selected ${label} is invalid.`,
  mustBeText: (label: string) => `The ${label} must be text.`,

  passwordNumber: 'The password must contain at least one number.',
  passwordUppercase: 'The password must contain at least one uppercase letter.',
  passwordConfirmation: 'The password confirmation does not match.',
  termsRequired: 'You must accept the terms and conditions.',
  emailTaken: 'The email has already been taken.',
  nickTaken: 'The nick has already been taken.',
  invitationCorporate: 'An account created from an invitation cannot be a corporate account.',
  invitationInvalid: 'This invitation is invalid or has already been used.',
  registered: 'Your account has been created. Please check your e-mail to verify your address.',
  registeredByInvitation: 'Your account has been created.',

  /** Spec: learning §8 Login. */
  credentialsDoNotMatch: 'Credentials do not match.',
  /** Spec: learning §8 Login; answered by the gateway's sign-in throttle (429). */
  tooManyAttempts: (seconds: number) => `Too many attempts, retry in ${seconds} seconds.`,

  verificationInvalid: 'This verification link is invalid.',
  verificationExpired: 'This verification link has expired. Please request a new one.',
  verificationUsed: 'This verification link has already been used.',
  verified: 'Your e-mail address has been verified.',
  alreadyVerified: 'Your e-mail address is already verified.',
  verificationResent: 'A new verification link has been sent to your e-mail address.',

  /** Spec: learning §8 Password reset ("Invalid token; user not found"). */
  resetTokenInvalid: 'This password reset token is invalid.',
  resetTokenExpired: 'This password reset token has expired. Please request a new one.',
  resetTokenUsed: 'This password reset token has already been used.',
  resetUserNotFound: "We can't find a user with that email address.",
  resetLinkSent: 'We have e-mailed your password reset link.',
  passwordReset: 'Your password has been reset.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'The current password is incorrect.',

  termsAccepted: 'Thank you for accepting the terms and conditions.',

  emailChangeNotSupported: 'The e-mail address cannot be changed here. Please contact support to change it.',
  accountUpdated: 'Your account data has been updated.',
  avatarUpdated: 'Your avatar has been updated.',
  avatarRemoved: 'Your avatar has been removed.',
  avatarType: 'The avatar must be a PNG, JPEG or WebP image.',
  avatarTooLarge: 'The avatar may not be larger than 700 KB.',
  avatarEmpty: 'The avatar image is empty or unreadable.',
  personalInfoSaved: 'Your personal information has been saved.',
  personalInfoAlreadyFilled: 'Personal information for certificates can be filled only once. Please contact support to correct it.',
  birthDateFormat: 'The birth date must be a valid date in the format YYYY-MM-DD.',
  birthDatePast: 'The birth date must be a date before today.',
  billingUpdated: 'Billing information updated successfully.',
  regionRequired: 'The region is required for the United States, Canada and Mexico.',
  companyReadOnly: 'To change your company details or account type, please contact support.',

  kycApproved: 'The KYC check has been approved.',
  kycDeclined: 'The KYC check has been declined.',
  kycReasonRequired: 'A reason is required to decline a KYC check.',
  kycAlreadyDecided: 'This KYC check has already been decided.',
  kycOwn: 'You cannot decide your own KYC check.',
  kycNotFound: 'This KYC check does not exist.',

  consentRecorded: 'Your cookie preferences have been saved.',
  necessaryCookies: 'Necessary cookies cannot be refused.',
  newsletterSubscribed: 'You are subscribed to our newsletter.',
  newsletterUnsubscribed: 'You are unsubscribed from our newsletter.',

  banned: 'Your account has been suspended. Please contact support.',
  companyBanned: 'Your company account has been suspended. Please contact support.',
  complianceReview: 'Your account is under compliance review. Some features are unavailable until the review ends.',
  companyComplianceReview:
    'Your company account is under compliance review. Some features are unavailable until the review ends.',
  reviewTooLong: 'A compliance review lasts at most 3 days.',
  statusUpdated: 'The account status has been updated.',
  rolesUpdated: 'The roles have been updated.',

  invitationCreated: 'The invitation has been created.',
  invitationDuplicate: 'This e-mail address already has a pending invitation.',

  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  userNotFound: 'This user does not exist.',
  companyNotFound: 'This company does not exist.',
} as const;

/** Error codes of the accounts service (stable for clients; the message may be reworded). */
export const AccountErrorCode = {
  Validation: 'validation_failed',
  EmailTaken: 'accounts.email_taken',
  InvalidCredentials: 'accounts.invalid_credentials',
  VerificationInvalid: 'accounts.verification_invalid',
  VerificationExpired: 'accounts.verification_expired',
  VerificationUsed: 'accounts.verification_used',
  AlreadyVerified: 'accounts.already_verified',
  ResetInvalid: 'accounts.reset_token_invalid',
  ResetExpired: 'accounts.reset_token_expired',
  ResetUsed: 'accounts.reset_token_used',
  ResetUserNotFound: 'accounts.reset_user_not_found',
  PersonalInfoFilled: 'accounts.personal_info_already_filled',
  KycAlreadyDecided: 'accounts.kyc_already_decided',
  InvitationInvalid: 'accounts.invitation_invalid',
  Unauthenticated: 'accounts.unauthenticated',
  Forbidden: 'accounts.forbidden',
  NotFound: 'not_found',
} as const;

/** Field length limits of the account forms (characters). */
export const AccountLimits = {
  passwordMin: 8,
  passwordMax: 255,
  nickMin: 2,
  nickMax: 50,
  nameMax: 100,
  emailMax: 255,
  companyNameMax: 255,
  companyCodeMax: 50,
  vatMax: 30,
  cityMax: 100,
  addressMax: 255,
  zipMax: 20,
  regionMax: 100,
  phoneMax: 30,
  birthPlaceMax: 100,
  kycReasonMax: 1000,
  divisionMax: 100,
  /** Avatar upload: 700 KB, so that the base64 image fits in one NATS message (1 MB by default). */
  avatarMaxBytes: 700 * 1024,
} as const;

/** Image types accepted for avatars. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];
