import { z } from 'zod';
import { accountsEvent } from './event-producers.js';

export const invitationSentSchema = z.object({
  invitationId: z.string().uuid(),
  companyId: z.string().uuid(),
  companyName: z.string(),
  email: z.string().email(),
  /** `<PUBLIC_BASE_URL>/register?invitation=<token>&email=<e-mail>`; the token is single-use and replaced by a resend. */
  inviteUrl: z.string().url(),
  /** First e-mail, a resend, or the invitation's e-mail was changed. */
  reason: z.enum(['invited', 'resent', 'email_changed']),
  /** Who sent it (the company admin's name), for the e-mail's text. */
  invitedByName: z.string(),
  sentAt: z.string(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** An invitation link is to be e-mailed: notifications sends it, once per event. */
export const InvitationSentEvent = accountsEvent('invitation.sent', 1, invitationSentSchema);
