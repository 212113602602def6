import type { InvitationSent, KycDecided, UserPasswordChanged, UserPasswordResetRequested } from '@aero/contracts';
import type { OutgoingEmail } from '../emails/emails.service.js';
import { composeEmail, formatDateTime, PRODUCT_NAME, type EmailPart } from '../emails/email-html.js';

/** What each account e-mail is about; the first part of its key `<purpose>:<eventId>`. */
export const AccountEmailPurpose = {
  RegistrationVerification: 'registration-verification',
  EmailVerification: 'email-verification',
  PasswordReset: 'password-reset',
  PasswordChanged: 'password-changed',
  KycDecision: 'kyc-decision',
  Invitation: 'invitation',
} as const;
export type AccountEmailPurpose = (typeof AccountEmailPurpose)[keyof typeof AccountEmailPurpose];

/** One e-mail per (purpose, event): a redelivered event finds its e-mail already owed. */
export function accountEmailKey(purpose: AccountEmailPurpose, eventId: string): string {
  return `${purpose}:${eventId}`;
}

type AccountEmail = Omit<OutgoingEmail, 'eventId'>;

export interface VerificationEmailInput {
  email: string;
  name: string;
  verificationUrl: string;
  expiresAt: string | null;
}

/**
 * The verification e-mail: after registration (`welcome`) or when the user asked for a new link.
 * The link is the one accounts signed; it is sent as it is.
 */
export function verificationEmail(
  purpose: typeof AccountEmailPurpose.RegistrationVerification | typeof AccountEmailPurpose.EmailVerification,
  eventId: string,
  input: VerificationEmailInput,
): AccountEmail {
  const intro =
    purpose === AccountEmailPurpose.RegistrationVerification
      ? `welcome to ${PRODUCT_NAME}! Please confirm your e-mail address by opening the link below.`
      : `you asked for a new link to confirm your e-mail address at ${PRODUCT_NAME}. Please open the link below.`;
  const expiry = input.expiresAt ? `The link expires on ${formatDateTime(input.expiresAt)}. ` : '';
  return composeEmail(accountEmailKey(purpose, eventId), input.email, `Verify your e-mail address - ${PRODUCT_NAME}`, input.name, [
    intro,
    { link: input.verificationUrl, label: 'Verify e-mail address' },
    `${expiry}If you did not create an account, you can ignore this e-mail.`,
  ]);
}

/** Minutes between request and expiry, as the link's validity to tell; 60 by contract. */
function validityMinutes(requestedAt: string, expiresAt: string): number {
  const minutes = Math.round((Date.parse(expiresAt) - Date.parse(requestedAt)) / 60_000);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 60;
}

/** The password reset link (valid 60 minutes, single use). */
export function passwordResetEmail(eventId: string, data: UserPasswordResetRequested): AccountEmail {
  const minutes = validityMinutes(data.requestedAt, data.expiresAt);
  return composeEmail(
    accountEmailKey(AccountEmailPurpose.PasswordReset, eventId),
    data.email,
    `Reset your password - ${PRODUCT_NAME}`,
    data.name,
    [
      `we received a request to reset the password of your ${PRODUCT_NAME} account. Open the link below to choose a new password.`,
      { link: data.resetUrl, label: 'Reset password' },
      `This link is valid for ${minutes} minutes and can be used once. If you did not ask for a new password, you can ignore this e-mail: your password stays unchanged.`,
    ],
  );
}

/**
 * The security notice after a password change (by reset link or from the profile), with the link
 * to ask for a reset (`<PUBLIC_BASE_URL>/password/reset`) for someone who did not change it.
 */
export function passwordChangedEmail(eventId: string, data: UserPasswordChanged, publicBaseUrl: string): AccountEmail {
  const how = data.reason === 'reset' ? 'with a password reset link' : 'from your profile';
  return composeEmail(
    accountEmailKey(AccountEmailPurpose.PasswordChanged, eventId),
    data.email,
    `Your password was changed - ${PRODUCT_NAME}`,
    data.name,
    [
      `the password of your ${PRODUCT_NAME} account was changed ${how} on ${formatDateTime(data.changedAt)}.`,
      'If this was you, there is nothing else to do. If it was not, reset your password right away and contact our support:',
      { link: `${publicBaseUrl}/password/reset`, label: 'Reset password' },
    ],
  );
}

/** The outcome of a KYC check: approved, or declined with the reason. */
export function kycDecisionEmail(eventId: string, data: KycDecided): AccountEmail {
  const what = data.subjectType === 'company' ? 'your company account' : 'your account';
  const approved = data.status === 'approved';
  const parts: EmailPart[] = approved
    ? [`the verification (KYC) of ${what} at ${PRODUCT_NAME} has been approved. You can now use every feature of ${what}.`]
    : [
        `the verification (KYC) of ${what} at ${PRODUCT_NAME} has been declined.`,
        `Reason: ${data.reason?.trim() || 'not given'}`,
        'If you think this is a mistake, or to send corrected details, please contact our support.',
      ];
  return composeEmail(
    accountEmailKey(AccountEmailPurpose.KycDecision, eventId),
    data.email,
    approved ? `Your verification was approved - ${PRODUCT_NAME}` : `Your verification was declined - ${PRODUCT_NAME}`,
    data.name,
    parts,
  );
}

/**
 * The invitation to a company's Student List (learning §2): the link registers with the invited
 * e-mail, or, for someone who has an account, signing in shows the invitation popup.
 */
export function invitationEmail(eventId: string, data: InvitationSent): AccountEmail {
  const again = data.reason === 'resent' ? 'This is a new link: an earlier one no longer works. ' : '';
  return composeEmail(
    accountEmailKey(AccountEmailPurpose.Invitation, eventId),
    data.email,
    `${data.companyName} invites you to its Student List - ${PRODUCT_NAME}`,
    '',
    [
      `${data.invitedByName} of ${data.companyName} is about to share online courses with you at ${PRODUCT_NAME} and invites you to join the company's Student List.`,
      { link: data.inviteUrl, label: 'Join the Student List' },
      `${again}If you already have an account with this e-mail address, sign in and choose Join. If you did not expect this invitation, you can ignore this e-mail.`,
    ],
  );
}
