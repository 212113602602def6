import { z } from 'zod';
import { accountsEvent } from './event-producers.js';
import { userEventAccountSchema } from './user-event.schema.js';

export const userEmailVerifiedSchema = userEventAccountSchema.extend({
  verifiedAt: z.string(),
});
export type UserEmailVerified = z.infer<typeof userEmailVerifiedSchema>;

/** The user proved their e-mail address (e.g. pending shares to that address may now be received). */
export const UserEmailVerifiedEvent = accountsEvent('user.email_verified', 1, userEmailVerifiedSchema);
