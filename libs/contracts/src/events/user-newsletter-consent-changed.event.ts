import { z } from 'zod';
import { accountsEvent } from './event-producers.js';
import { userEventAccountSchema } from './user-event.schema.js';

export const userNewsletterConsentChangedSchema = userEventAccountSchema.extend({
  optIn: z.boolean(),
  /** The privacy policy version the consent was given under. */
  policyVersion: z.string(),
  source: z.enum(['registration', 'profile']),
  changedAt: z.string(),
});
export type UserNewsletterConsentChanged = z.infer<typeof userNewsletterConsentChangedSchema>;

/** The user's newsletter consent was recorded (opt in or out); notifications keeps its subscription list. */
export const UserNewsletterConsentChangedEvent = accountsEvent('user.newsletter_consent_changed', 1, userNewsletterConsentChangedSchema);
