import { z } from 'zod';
import { accountsEvent } from './event-producers.js';

export const userEmailVerificationRequestedSchema = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  /** `<PUBLIC_BASE_URL>/email/verify?token=...`: signed, single-use, expires at `expiresAt`. */
  verificationUrl: z.string().url(),
  expiresAt: z.string(),
  requestedAt: z.string(),
});
export type UserEmailVerificationRequested = z.infer<typeof userEmailVerificationRequestedSchema>;

/** The user asked for a new verification e-mail; notifications sends it. */
export const UserEmailVerificationRequestedEvent = accountsEvent('user.email_verification_requested', 1, userEmailVerificationRequestedSchema);
