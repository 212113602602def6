import { z } from 'zod';
import { formField, formSchema, ifSent, isGiven, isTicked, lookupField, textField, textOf, type FieldDoc } from '../common/form-schema.js';
import { accountTextChecks, oneOfChecks } from './account-fields.schema.js';
import { KYC_DECISIONS, KYC_SUBJECT_TYPES, type KycDecision, type KycSubjectType } from './kyc.js';
import { AccountLimits, AccountMessages, AVATAR_CONTENT_TYPES } from './messages.js';
import { ACCOUNT_STATUSES, isAccountRole, MAX_COMPLIANCE_REVIEW_DAYS, type AccountRole, type AccountStatus } from './roles.js';
import { passwordChangeRequestSchema } from './password.schema.js';
import { termsAcceptanceRequestSchema } from './consent.schema.js';
import { billingRequestSchema } from './profile.schema.js';
import { EmployeeImportLimits, EmployeeImportMessages } from './employee-import.js';
import { employeeGroupUpdateRequestSchema, employeeUpdateRequestSchema, invitationUpdateRequestSchema } from './employees.schema.js';

/*
 * The account requests that are not forms of a page (the form schemas are in *.schema.ts next
 * to this one): a verification link, the cookie banner, the avatar upload, the country search and
 * the KYC review list.
 */

/** A value the request may carry, checked by the accounts service. */
const anyValue = (doc: FieldDoc) => formField<unknown>([], (value) => value, doc);

/** `POST /email/verify`: the token of the verification link. */
export const verifyEmailRequestSchema = formSchema({
  token: formField<string, string>(
    [
      {
        message: AccountMessages.verificationInvalid,
        breaks: (value) => {
          const text = textOf(value);
          return text === null || text === '' || text.length > 2000;
        },
      },
    ],
    (value) => value as string,
    { type: 'string', required: true },
  ),
});
export type VerifyEmailRequestBody = z.input<typeof verifyEmailRequestSchema>;

/** `POST /cookie-consent`: the banner's or the preferences modal's choice (the service reads the flags). */
export const cookieConsentRequestSchema = formSchema({
  necessary: anyValue({ description: 'Always given; refusing it is a 422', example: true }),
  statistics: anyValue({ example: false }),
  social: anyValue({ example: false }),
});

/** Longest base64 text of an avatar of at most 700 KB (4 characters per 3 bytes). */
const AVATAR_BASE64_MAX = Math.ceil(AccountLimits.avatarMaxBytes / 3) * 4;

/** Bytes of a base64 text or data URL, once its header and white space are gone; null when the text alone is too long. */
function avatarBytes(text: string): number | null {
  const base64 = text.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (base64.length > AVATAR_BASE64_MAX) return null;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** `POST /profile/avatar`: the image as base64 or a data URL (the service reads its type and size). */
export const avatarUploadRequestSchema = formSchema({
  avatar: formField<string, string>(
    [
      { message: AccountMessages.avatarEmpty, breaks: (value) => typeof value !== 'string' || value.trim() === '' },
      {
        message: AccountMessages.avatarTooLarge,
        breaks: (value) => {
          if (typeof value !== 'string') return false;
          const bytes = avatarBytes(value);
          return bytes === null || bytes > AccountLimits.avatarMaxBytes;
        },
      },
    ],
    (value) => value as string,
    { type: 'string', description: 'PNG, JPEG or WebP, at most 700 KB, base64 or a data: URL', required: true },
  ),
  content_type: formField<string, string>([], (value) => value as string, { type: 'string', example: 'image/png', enum: AVATAR_CONTENT_TYPES, required: true }),
});
export type AvatarUploadRequest = z.input<typeof avatarUploadRequestSchema>;

/** `GET /countries/search?q=`: matches ids and names. */
export const countrySearchQuerySchema = formSchema({
  q: textField(accountTextChecks({ label: 'search query', max: 100 }), { example: 'lit' }),
});
export type CountrySearchQuery = z.input<typeof countrySearchQuerySchema>;

/** `GET /api/kyc/pending?page=&search=`: a page of the pending checks, optionally by name or e-mail. */
export const kycPendingQuerySchema = formSchema({
  page: formField<string | undefined, string | undefined>(
    [{ message: AccountMessages.invalidChoice('page'), breaks: (value) => isGiven(value) && !/^[1-9]\d{0,5}$/.test(String(value)) }],
    (value) => value as string | undefined,
    { type: 'integer', example: 1, minimum: 1 },
  ),
  search: textField(accountTextChecks({ label: 'search', max: 255 }), { description: 'Name or e-mail contains' }),
});
export type KycPendingQuery = z.input<typeof kycPendingQuerySchema>;

/** The path of `POST /kyc/{subject_type}/{id}/approve|decline`. */
export const kycSubjectParamsSchema = formSchema({
  subject_type: formField<KycSubjectType, KycSubjectType>(oneOfChecks('subject type', KYC_SUBJECT_TYPES), (value) => value as KycSubjectType, {
    type: 'string',
    enum: KYC_SUBJECT_TYPES,
  }),
  id: formField<string, string>([{ message: 'id must be a string', breaks: (value) => typeof value !== 'string' }], (value) => value as string, {
    type: 'string',
    description: 'The company or user id',
  }),
});
export type KycSubjectParams = z.input<typeof kycSubjectParamsSchema>;

/*
 * The RPCs of accounts-invitations that are not a page's form as it is (those take the form
 * schemas above and in the other `*.schema.ts`): who is acting is the request context's actor,
 * never a field of these.
 */

/** A text the service trims, of at most `max` characters, when it is sent ('' counts as not sent only where said). */
const trimmedText = (label: string, max: number) =>
  textField(ifSent(accountTextChecks({ label, required: true, max })), {}).optional().transform((value) => value?.trim());

/** `AccountsRpc.RecordConsent`: the banner's choice (the `*_cookies_consent` names accepted too); necessary cookies cannot be refused. */
export const cookieConsentRecordSchema = formSchema(
  {
    necessary: anyValue({}),
    statistics: anyValue({}),
    social: anyValue({}),
    necessary_cookies_consent: anyValue({}),
    statistics_cookies_consent: anyValue({}),
    social_cookies_consent: anyValue({}),
    /** Defaults to the current cookie policy. */
    policy_version: trimmedText('policy version', 50),
  },
  [
    {
      field: 'necessary',
      message: AccountMessages.necessaryCookies,
      breaks: (form) => {
        const necessary = form.necessary ?? form.necessary_cookies_consent;
        return isGiven(necessary) && !isTicked(necessary);
      },
    },
  ],
).transform((form) => ({
  statistics: isTicked(form.statistics ?? form.statistics_cookies_consent),
  social: isTicked(form.social ?? form.social_cookies_consent),
  policy_version: form.policy_version,
}));

/** `AccountsRpc.AcceptTerms`: the form, and the version shown (default: the current terms). */
export const termsAcceptRequestSchema = termsAcceptanceRequestSchema.safeExtend({ version: trimmedText('terms version', 50) });

/** `AccountsRpc.ChangePassword`: the form (the service checks the current password). */
export const passwordChangeRpcSchema = passwordChangeRequestSchema;

/** `AccountsRpc.SetRoles`: an administrator sets a user's roles. */
export const setRolesRequestSchema = z.object({
  userId: lookupField({ format: 'uuid' }),
  roles: formField<AccountRole[], unknown>(
    [
      { message: AccountMessages.required('roles'), breaks: (value) => !Array.isArray(value) || value.length === 0 },
      { message: AccountMessages.invalidChoice('role'), breaks: (value) => Array.isArray(value) && value.length > 0 && !value.every(isAccountRole) },
    ],
    (value) => [...new Set(value as AccountRole[])],
    { type: 'array' },
  ),
});

const reviewDaysOf = (value: unknown) => (value === undefined || value === null ? MAX_COMPLIANCE_REVIEW_DAYS : Number(value));

/** `AccountsRpc.SetAccountStatus`: an administrator restricts (or frees) a user or a company; a compliance review lasts 1 to 3 days. */
export const setAccountStatusRequestSchema = formSchema(
  {
    subject_type: formField<'user' | 'company', unknown>(
      [{ message: AccountMessages.invalidChoice('subject type'), breaks: (value) => value !== 'user' && value !== 'company' }],
      (value) => value as 'user' | 'company',
    ),
    subject_id: lookupField({ format: 'uuid' }),
    status: formField<AccountStatus, unknown>(
      [{ message: AccountMessages.invalidChoice('status'), breaks: (value) => !(ACCOUNT_STATUSES as readonly unknown[]).includes(value) }],
      (value) => value as AccountStatus,
    ),
    review_days: formField<unknown, unknown>([], (value) => value),
  },
  [
    {
      field: 'review_days',
      message: AccountMessages.invalidChoice('review days'),
      breaks: (form) => form.status === 'compliance_review' && !(Number.isInteger(reviewDaysOf(form.review_days)) && reviewDaysOf(form.review_days) >= 1),
    },
    {
      field: 'review_days',
      message: AccountMessages.reviewTooLong,
      breaks: (form) => form.status === 'compliance_review' && Number.isInteger(reviewDaysOf(form.review_days)) && reviewDaysOf(form.review_days) > MAX_COMPLIANCE_REVIEW_DAYS,
    },
  ],
).transform(({ review_days: reviewDays, ...form }) => ({ ...form, review_days: form.status === 'compliance_review' ? reviewDaysOf(reviewDays) : null }));

const KYC_PAGE_SIZES = [10, 20, 30, 40, 50];

/** `KycRpc.ListPending`: a page of the pending checks; what is not one of the choices is read as none. */
export const kycListRequestSchema = z.object({
  subject_type: formField<KycSubjectType | null, unknown>([], (value) => ((KYC_SUBJECT_TYPES as readonly unknown[]).includes(value) ? (value as KycSubjectType) : null)),
  search: formField<string, unknown>([], (value) => (typeof value === 'string' ? value.trim() : '')),
  page: formField<number, unknown>([], (value) => (Number.isInteger(Number(value)) && Number(value) >= 1 ? Number(value) : 1)),
  per_page: formField<number, unknown>([], (value) => (KYC_PAGE_SIZES.includes(Number(value)) ? Number(value) : 10)),
});

/** `KycRpc.Decide`: approve, or decline with a reason, one subject's check. */
export const kycDecisionRequestSchema = formSchema(
  {
    subject_type: formField<KycSubjectType, unknown>(
      [{ message: AccountMessages.invalidChoice('subject type'), breaks: (value) => !(KYC_SUBJECT_TYPES as readonly unknown[]).includes(value) }],
      (value) => value as KycSubjectType,
    ),
    subject_id: lookupField({ format: 'uuid' }),
    decision: formField<KycDecision, unknown>(
      [{ message: AccountMessages.invalidChoice('decision'), breaks: (value) => !(KYC_DECISIONS as readonly unknown[]).includes(value) }],
      (value) => value as KycDecision,
    ),
    reason: textField(accountTextChecks({ label: 'reason', max: AccountLimits.kycReasonMax })).transform((value) => value.trim()),
  },
  // A reason that broke its own rules says so only once.
  [{ field: 'reason', message: AccountMessages.kycReasonRequired, breaks: (form) => form.decision === 'decline' && form.reason === '' }],
);

/** `AccountsRpc.GetUser` (the gateway reading the signed-in user): by id; an id that is no user's is none. */
export const getUserRequestSchema = z.object({ userId: lookupField({ format: 'uuid' }) });

/** `AccountsRpc.Authenticate`: the credentials as sent (wrong ones are answered as such by the service). */
export const authenticateRequestSchema = z.object({
  email: formField<string, unknown>([], (value) => (typeof value === 'string' ? value.trim() : '')),
  password: formField<string, unknown>([], (value) => (typeof value === 'string' ? value : '')),
});

/** `ProfileRpc.UploadAvatar`: the image as the gateway passes it (the service reads its type and bytes). */
export const avatarUploadRpcSchema = z.object({ content_base64: formField<unknown, unknown>([], (value) => value), content_type: formField<unknown, unknown>([], (value) => value) });

/** `CountriesRpc.Search`: the query. */
export const countrySearchRpcSchema = z.object({ q: formField<string | undefined, unknown>([], (value) => (typeof value === 'string' ? value : undefined)) });

/** `InvitationsRpc.Lookup`: the token of the invitation link. */
export const invitationTokenRequestSchema = z.object({ token: lookupField() });

/** `ProfileRpc.UpdateBilling`: the billing form, and where to go afterwards (a path on this site, default `/profile`); the service checks that the country id names a country. */
export const billingUpdateRequestSchema = billingRequestSchema.safeExtend({ redirect: formField<unknown, unknown>([], (value) => value) });

/*
 * The company-scoped calls (employees, groups, invitations, imports): the page's form or query
 * schema (`employees.schema.ts`), with the record's id where the call names one.
 */

/** A record of the actor's company by id (another company's, or no record, is "not found"). */
export const recordIdRequestSchema = z.object({ id: lookupField({ format: 'uuid' }) });

export const employeeUpdateRpcSchema = employeeUpdateRequestSchema.safeExtend({ id: lookupField({ format: 'uuid' }) });
export const employeeGroupUpdateRpcSchema = employeeGroupUpdateRequestSchema.safeExtend({ id: lookupField({ format: 'uuid' }) });
export const invitationUpdateRpcSchema = invitationUpdateRequestSchema.safeExtend({ id: lookupField({ format: 'uuid' }) });

/** `EmployeeGroupsRpc.List`: the groups, with their employees unless `without_employees`. */
export const employeeGroupListRpcSchema = z.object({ without_employees: formField<boolean, unknown>([], (value) => value === true) });

/** `EmployeeImportsRpc.Begin`: the file's name (CSV or XLSX) and size (1 byte to the limit), before its chunks. */
export const employeeImportBeginRequestSchema = formSchema(
  {
    file_name: formField<string, unknown>([], (value) => (typeof value === 'string' ? value.trim().slice(0, 255) : '')),
    size: formField<number, unknown>([], Number),
  },
  [
    { field: 'file_name', message: EmployeeImportMessages.fileType, breaks: (form) => !/\.(csv|xlsx)$/i.test(form.file_name) },
    { field: 'content_base64', message: EmployeeImportMessages.fileEmpty, breaks: (form) => !(Number.isInteger(form.size) && form.size > 0) },
    { field: 'content_base64', message: EmployeeImportMessages.fileTooLarge, breaks: (form) => Number.isInteger(form.size) && form.size > EmployeeImportLimits.fileMaxBytes },
  ],
);

/** `EmployeeImportsRpc.Append`: one chunk of the file (base64), by its index (the service checks it against the import). */
export const employeeImportChunkRequestSchema = z.object({
  id: lookupField({ format: 'uuid' }),
  index: formField<number, unknown>([], Number),
  content_base64: formField<string, unknown>([], (value) => (typeof value === 'string' ? value : '')),
});

/** `EmployeeImportsRpc.Submit`: the file is complete, in this many chunks. */
export const employeeImportSubmitRequestSchema = z.object({ id: lookupField({ format: 'uuid' }), chunks: formField<number, unknown>([], Number) });
