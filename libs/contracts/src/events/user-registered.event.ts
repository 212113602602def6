import { z } from 'zod';
import { ACCOUNT_ROLES, ACCOUNT_TYPES } from '../accounts/roles.js';
import { accountsEvent } from './event-producers.js';

export const userRegisteredSchema = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  nick: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** "First Last", for the greeting. */
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  roles: z.array(z.enum(ACCOUNT_ROLES)),
  companyId: z.string().uuid().nullable(),
  companyName: z.string().nullable(),
  /** True when the address is already proven (registration from an invitation sent to it). */
  emailVerified: z.boolean(),
  /**
   * The link of the verification e-mail (`<PUBLIC_BASE_URL>/email/verify?token=...`, signed, single-use,
   * expiring at `verificationExpiresAt`); null when `emailVerified`.
   */
  verificationUrl: z.string().url().nullable(),
  verificationExpiresAt: z.string().nullable(),
  newsletterOptIn: z.boolean(),
  invitationId: z.string().uuid().nullable(),
  registeredAt: z.string(),
});
export type UserRegistered = z.infer<typeof userRegisteredSchema>;

/** A new account exists; notifications sends the verification (or welcome) e-mail. */
export const UserRegisteredEvent = accountsEvent('user.registered', 1, userRegisteredSchema);
