import type { AccountUserDto } from './user.js';
import type { AccountStatus, Gender, KycStatus } from './roles.js';

/** Personal information for certificates (spec: learning §3 Profile), fillable once. */
export interface PersonalInformationDto {
  /** YYYY-MM-DD. */
  birth_date: string | null;
  gender: Gender | null;
  birth_place: string | null;
  /** True once filled: the form is then read-only. */
  filled: boolean;
  filled_at: string | null;
}

/** Company details, read-only for its admins; changes go through support. */
export interface CompanyDto {
  id: string;
  name: string;
  code: string | null;
  vat_number: string | null;
  /** ISO 3166 alpha-2 id and English name. */
  country: string;
  country_name: string;
  city: string;
  address: string;
  zip: string;
  kyc_status: KycStatus;
  status: AccountStatus;
  review_until: string | null;
  /** Always false: "Changing account type or company details requires contacting support". */
  editable: false;
  /** The "contact support" text to show next to the details. */
  change_request_message: string;
}

/** The profile page: account data plus the personal information, company and KYC panels. */
export interface ProfileDto extends AccountUserDto {
  /** E-mail changes are not supported (they would need a re-verification flow). */
  email_change_supported: false;
  personal_information: PersonalInformationDto;
  /** The actor's company for company admins; null for everybody else. */
  company: CompanyDto | null;
  kyc: { status: KycStatus; reason: string | null; decided_at: string | null } | null;
}

/**
 * Billing information (spec: learning §3): bill to company (`to_company`, company, company_code,
 * vat), billing address (country, region, city, address, zip), billing contact (person, email,
 * phone). `region` is required for US, CA and MX; company fields are required when `to_company`.
 */
export interface BillingInformationDto {
  person: string;
  email: string;
  phone: string;
  /** ISO 3166 alpha-2 id. */
  country: string;
  region: string;
  city: string;
  address: string;
  zip: string;
  to_company: boolean;
  company: string;
  company_code: string;
  vat: string;
  updated_at: string | null;
}

/** Countries whose billing address needs a region (state or province). */
export const REGION_REQUIRED_COUNTRIES = ['US', 'CA', 'MX'] as const;

export interface AvatarDto {
  content_base64: string;
  content_type: string;
  size: number;
  updated_at: string;
}
