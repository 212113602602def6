import { z } from 'zod';
import { checkboxField, checksWhen, formSchema, ifSent, isCalendarDate, isTicked, textField, textOf } from '../common/form-schema.js';
import { accountEmailChecks, accountTextChecks, isPhone, mustBeTextChecks, oneOfChecks, VAT_FORMAT, ZIP_FORMAT } from './account-fields.schema.js';
import { AccountLimits, AccountMessages } from './messages.js';
import { REGION_REQUIRED_COUNTRIES } from './profile.js';
import { GENDERS } from './roles.js';

/** `PATCH /profile` (learning §2 profile): nick and names; a field not sent keeps its value. The e-mail is read-only. */
export const accountDataRequestSchema = formSchema({
  nick: textField(ifSent(accountTextChecks({ label: 'nick', required: true, min: AccountLimits.nickMin, max: AccountLimits.nickMax }))).optional(),
  first_name: textField(ifSent(accountTextChecks({ label: 'first name', required: true, max: AccountLimits.nameMax }))).optional(),
  last_name: textField(ifSent(accountTextChecks({ label: 'last name', required: true, max: AccountLimits.nameMax }))).optional(),
  /** The form may send it back; a different address is refused by the service (contact support). */
  email: textField(mustBeTextChecks('email')).optional(),
});
export type AccountDataRequest = z.input<typeof accountDataRequestSchema>;

/** Today as YYYY-MM-DD (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/** `POST /profile/personal-information` (learning §3, §5): for certificates, fillable once. */
export const personalInformationRequestSchema = formSchema({
  /** YYYY-MM-DD, from 1900 and before today. */
  birth_date: textField([
    ...accountTextChecks({ label: 'birth date', required: true, max: 10 }),
    {
      message: AccountMessages.birthDateFormat,
      breaks: (value) => {
        const text = textOf(value);
        return Boolean(text) && text!.length <= 10 && !(isCalendarDate(text!) && text! >= '1900-01-01');
      },
    },
    {
      message: AccountMessages.birthDatePast,
      breaks: (value) => {
        const text = textOf(value);
        return Boolean(text) && isCalendarDate(text!) && text! >= today();
      },
    },
  ]),
  gender: textField([...accountTextChecks({ label: 'gender', required: true, max: 10 }), ...oneOfChecks('gender', GENDERS, { caseless: true })]),
  birth_place: textField(accountTextChecks({ label: 'birth place', max: AccountLimits.birthPlaceMax })),
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
    person: textField(accountTextChecks({ label: 'person', required: true, max: AccountLimits.companyNameMax })),
    email: textField(accountEmailChecks()),
    phone: textField(accountTextChecks({ label: 'phone', max: AccountLimits.phoneMax, format: isPhone })),
    /** ISO 3166 alpha-2 id (`GET /countries/all`). */
    country: textField(accountTextChecks({ label: 'country', required: true, max: 100 })),
    region: textField(accountTextChecks({ label: 'region', max: AccountLimits.regionMax })),
    city: textField(accountTextChecks({ label: 'city', required: true, max: AccountLimits.cityMax })),
    address: textField(accountTextChecks({ label: 'address', required: true, max: AccountLimits.addressMax })),
    zip: textField(accountTextChecks({ label: 'zip code', required: true, max: AccountLimits.zipMax, format: ZIP_FORMAT })),
    to_company: checkboxField(),
    company: textField(),
    company_code: textField(),
    vat: textField(),
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
