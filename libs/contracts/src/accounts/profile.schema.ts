import { z } from 'zod';
import { checkboxField, checksWhen, formSchema, ifSent, isTicked, textField, textOf } from '../common/form-schema.js';
import { accountEmailChecks, accountTextChecks, birthDateChecks, isPhone, mustBeTextChecks, oneOfChecks, VAT_FORMAT, ZIP_FORMAT } from './account-fields.schema.js';
import { AccountLimits, AccountMessages } from './messages.js';
import { REGION_REQUIRED_COUNTRIES } from './profile.js';
import { GENDERS } from './roles.js';

/** `PATCH /profile` (learning §2 profile): nick and names; a field not sent keeps its value. The e-mail is read-only. */
export const accountDataRequestSchema = formSchema({
  nick: textField(ifSent(accountTextChecks({ label: 'nick', required: true, min: AccountLimits.nickMin, max: AccountLimits.nickMax })), {
    example: 'lena.berg',
    minLength: AccountLimits.nickMin,
    maxLength: AccountLimits.nickMax,
  }).optional(),
  first_name: textField(ifSent(accountTextChecks({ label: 'first name', required: true, max: AccountLimits.nameMax })), { example: 'Lena', maxLength: AccountLimits.nameMax }).optional(),
  last_name: textField(ifSent(accountTextChecks({ label: 'last name', required: true, max: AccountLimits.nameMax })), { example: 'Berg', maxLength: AccountLimits.nameMax }).optional(),
  /** The form may send it back; a different address is refused by the service (contact support). */
  email: textField(mustBeTextChecks('email'), {
    description: 'Read-only: the form may send it back; a different address is refused (contact support)',
  }).optional(),
});
export type AccountDataRequest = z.input<typeof accountDataRequestSchema>;

/** `POST /profile/personal-information` (learning §3, §5): for certificates, fillable once. */
export const personalInformationRequestSchema = formSchema({
  /** YYYY-MM-DD, from 1900 and before today. */
  birth_date: textField(
    birthDateChecks({ required: true }),
    { example: '1990-05-17', description: 'YYYY-MM-DD, before today', required: true },
  ),
  gender: textField([...accountTextChecks({ label: 'gender', required: true, max: 10 }), ...oneOfChecks('gender', GENDERS, { caseless: true })], {
    enum: GENDERS,
    required: true,
  }),
  birth_place: textField(accountTextChecks({ label: 'birth place', max: AccountLimits.birthPlaceMax }), { maxLength: AccountLimits.birthPlaceMax }),
});
export type PersonalInformationRequest = z.input<typeof personalInformationRequestSchema>;

/** Region is required for the United States, Canada and Mexico (learning §5). */
export function regionRequired(country: unknown): boolean {
  return (REGION_REQUIRED_COUNTRIES as readonly string[]).includes(textOf(country)?.toUpperCase() ?? '');
}

/**
 * `PATCH /profile/billing` (learning §3 billing form): billing contact, billing address (region
 * required for the United States, Canada and Mexico) and, when billing to a company, its
 * company, code and VAT number.
 */
export const billingRequestSchema = formSchema(
  {
    person: textField(accountTextChecks({ label: 'person', required: true, max: AccountLimits.companyNameMax }), {
      example: 'Lena Berg',
      maxLength: AccountLimits.companyNameMax,
      required: true,
    }),
    email: textField(accountEmailChecks(), { example: 'billing@example.com', required: true }),
    phone: textField(accountTextChecks({ label: 'phone', max: AccountLimits.phoneMax, format: isPhone }), { example: '+370 600 00000', maxLength: AccountLimits.phoneMax }),
    /** ISO 3166 alpha-2 id (`GET /countries/all`). */
    country: textField(accountTextChecks({ label: 'country', required: true, max: 100 }), {
      example: 'LT',
      description: 'ISO 3166 alpha-2 id (GET /countries/all)',
      required: true,
    }),
    region: textField(accountTextChecks({ label: 'region', max: AccountLimits.regionMax }), { description: 'Required for US, CA and MX', maxLength: AccountLimits.regionMax }),
    city: textField(accountTextChecks({ label: 'city', required: true, max: AccountLimits.cityMax }), { example: 'Vilnius', maxLength: AccountLimits.cityMax, required: true }),
    address: textField(accountTextChecks({ label: 'address', required: true, max: AccountLimits.addressMax }), {
      example: 'Rodūnios kelias 2',
      maxLength: AccountLimits.addressMax,
      required: true,
    }),
    zip: textField(accountTextChecks({ label: 'zip code', required: true, max: AccountLimits.zipMax, format: ZIP_FORMAT }), {
      example: 'LT-02189',
      maxLength: AccountLimits.zipMax,
      required: true,
    }),
    to_company: checkboxField([], { description: 'Bill to a company: company, company_code and vat become required' }),
    company: textField([], { maxLength: AccountLimits.companyNameMax }),
    company_code: textField([], { maxLength: AccountLimits.companyCodeMax }),
    vat: textField([], { maxLength: AccountLimits.vatMax }),
  },
  [
    { field: 'region', message: AccountMessages.regionRequired, breaks: (form) => textOf(form.region) === '' && regionRequired(form.country) },
    ...checksWhen((form) => isTicked(form['to_company']), {
      company: accountTextChecks({ label: 'company', required: true, max: AccountLimits.companyNameMax }),
      company_code: accountTextChecks({ label: 'company code', required: true, max: AccountLimits.companyCodeMax }),
      vat: accountTextChecks({ label: 'VAT number', required: true, max: AccountLimits.vatMax, format: VAT_FORMAT }),
    }),
  ],
);
export type BillingRequest = z.input<typeof billingRequestSchema>;
