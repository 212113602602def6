import { z } from 'zod';
import { formField, formSchema, isGiven, textField, textOf, type FieldDoc } from '../common/form-schema.js';
import { accountTextChecks, oneOfChecks } from './account-fields.schema.js';
import { KYC_SUBJECT_TYPES, type KycSubjectType } from './kyc.js';
import { AccountLimits, AccountMessages, AVATAR_CONTENT_TYPES } from './messages.js';

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
