import { z } from 'zod';
import { checkboxField, checksWhen, formField, formSchema, isGiven, isTicked, textField, type FieldDoc } from '../common/form-schema.js';
import { accountEmailChecks, accountTextChecks, confirmationDiffers, mustBeTextChecks, newPasswordChecks, oneOfChecks, VAT_FORMAT, ZIP_FORMAT } from './account-fields.schema.js';
import { AccountLimits, AccountMessages } from './messages.js';
import { ACCOUNT_TYPES } from './roles.js';

type Form = Record<string, unknown>;
const byInvitation = (form: Form) => isGiven(form['invitation_token']);
/** Ticking is_corporate (or type company) makes a company account. */
const corporate = (form: Form) => isTicked(form['is_corporate']) || form['type'] === 'company';
/** Company fields count only for a corporate account that is not registering from an invitation. */
const companyAccount = (form: Form) => corporate(form) && !byInvitation(form);

/** A value the form may send along, not checked (cookie consents given in the form). */
const anyValue = (doc: FieldDoc = {}) => formField<unknown, boolean | undefined>([], (value) => value, doc);

/**
 * `POST /register` (shop §3 "Registration form", RegistrationForm): nick, names, e-mail (not
 * checked with an invitation: the invitation's is used), a new password and its confirmation,
 * the terms, the account type; for a corporate account (not from an invitation) the company
 * name, country, city, address and zip are required, code and VAT optional.
 */
export const registrationRequestSchema = formSchema(
  {
    nick: textField(accountTextChecks({ label: 'nick', required: true, min: AccountLimits.nickMin, max: AccountLimits.nickMax }), {
      example: 'lena.berg',
      minLength: AccountLimits.nickMin,
      maxLength: AccountLimits.nickMax,
      required: true,
    }),
    first_name: textField(accountTextChecks({ label: 'first name', required: true, max: AccountLimits.nameMax }), { example: 'Lena', maxLength: AccountLimits.nameMax, required: true }),
    last_name: textField(accountTextChecks({ label: 'last name', required: true, max: AccountLimits.nameMax }), { example: 'Berg', maxLength: AccountLimits.nameMax, required: true }),
    email: textField([], { example: 'lena.berg@example.com', description: 'Ignored with an invitation (its e-mail is used)' }),
    password: formField<string, string>(newPasswordChecks(), (value) => value as string, { type: 'string', example: 'Hangar2026', description: 'At least 8 characters with a number and an uppercase letter', required: true }),
    password_confirmation: formField<string, string>([], (value) => value as string, { type: 'string', example: 'Hangar2026', required: true }),
    type: textField(oneOfChecks('type', ACCOUNT_TYPES), { enum: ACCOUNT_TYPES, default: 'student' }),
    terms_and_conditions: checkboxField([{ message: AccountMessages.termsRequired, breaks: (value) => !isTicked(value) }], {
      example: '1',
      description: 'Must be ticked',
      required: true,
    }),
    is_corporate: checkboxField([], { description: 'Ticked: a company account with the company fields' }),
    newsletters: checkboxField([], { description: 'Subscribe to the newsletter' }),
    company_name: textField([], { maxLength: AccountLimits.companyNameMax }),
    company_code: textField([], { maxLength: AccountLimits.companyCodeMax }),
    vat_number: textField([], { maxLength: AccountLimits.vatMax }),
    company_country: textField([], { example: 'LT', description: 'ISO 3166 alpha-2 id (GET /countries/all)' }),
    city: textField([], { maxLength: AccountLimits.cityMax }),
    address: textField([], { maxLength: AccountLimits.addressMax }),
    zip: textField([], { maxLength: AccountLimits.zipMax }),
    /** Invitation variant: the token of the invitation link. */
    invitation_token: textField(mustBeTextChecks('invitation'), { description: 'The token of the invitation link' }).optional(),
    necessary_cookies_consent: anyValue({ description: 'Cookie consent given in the form' }).optional(),
    statistics_cookies_consent: anyValue().optional(),
    social_cookies_consent: anyValue().optional(),
    /** Where to go after success; only a path on this site, default `/profile`. */
    redirect: textField(mustBeTextChecks('redirect'), { example: '/cart', description: 'A path on this site; default /profile' }).optional(),
  },
  [
    ...checksWhen((form) => !byInvitation(form), { email: accountEmailChecks() }),
    { field: 'password_confirmation', message: AccountMessages.passwordConfirmation, breaks: (form) => confirmationDiffers(form.password, form.password_confirmation) },
    { field: 'is_corporate', message: AccountMessages.invitationCorporate, breaks: (form) => corporate(form) && byInvitation(form) },
    ...checksWhen(companyAccount, {
      company_name: accountTextChecks({ label: 'company name', required: true, max: AccountLimits.companyNameMax }),
      company_code: accountTextChecks({ label: 'company code', max: AccountLimits.companyCodeMax }),
      vat_number: accountTextChecks({ label: 'VAT number', max: AccountLimits.vatMax, format: VAT_FORMAT }),
      company_country: accountTextChecks({ label: 'company country', required: true, max: 100 }),
      city: accountTextChecks({ label: 'city', required: true, max: AccountLimits.cityMax }),
      address: accountTextChecks({ label: 'address', required: true, max: AccountLimits.addressMax }),
      zip: accountTextChecks({ label: 'zip code', required: true, max: AccountLimits.zipMax, format: ZIP_FORMAT }),
    }),
  ],
);

/** The registration form as the page holds it. */
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

/** The registration form as it opens: every text empty, a student account, nothing ticked. */
export const EMPTY_REGISTRATION = {
  nick: '',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  password_confirmation: '',
  type: 'student',
  terms_and_conditions: false,
  is_corporate: false,
  newsletters: false,
  company_name: '',
  company_code: '',
  vat_number: '',
  company_country: '',
  city: '',
  address: '',
  zip: '',
  invitation_token: '',
} as const satisfies RegistrationRequest;
