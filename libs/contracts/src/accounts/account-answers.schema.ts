import { z } from 'zod';
import { paginationSchema } from '../common/pagination.js';
import type { CountryDto } from './countries.js';
import { KYC_SUBJECT_TYPES, type KycSubjectDto } from './kyc.js';
import type { BillingInformationDto, CompanyDto, PersonalInformationDto, ProfileDto } from './profile.js';
import { ACCOUNT_ROLES, ACCOUNT_STATUSES, ACCOUNT_TYPES, GENDERS, KYC_STATUSES } from './roles.js';
import type { AccountRestrictionDto, AccountUserDto } from './user.js';

/*
 * The answers of the account routes, as the API document describes them; each schema satisfies
 * the contract type it describes, so the two cannot disagree.
 */

const nullableText = () => z.string().nullable();

/** `{ message }`: the text to flash. */
export const messageAnswerSchema = z.object({ message: z.string() });
/** `{ message, redirect }`: the text to flash and where to go next. */
export const messageRedirectAnswerSchema = messageAnswerSchema.extend({ redirect: z.string().meta({ example: '/profile' }) });
/** `{ redirect }`. */
export const redirectOnlyAnswerSchema = z.object({ redirect: z.string().meta({ example: '/' }) });

export const accountRestrictionSchema = z.object({
  status: z.enum(['banned', 'compliance_review']),
  scope: z.enum(['user', 'company']),
  review_until: nullableText().meta({ description: 'End of a compliance review (ISO time)' }),
  message: z.string().meta({ description: 'The account restriction notice' }),
}) satisfies z.ZodType<AccountRestrictionDto>;

const accountUserShape = {
  id: z.string().meta({ format: 'uuid' }),
  email: z.string().meta({ example: 'student@aeromaint.local' }),
  nick: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string().meta({ description: '"First Last"' }),
  roles: z.array(z.enum(ACCOUNT_ROLES)),
  type: z.enum(ACCOUNT_TYPES),
  company_id: nullableText(),
  company_name: nullableText(),
  email_verified: z.boolean(),
  status: z.enum(ACCOUNT_STATUSES),
  review_until: nullableText(),
  restriction: accountRestrictionSchema.nullable(),
  terms_accepted_version: nullableText(),
  terms_accepted_at: nullableText(),
  terms_up_to_date: z.boolean().meta({ description: 'False: show the terms acceptance form' }),
  kyc_status: z.enum(KYC_STATUSES).nullable(),
  newsletter_opt_in: z.boolean(),
  avatar_url: nullableText(),
  created_at: z.string(),
  session_version: z.number().meta({
    example: 1,
    description: 'Session generation: one more with every password change or reset, which signs out the sessions of earlier ones',
  }),
};

/** The signed-in user (`AccountUserDto`). */
export const accountUserSchema = z.object(accountUserShape) satisfies z.ZodType<AccountUserDto>;
/** `GET /api/me`. */
export const meAnswerSchema = z.object({ data: accountUserSchema.nullable() });
/** `POST /login`. */
export const loginAnswerSchema = z.object({ data: accountUserSchema, redirect: z.string().meta({ example: '/' }) });

export const personalInformationSchema = z.object({
  birth_date: nullableText().meta({ example: '1990-05-17' }),
  gender: z.enum(GENDERS).nullable(),
  birth_place: nullableText(),
  filled: z.boolean().meta({ description: 'Filled once: the form is read-only' }),
  filled_at: nullableText(),
}) satisfies z.ZodType<PersonalInformationDto>;

export const companySchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  name: z.string(),
  code: nullableText(),
  vat_number: nullableText(),
  country: z.string().meta({ example: 'LT' }),
  country_name: z.string().meta({ example: 'Lithuania' }),
  city: z.string(),
  address: z.string(),
  zip: z.string(),
  kyc_status: z.enum(KYC_STATUSES),
  status: z.enum(ACCOUNT_STATUSES),
  review_until: nullableText(),
  editable: z.literal(false),
  change_request_message: z.string().meta({ description: 'The "contact support" text' }),
}) satisfies z.ZodType<CompanyDto>;

export const profileKycSchema = z.object({ status: z.enum(KYC_STATUSES), reason: nullableText(), decided_at: nullableText() });

/** The profile page (`ProfileDto`). */
export const profileSchema = z.object({
  ...accountUserShape,
  email_change_supported: z.literal(false),
  personal_information: personalInformationSchema,
  company: companySchema.nullable(),
  kyc: profileKycSchema.nullable(),
}) satisfies z.ZodType<ProfileDto>;
export const profileAnswerSchema = z.object({ data: profileSchema });
export const profileUpdatedAnswerSchema = profileAnswerSchema.extend({ message: z.string() });
export const personalInformationSavedAnswerSchema = z.object({ message: z.string(), data: personalInformationSchema });
export const avatarUrlSchema = z.object({ avatar_url: z.string().meta({ example: '/profile/avatar?v=1763700000000' }) });
export const avatarUploadedAnswerSchema = z.object({ message: z.string(), data: avatarUrlSchema });
export const companyAnswerSchema = z.object({ data: companySchema.nullable() });

export const billingInformationSchema = z.object({
  person: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string().meta({ example: 'LT' }),
  region: z.string(),
  city: z.string(),
  address: z.string(),
  zip: z.string(),
  to_company: z.boolean(),
  company: z.string(),
  company_code: z.string(),
  vat: z.string(),
  updated_at: nullableText().meta({ description: 'Null until saved once (pre-filled from the account)' }),
}) satisfies z.ZodType<BillingInformationDto>;
export const billingAnswerSchema = z.object({ data: billingInformationSchema });

export const kycSubjectSchema = z.object({
  subject_type: z.enum(KYC_SUBJECT_TYPES),
  subject_id: z.string().meta({ format: 'uuid' }),
  name: z.string(),
  email: z.string(),
  country: nullableText(),
  company_code: nullableText(),
  vat_number: nullableText(),
  status: z.enum(KYC_STATUSES),
  reason: nullableText(),
  decided_at: nullableText(),
  created_at: z.string(),
}) satisfies z.ZodType<KycSubjectDto>;
export const kycListMetaSchema = z.object({ pagination: paginationSchema });
export const kycListSchema = z.object({ data: z.array(kycSubjectSchema), meta: kycListMetaSchema });
export const kycDecidedAnswerSchema = z.object({ message: z.string(), data: kycSubjectSchema });

export const countrySchema = z.object({
  id: z.string().meta({ example: 'LT', description: 'ISO 3166 alpha-2 id' }),
  name: z.string().meta({ example: 'Lithuania' }),
}) satisfies z.ZodType<CountryDto>;
export const countryListSchema = z.object({ data: z.array(countrySchema) });

export const termsSchema = z.object({
  body: z.string().meta({ description: 'The page body (trusted HTML)' }),
  version: z.string().meta({ description: 'The version shown: when the terms article was last updated' }),
});
export const termsAnswerSchema = z.object({ data: termsSchema });
