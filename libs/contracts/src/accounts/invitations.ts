/** Invitation states: pending until the person joins (accepted) or the company removes it (cancelled). */
export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation to a company's Student List (spec: learning §3 Invitation). */
export interface InvitationDto {
  id: string;
  email: string;
  company_id: string;
  company_name: string;
  division: string | null;
  department: string | null;
  position: string | null;
  status: InvitationStatus;
  created_at: string;
  /** When the link was last e-mailed (created or resent). */
  last_sent_at: string;
}
