import { describe, expect, it } from '@jest/globals';
import { formErrors } from '../common/form-schema.js';
import { contactRequestSchema } from './contact-request.schema.js';
import { ContactMessages } from './contact-requests.js';

const FILLED = {
  is_private_person: 'Yes',
  name: 'Erik Larsen',
  email: 'erik@nordic-mro.example',
  company: '',
  phone: '',
  country: 'NO',
  courses_request: 'Part-66 B1 modules 1 to 10.',
  starting_date: '',
  group_size: '',
  g_recaptcha_token: 'test-captcha-pass',
};

describe('contactRequestSchema (shop §3 Contact request, §5 contact form rules, §9 limits)', () => {
  it('accepts a private person’s request with the optional fields left empty', () => {
    expect(formErrors(contactRequestSchema, FILLED)).toBeNull();
  });

  it('a business must name its company; a private person’s company is not read', () => {
    expect(formErrors(contactRequestSchema, { ...FILLED, is_private_person: 'No' })).toEqual({ company: ['The company is required.'] });
    expect(formErrors(contactRequestSchema, { ...FILLED, company: 'x'.repeat(401) })).toBeNull();
    expect(formErrors(contactRequestSchema, { ...FILLED, is_private_person: 'maybe' })).toEqual({ is_private_person: ['The selected private or business choice is invalid.'] });
  });

  it('requires the name, e-mail, country, courses and the human verification', () => {
    expect(formErrors(contactRequestSchema, { is_private_person: 'Yes' })).toEqual({
      name: ['The name is required.'],
      email: ['The email is required.'],
      country: ['The country is required.'],
      courses_request: ['The courses of interest is required.'],
      g_recaptcha_token: [ContactMessages.captcha],
    });
  });

  it('text inputs take at most 400 characters and no control characters, the courses 2000 with line breaks', () => {
    expect(formErrors(contactRequestSchema, { ...FILLED, name: `${'n'.repeat(400)}\n`, courses_request: `line\n${'c'.repeat(1995)}` })).toBeNull();
    expect(formErrors(contactRequestSchema, { ...FILLED, name: `Erik\u0007${'n'.repeat(400)}`, email: 'erik@' })).toEqual({
      name: ['The name has an invalid format.', 'The name must have up to 400 characters.'],
      email: [ContactMessages.invalidEmail],
    });
  });

  it('the starting date is a real YYYY-MM-DD between 2025-04-10 and 2030-12-31; the group size a whole number of at least 1', () => {
    expect(formErrors(contactRequestSchema, { ...FILLED, starting_date: '2027-02-30', group_size: '0' })).toEqual({
      starting_date: [ContactMessages.dateFormat],
      group_size: [ContactMessages.groupSize],
    });
    expect(formErrors(contactRequestSchema, { ...FILLED, starting_date: '2031-01-01', group_size: 1.5 })).toEqual({
      starting_date: ['The preferred starting date must be between 2025-04-10 and 2030-12-31.'],
      group_size: [ContactMessages.groupSize],
    });
    expect(formErrors(contactRequestSchema, { ...FILLED, starting_date: '2027-03-01', group_size: '12' })).toBeNull();
  });
});
