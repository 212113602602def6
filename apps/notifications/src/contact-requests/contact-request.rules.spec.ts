import { CAPTCHA_TEST_TOKEN, ContactMessages, formErrors } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { contactSubmitSchema, countryName, validContactRequest } from './contact-request.rules.js';

const valid = {
  is_private_person: 'No',
  name: 'Erik Larsen',
  email: 'erik@example.com',
  company: 'Nordic MRO AS',
  country: 'no',
  courses_request: 'Part-66',
  g_recaptcha_token: CAPTCHA_TEST_TOKEN,
};

/** The request as notifications reads it: its field errors, or the request as it is stored. */
function checkContactRequest(form: Record<string, unknown>) {
  const errors = formErrors(contactSubmitSchema, form);
  return errors ? { errors } : { value: validContactRequest(contactSubmitSchema.parse(form)) };
}

describe('contact request rules', () => {
  it('normalises an accepted request: trimmed text, upper-case country, numbers from strings', () => {
    expect(checkContactRequest({ ...valid, name: '  Erik Larsen ', starting_date: ' 2026-01-31 ', group_size: ' 4 ', phone: 123 })).toEqual({
      value: {
        isPrivatePerson: false,
        name: 'Erik Larsen',
        email: 'erik@example.com',
        company: 'Nordic MRO AS',
        phone: '123',
        country: 'NO',
        coursesRequest: 'Part-66',
        startingDate: '2026-01-31',
        groupSize: 4,
      },
    });
  });

  it('accepts Yes and No in any case, and keeps line breaks in the courses request only', () => {
    expect('value' in checkContactRequest({ ...valid, is_private_person: 'yes' })).toBe(true);
    expect('value' in checkContactRequest({ ...valid, courses_request: 'line 1\nline 2\ttab' })).toBe(true);
    expect(checkContactRequest({ ...valid, company: 'A\nB' })).toEqual({ errors: { company: ['The company has an invalid format.'] } });
  });

  it('refuses a leap day that does not exist and accepts one that does', () => {
    expect(checkContactRequest({ ...valid, starting_date: '2027-02-29' })).toEqual({
      errors: { starting_date: ['The preferred starting date must be a valid date in the format YYYY-MM-DD.'] },
    });
    expect('value' in checkContactRequest({ ...valid, starting_date: '2028-02-29' })).toBe(true);
  });

  it('refuses a two-letter id that names no country, with the other problems of the form', () => {
    expect(checkContactRequest({ ...valid, country: 'XX', name: '' })).toEqual({
      errors: { name: [ContactMessages.required('name')], country: [ContactMessages.invalidChoice('country')] },
    });
  });

  it('names countries in English', () => {
    expect(countryName('NO')).toBe('Norway');
    expect(countryName('DE')).toBe('Germany');
  });
});
