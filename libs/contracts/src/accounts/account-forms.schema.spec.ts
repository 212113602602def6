import { describe, expect, it } from '@jest/globals';
import { formErrors } from '../common/form-schema.js';
import { AccountMessages } from './messages.js';
import { billingRequestSchema, personalInformationRequestSchema } from './profile.schema.js';
import { kycDeclineRequestSchema } from './kyc.schema.js';
import { passwordChangeRequestSchema, passwordResetRequestSchema } from './password.schema.js';
import { EMPTY_REGISTRATION, registrationRequestSchema } from './registration.schema.js';
import { loginRequestSchema } from './sign-in.schema.js';
import { termsAcceptanceRequestSchema, newsletterConsentRequestSchema } from './consent.schema.js';

const { invitation_token: _noInvitation, ...NO_INVITATION } = EMPTY_REGISTRATION;
const STUDENT = {
  ...NO_INVITATION,
  nick: 'anna',
  first_name: 'Anna',
  last_name: 'Berg',
  email: 'anna@example.com',
  password: 'Hangar2026',
  password_confirmation: 'Hangar2026',
  terms_and_conditions: true,
};
describe('registrationRequestSchema (shop §3 Registration form, §4, §5)', () => {
  it('accepts a filled student form, as the page or as an API client sends it (flags 1/"on", numbers as text)', () => {
    expect(formErrors(registrationRequestSchema, STUDENT)).toBeNull();
    expect(formErrors(registrationRequestSchema, { ...STUDENT, terms_and_conditions: 'on', newsletters: 1, nick: 1234 })).toBeNull();
    const parsed = registrationRequestSchema.parse({ ...STUDENT, nick: 1234, terms_and_conditions: '1' });
    expect([parsed.nick, parsed.terms_and_conditions]).toEqual(['1234', true]);
  });

  it('says what is missing, one sentence per field, with the accounts service’s words', () => {
    expect(formErrors(registrationRequestSchema, {})).toEqual({
      nick: [AccountMessages.required('nick')],
      first_name: ['The first name is required.'],
      last_name: ['The last name is required.'],
      password: ['The password is required.'],
      terms_and_conditions: ['You must accept the terms and conditions.'],
      email: ['The email is required.'],
    });
  });

  it('lists every broken password rule in order: at least 8 characters, a number, an uppercase letter; the confirmation matches', () => {
    expect(formErrors(registrationRequestSchema, { ...STUDENT, password: 'hangar', password_confirmation: 'hangar' })).toEqual({
      password: ['The password must have at least 8 characters.', AccountMessages.passwordNumber, AccountMessages.passwordUppercase],
    });
    expect(formErrors(registrationRequestSchema, { ...STUDENT, password_confirmation: 'Hangar2027' })).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
  });

  it('checks lengths and formats only on usable text: a nick of 1 character, an invalid address, control characters', () => {
    expect(formErrors(registrationRequestSchema, { ...STUDENT, nick: 'a', email: 'anna@' })).toEqual({
      nick: ['The nick must have at least 2 characters.'],
      email: ['The email must be a valid email address.'],
    });
    expect(formErrors(registrationRequestSchema, { ...STUDENT, first_name: 'An\u0007na', last_name: { x: 1 } })).toEqual({
      first_name: ['The first name has an invalid format.'],
      last_name: ['The last name must be text.'],
    });
    expect(formErrors(registrationRequestSchema, { ...STUDENT, last_name: 'B'.repeat(101) })).toEqual({ last_name: ['The last name must have up to 100 characters.'] });
  });

  it('a corporate account needs the company name, country, city, address and zip; code and VAT are optional but well formed', () => {
    expect(formErrors(registrationRequestSchema, { ...STUDENT, is_corporate: true, type: 'company' })).toEqual({
      company_name: ['The company name is required.'],
      company_country: ['The company country is required.'],
      city: ['The city is required.'],
      address: ['The address is required.'],
      zip: ['The zip code is required.'],
    });
    const company = { ...STUDENT, is_corporate: true, type: 'company', company_name: 'Nordic Line', company_country: 'NO', city: 'Oslo', address: 'Flyplassvegen 1', zip: '2060' };
    expect(formErrors(registrationRequestSchema, company)).toBeNull();
    expect(formErrors(registrationRequestSchema, { ...company, vat_number: '#NO1', zip: '20 60!' })).toEqual({
      vat_number: ['The VAT number has an invalid format.'],
      zip: ['The zip code has an invalid format.'],
    });
  });

  it('from an invitation: the e-mail is not checked (the invitation’s is used) and a corporate account is refused', () => {
    const invited = { ...STUDENT, email: '', invitation_token: 'inv-1' };
    expect(formErrors(registrationRequestSchema, invited)).toBeNull();
    expect(formErrors(registrationRequestSchema, { ...invited, is_corporate: true })).toEqual({ is_corporate: [AccountMessages.invitationCorporate] });
    expect(formErrors(registrationRequestSchema, { ...STUDENT, type: 'pilot' })).toEqual({ type: ['The selected type is invalid.'] });
  });
});

describe('the sign-in and password forms (learning §2, §8)', () => {
  it('sign in needs an e-mail and a password', () => {
    expect(formErrors(loginRequestSchema, { email: '', password: '' })).toEqual({ email: ['The email is required.'], password: ['The password is required.'] });
    expect(formErrors(loginRequestSchema, { email: 'anna@example.com', password: 'x', remember: true })).toBeNull();
  });

  it('reset and change take a new password with its rules and a matching confirmation', () => {
    expect(formErrors(passwordResetRequestSchema, { token: 't', email: 'anna@example.com', password: 'HANGARHANGAR', password_confirmation: 'x' })).toEqual({
      password: [AccountMessages.passwordNumber],
      password_confirmation: [AccountMessages.passwordConfirmation],
    });
    expect(formErrors(passwordChangeRequestSchema, { current_password: '', password: 'Hangar2027', password_confirmation: 'Hangar2027' })).toEqual({
      current_password: [AccountMessages.currentPasswordWrong],
    });
  });

  it('the terms must be ticked; the newsletter consent is 1 or 0', () => {
    expect(formErrors(termsAcceptanceRequestSchema, { terms_and_conditions: false })).toEqual({ terms_and_conditions: [AccountMessages.termsRequired] });
    expect(formErrors(newsletterConsentRequestSchema, { opt_in: 2 })).toEqual({ opt_in: ['The selected opt in is invalid.'] });
    expect(newsletterConsentRequestSchema.parse({ opt_in: '1' }).opt_in).toBe(1);
  });
});

describe('the profile forms (learning §2, §3, §5, §6)', () => {
  const BILLING = { person: 'Lena Berg', email: 'billing@example.com', phone: '', country: 'LT', region: '', city: 'Vilnius', address: 'Rodūnios kelias 2', zip: 'LT-02189', to_company: false, company: '', company_code: '', vat: '' };

  it('billing: the region is required for the United States, Canada and Mexico only', () => {
    expect(formErrors(billingRequestSchema, BILLING)).toBeNull();
    for (const country of ['US', 'ca', 'MX']) expect(formErrors(billingRequestSchema, { ...BILLING, country })).toEqual({ region: [AccountMessages.regionRequired] });
    expect(formErrors(billingRequestSchema, { ...BILLING, country: 'US', region: 'Washington' })).toBeNull();
  });

  it('billing to a company needs its company, code and VAT number; a phone has at least 5 digits', () => {
    expect(formErrors(billingRequestSchema, { ...BILLING, to_company: true, phone: '12-34' })).toEqual({
      phone: ['The phone has an invalid format.'],
      company: ['The company is required.'],
      company_code: ['The company code is required.'],
      vat: ['The VAT number is required.'],
    });
  });

  it('personal information: a real birth date before today in YYYY-MM-DD, and a gender of the list', () => {
    expect(formErrors(personalInformationRequestSchema, { birth_date: '1990-02-30', gender: 'Female', birth_place: '' })).toEqual({ birth_date: [AccountMessages.birthDateFormat] });
    expect(formErrors(personalInformationRequestSchema, { birth_date: '2999-01-01', gender: 'other', birth_place: '' })).toEqual({
      birth_date: [AccountMessages.birthDatePast],
      gender: ['The selected gender is invalid.'],
    });
    expect(formErrors(personalInformationRequestSchema, { birth_date: '1990-05-17', gender: 'male', birth_place: 'Kaunas' })).toBeNull();
  });

  it('declining a KYC check needs a reason', () => {
    expect(formErrors(kycDeclineRequestSchema, { reason: '   ' })).toEqual({ reason: [AccountMessages.kycReasonRequired] });
    expect(formErrors(kycDeclineRequestSchema, { reason: 'The VAT number does not match.' })).toBeNull();
  });
});
