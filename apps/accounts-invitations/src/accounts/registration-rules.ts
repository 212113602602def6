import { isGiven, isTicked, REGISTRATION_DEFAULT_REDIRECT, safeRedirect, type AccountType, type registrationRequestSchema } from '@aero/contracts';
import type { z } from 'zod';

export interface CompanyInput {
  name: string;
  code: string | null;
  vat_number: string | null;
  country: string;
  city: string;
  address: string;
  zip: string;
}

/** A registration that passed every rule (the form's, and the service's: a country that exists, an address and a nick not taken). */
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

export type RegistrationRequestForm = z.output<typeof registrationRequestSchema>;

/** Ticking is_corporate (or type company) makes a company account; from an invitation it is refused by the form's rules. */
export function isCorporate(form: { is_corporate?: unknown; type?: unknown }): boolean {
  return isTicked(form.is_corporate) || form.type === 'company';
}

/**
 * The registration as it is stored, once it passed its rules (spec: shop §3, §4, §5;
 * docs/decisions.md #1): text trimmed; a corporate account with its company (code and VAT
 * optional, VAT and country upper-case), otherwise a student account whose company fields are
 * dropped; from an invitation the invitation's e-mail.
 */
export function checkedRegistration(form: RegistrationRequestForm, invitationEmail: string | null): CheckedRegistration {
  const corporate = isCorporate(form) && invitationEmail === null;
  const text = (value: string) => value.trim();
  const cookieFields = [form.necessary_cookies_consent, form.statistics_cookies_consent, form.social_cookies_consent];
  return {
    nick: text(form.nick),
    first_name: text(form.first_name),
    last_name: text(form.last_name),
    email: invitationEmail ?? text(form.email),
    password: form.password,
    type: corporate ? 'company' : 'student',
    newsletters: form.newsletters,
    company: corporate
      ? {
          name: text(form.company_name),
          code: text(form.company_code) || null,
          vat_number: text(form.vat_number).toUpperCase() || null,
          country: text(form.company_country).toUpperCase(),
          city: text(form.city),
          address: text(form.address),
          zip: text(form.zip),
        }
      : null,
    cookies: cookieFields.some(isGiven)
      ? { necessary: true, statistics: isTicked(form.statistics_cookies_consent), social: isTicked(form.social_cookies_consent) }
      : null,
    redirect: safeRedirect(form.redirect, REGISTRATION_DEFAULT_REDIRECT),
  };
}
