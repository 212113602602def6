import { z } from 'zod';
import { accountsEvent } from './event-producers.js';
import { userEventAccountSchema } from './user-event.schema.js';

export const userPasswordChangedSchema = userEventAccountSchema.extend({
  /** `reset`: through a reset link; `change`: from the profile with the current password. */
  reason: z.enum(['reset', 'change']),
  changedAt: z.string(),
});
export type UserPasswordChanged = z.infer<typeof userPasswordChangedSchema>;

/** The password changed: notifications may warn the owner; the gateway may end other sessions. */
export const UserPasswordChangedEvent = accountsEvent('user.password_changed', 1, userPasswordChangedSchema);
