import { z } from 'zod';
import { KYC_SUBJECT_TYPES } from '../accounts/kyc.js';
import { accountsEvent } from './event-producers.js';

export const kycDecidedSchema = z.object({
  subjectType: z.enum(KYC_SUBJECT_TYPES),
  subjectId: z.string().uuid(),
  companyId: z.string().uuid().nullable(),
  /** Who to tell: the user, or the company's owner. */
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  status: z.enum(['approved', 'declined']),
  /** Required when declined. */
  reason: z.string().nullable(),
  decidedBy: z.string().uuid(),
  decidedAt: z.string(),
});
export type KycDecided = z.infer<typeof kycDecidedSchema>;

/** A KYC user approved or declined a company or user. */
export const KycDecidedEvent = accountsEvent('kyc.decided', 1, kycDecidedSchema);
