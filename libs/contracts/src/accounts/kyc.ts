import type { KycStatus } from './roles.js';

/** Who a KYC check is about: a company (corporate account) or an individual buyer. */
export const KYC_SUBJECT_TYPES = ['company', 'user'] as const;
export type KycSubjectType = (typeof KYC_SUBJECT_TYPES)[number];

export const KYC_DECISIONS = ['approve', 'decline'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** One KYC check as the KYC users' list shows it. */
export interface KycSubjectDto {
  subject_type: KycSubjectType;
  subject_id: string;
  /** Company name or the user's full name. */
  name: string;
  /** The company owner's e-mail, or the user's. */
  email: string;
  country: string | null;
  company_code: string | null;
  vat_number: string | null;
  status: KycStatus;
  reason: string | null;
  decided_at: string | null;
  created_at: string;
}

