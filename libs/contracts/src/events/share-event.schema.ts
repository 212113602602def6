import { z } from 'zod';
import { SHARE_STATUSES, SHARE_TYPES } from '../sharing/sharing.js';

/** Whose seats: a person's (their own purchases) or a company's (bought by its people). */
export const seatOwnerSchema = z.object({
  kind: z.enum(['person', 'company']),
  userId: z.string(),
  companyId: z.string().nullable(),
  /** The buyer's name, as the recipient's e-mail names the giver. */
  name: z.string(),
});
export type SeatOwner = z.infer<typeof seatOwnerSchema>;

/** What every share event carries: the item, its course, its owner and its recipient. */
export const shareEventBaseSchema = z.object({
  shareId: z.string().uuid(),
  programId: z.number().int(),
  courseName: z.string(),
  owner: seatOwnerSchema,
  shareType: z.enum(SHARE_TYPES),
  /** The recipient's address (lower-case) for an e-mail share or an e-mailed ticket; null for a printed ticket. */
  recipientEmail: z.string().nullable(),
  /** `YYYY-MM-DD`, the last day the seat may be used. */
  availableTill: z.string(),
  /** Who did it (the acting user), or null for the platform itself (a consumer, a job). */
  actorUserId: z.string().nullable(),
  /** The transition's number in the item's audit trail (1 = created): orders the events of one item. */
  sequence: z.number().int().positive(),
  occurredAt: z.string(),
});

export const shareStatusSchema = z.enum(SHARE_STATUSES);
