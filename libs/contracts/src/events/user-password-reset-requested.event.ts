import { z } from 'zod';
import { accountsEvent } from './event-producers.js';
import { userEventAccountSchema } from './user-event.schema.js';

export const userPasswordResetRequestedSchema = userEventAccountSchema.extend({
  /** `<PUBLIC_BASE_URL>/password/reset/<token>?email=...`: signed, single-use, 60 minutes. */
  resetUrl: z.string().url(),
  expiresAt: z.string(),
  requestedAt: z.string(),
});
export type UserPasswordResetRequested = z.infer<typeof userPasswordResetRequestedSchema>;

/** Someone asked to reset this user's password; notifications e-mails the reset link. */
export const UserPasswordResetRequestedEvent = accountsEvent('user.password_reset_requested', 1, userPasswordResetRequestedSchema);
