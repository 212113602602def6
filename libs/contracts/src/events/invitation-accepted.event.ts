import { z } from 'zod';
import { accountsEvent } from './event-producers.js';

export const invitationAcceptedSchema = z.object({
  invitationId: z.string().uuid(),
  companyId: z.string().uuid(),
  companyName: z.string(),
  userId: z.string().uuid(),
  email: z.string().email(),
  /** The employee the person now is (created, or the company's existing one with that e-mail). */
  employeeId: z.string().uuid(),
  /** Registering through the invitation link, or 'Join' in the pending-invitation popup. */
  via: z.enum(['registration', 'popup']),
  acceptedAt: z.string(),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** An invited person joined the company's Student List (learning §2 pending-invitation popup). */
export const InvitationAcceptedEvent = accountsEvent('invitation.accepted', 1, invitationAcceptedSchema);
