import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

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
export const UserEmailVerificationRequestedEvent = defineEvent<UserEmailVerificationRequested>({
  name: 'user.email_verification_requested',
  version: 1,
  producer: 'accounts-invitations',
  schema: userEmailVerificationRequestedSchema,
});
