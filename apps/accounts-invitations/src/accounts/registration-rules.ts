import {
  ACCOUNT_TYPES,
  AccountLimits,
  AccountMessages,
  REGISTRATION_DEFAULT_REDIRECT,
  safeRedirect,
  type AccountType,
  type RegistrationForm,
} from '@aero/contracts';
import { FormErrors, parseFlag, readEmail, readText } from '../common/form-errors.js';
import { checkPassword } from '../common/password-rules.js';

export interface CompanyInput {
  name: string;
  code: string | null;
  vat_number: string | null;
  country: string;
  city: string;
  address: string;
  zip: string;
}

/** A registration that passed every rule that needs no database. */
export interface CheckedRegistration {
  nick: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  type: AccountType;
  newsletters: boolean;
  company: CompanyInput | null;
  cookies: { necessary: boolean; statistics: boolean; social: boolean } | null;
  redirect: string;
}

export interface RegistrationContext {
  /** The invitation's e-mail when registering from an invitation (read-only in the form). */
  invitationEmail: string | null;
  isCountry: (id: string) => boolean;
}

const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const VAT = /^[A-Za-z0-9][A-Za-z0-9 .-]*$/;

/**
 * The registration rules (spec: shop §3, §4, §5; docs/decisions.md #1). Every problem is
 * collected; uniqueness of e-mail and nick is added by the caller before answering.
 *
 * - `is_corporate` (or `type: company`) makes a company account with company fields required
 *   (name, country, city, address, zip; code and VAT optional); otherwise a student account whose
 *   company fields are dropped.
 * - From an invitation: the invitation's e-mail is used and a corporate account is refused.
 */
export function checkRegistration(form: RegistrationForm, context: RegistrationContext): { value: CheckedRegistration; errors: FormErrors } {
  const errors = new FormErrors();
  const nick = readText(errors, 'nick', form.nick, { label: 'nick', required: true, min: AccountLimits.nickMin, max: AccountLimits.nickMax });
  const first_name = readText(errors, 'first_name', form.first_name, { label: 'first name', required: true, max: AccountLimits.nameMax });
  const last_name = readText(errors, 'last_name', form.last_name, { label: 'last name', required: true, max: AccountLimits.nameMax });
  const email = context.invitationEmail ?? readEmail(errors, 'email', form.email);
  const password = checkPassword(errors, form.password, form.password_confirmation);

  const typeGiven = form.type === undefined || form.type === null || form.type === '' ? undefined : form.type;
  if (typeGiven !== undefined && !(ACCOUNT_TYPES as readonly unknown[]).includes(typeGiven)) {
    errors.add('type', AccountMessages.invalidChoice('type'));
  }
  if (!parseFlag(form.terms_and_conditions)) errors.add('terms_and_conditions', AccountMessages.termsRequired);

  // Ticking is_corporate sets type company; unticking sets student and clears the company fields.
  const corporate = parseFlag(form.is_corporate) || typeGiven === 'company';
  let company: CompanyInput | null = null;
  if (corporate && context.invitationEmail !== null) {
    errors.add('is_corporate', AccountMessages.invitationCorporate);
  } else if (corporate) {
    const name = readText(errors, 'company_name', form.company_name, { label: 'company name', required: true, max: AccountLimits.companyNameMax });
    const code = readText(errors, 'company_code', form.company_code, { label: 'company code', max: AccountLimits.companyCodeMax });
    const vat = readText(errors, 'vat_number', form.vat_number, { label: 'VAT number', max: AccountLimits.vatMax });
    if (vat && !errors.has('vat_number') && !VAT.test(vat)) errors.add('vat_number', AccountMessages.invalidFormat('VAT number'));
    const country = readText(errors, 'company_country', form.company_country, { label: 'company country', required: true, max: 100 });
    if (country && !errors.has('company_country') && !context.isCountry(country)) {
      errors.add('company_country', AccountMessages.invalidChoice('company country'));
    }
    const city = readText(errors, 'city', form.city, { label: 'city', required: true, max: AccountLimits.cityMax });
    const address = readText(errors, 'address', form.address, { label: 'address', required: true, max: AccountLimits.addressMax });
    const zip = readText(errors, 'zip', form.zip, { label: 'zip code', required: true, max: AccountLimits.zipMax });
    if (zip && !errors.has('zip') && !ZIP.test(zip)) errors.add('zip', AccountMessages.invalidFormat('zip code'));
    company = { name, code: code || null, vat_number: vat ? vat.toUpperCase() : null, country: country.toUpperCase(), city, address, zip };
  }

  const cookieFields = [form.necessary_cookies_consent, form.statistics_cookies_consent, form.social_cookies_consent];
  const cookies = cookieFields.some((v) => v !== undefined && v !== null && v !== '')
    ? { necessary: true, statistics: parseFlag(form.statistics_cookies_consent), social: parseFlag(form.social_cookies_consent) }
    : null;

  return {
    value: {
      nick,
      first_name,
      last_name,
      email,
      password,
      type: corporate ? 'company' : 'student',
      newsletters: parseFlag(form.newsletters),
      company,
      cookies,
      redirect: safeRedirect(form.redirect, REGISTRATION_DEFAULT_REDIRECT),
    },
    errors,
  };
}
