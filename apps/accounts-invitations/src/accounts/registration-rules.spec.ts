import { AccountMessages, formErrors, registrationRequestSchema, type RegistrationForm } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { checkedRegistration } from './registration-rules.js';

const context: { invitationEmail: string | null } = { invitationEmail: null };

/**
 * The form as accounts-invitations reads it (an invitation's token when registering from one):
 * its field errors, and the registration as it is stored when it has none.
 */
function checkRegistration(form: RegistrationForm, { invitationEmail }: { invitationEmail: string | null }) {
  const sent = invitationEmail ? { ...form, invitation_token: 'the-invitation-token' } : form;
  const errors = formErrors(registrationRequestSchema, sent) ?? {};
  const any = Object.keys(errors).length > 0;
  const value = any ? null : checkedRegistration(registrationRequestSchema.parse(sent), invitationEmail);
  return { value: value!, errors: { any, toRecord: () => errors } };
}

const valid: RegistrationForm = {
  nick: 'lena',
  first_name: 'Lena',
  last_name: 'Berg',
  email: 'lena@example.com',
  password: 'Hangar2026',
  password_confirmation: 'Hangar2026',
  terms_and_conditions: true,
};

const company: RegistrationForm = {
  ...valid,
  is_corporate: true,
  company_name: 'Berg Aero',
  company_country: 'de',
  city: 'Berlin',
  address: 'Flughafenstraße 1',
  zip: '12529',
};

describe('registration rules', () => {
  it('accepts a complete student form: type student, no company, redirect /profile', () => {
    const { value, errors } = checkRegistration(valid, context);
    expect(errors.any).toBe(false);
    expect(value).toEqual(expect.objectContaining({ type: 'student', company: null, newsletters: false, cookies: null, redirect: '/profile' }));
  });

  it('trims text but never the password', () => {
    const { value } = checkRegistration({ ...valid, first_name: '  Lena ', password: ' Hangar2026 ', password_confirmation: ' Hangar2026 ' }, context);
    expect(value.first_name).toBe('Lena');
    expect(value.password).toBe(' Hangar2026 ');
  });

  it('reads checkboxes as forms send them (1, "1", "on", true) and anything else as unticked', () => {
    for (const ticked of [1, '1', 'on', 'true', true, 'yes']) {
      expect(checkRegistration({ ...valid, newsletters: ticked }, context).value.newsletters).toBe(true);
    }
    for (const unticked of [0, '0', 'off', false, undefined, '', 'maybe']) {
      expect(checkRegistration({ ...valid, newsletters: unticked }, context).value.newsletters).toBe(false);
    }
  });

  it('makes a company account from is_corporate, upper-casing the country id and VAT number', () => {
    const { value, errors } = checkRegistration({ ...company, vat_number: 'de123' }, context);
    expect(errors.any).toBe(false);
    expect(value.type).toBe('company');
    expect(value.company).toEqual({
      name: 'Berg Aero',
      code: null,
      vat_number: 'DE123',
      country: 'DE',
      city: 'Berlin',
      address: 'Flughafenstraße 1',
      zip: '12529',
    });
  });

  it('clears every company field of a student registration', () => {
    const { value, errors } = checkRegistration({ ...company, is_corporate: false, company_country: 'nowhere' }, context);
    expect(errors.any).toBe(false);
    expect(value).toEqual(expect.objectContaining({ type: 'student', company: null }));
  });

  it('uses the invitation e-mail whatever the form says, and refuses corporate with an invitation', () => {
    const invited = { invitationEmail: 'invited@example.com' };
    expect(checkRegistration({ ...valid, email: 'other@example.com' }, invited).value.email).toBe('invited@example.com');
    expect(checkRegistration({ ...valid, email: 'broken' }, invited).errors.any).toBe(false);
    expect(checkRegistration(company, invited).errors.toRecord()).toEqual({ is_corporate: [AccountMessages.invitationCorporate] });
    expect(checkRegistration({ ...valid, type: 'company' }, invited).errors.toRecord()).toEqual({ is_corporate: [AccountMessages.invitationCorporate] });
  });

  it('counts unicode digits and uppercase letters in the password', () => {
    expect(checkRegistration({ ...valid, password: 'ÉCOLEàpied٣', password_confirmation: 'ÉCOLEàpied٣' }, context).errors.any).toBe(false);
  });

  it('records cookie consents only when the form carries them, necessary always given', () => {
    expect(checkRegistration({ ...valid, statistics_cookies_consent: '1', social_cookies_consent: '0' }, context).value.cookies).toEqual({
      necessary: true,
      statistics: true,
      social: false,
    });
  });
});
