import { z } from 'zod';
import { accountsEvent } from './event-producers.js';
import { userEventAccountSchema } from './user-event.schema.js';

export const userEmailVerificationRequestedSchema = userEventAccountSchema.extend({
  /** `<PUBLIC_BASE_URL>/email/verify?token=...`: signed, single-use, expires at `expiresAt`. */
  verificationUrl: z.string().url(),
  expiresAt: z.string(),
  requestedAt: z.string(),
});
export type UserEmailVerificationRequested = z.infer<typeof userEmailVerificationRequestedSchema>;

/** The user asked for a new verification e-mail; notifications sends it. */
export const UserEmailVerificationRequestedEvent = accountsEvent('user.email_verification_requested', 1, userEmailVerificationRequestedSchema);
