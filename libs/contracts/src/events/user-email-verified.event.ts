import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

export const userEmailVerifiedSchema = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  verifiedAt: z.string(),
});
export type UserEmailVerified = z.infer<typeof userEmailVerifiedSchema>;

/** The user proved their e-mail address (e.g. pending shares to that address may now be received). */
export const UserEmailVerifiedEvent = defineEvent<UserEmailVerified>({
  name: 'user.email_verified',
  version: 1,
  producer: 'accounts-invitations',
  schema: userEmailVerifiedSchema,
});
