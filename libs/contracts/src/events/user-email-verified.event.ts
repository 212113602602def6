import { z } from 'zod';
import { accountsEvent } from './event-producers.js';

export const userEmailVerifiedSchema = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  verifiedAt: z.string(),
});
export type UserEmailVerified = z.infer<typeof userEmailVerifiedSchema>;

/** The user proved their e-mail address (e.g. pending shares to that address may now be received). */
export const UserEmailVerifiedEvent = accountsEvent('user.email_verified', 1, userEmailVerifiedSchema);
