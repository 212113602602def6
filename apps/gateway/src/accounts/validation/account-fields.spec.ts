import { AccountMessages } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { toFieldErrors } from '../../errors/validation.pipe.js';
import { BillingDto } from '../dto/billing.dto.js';
import { RegisterDto } from '../dto/registration.dto.js';

async function errorsOf<T extends object>(dto: new () => T, body: Record<string, unknown>): Promise<Record<string, string[]>> {
  return toFieldErrors(await validate(plainToInstance(dto, body), { whitelist: true, forbidNonWhitelisted: true }));
}

const valid = {
  nick: 'lena',
  first_name: 'Lena',
  last_name: 'Berg',
  email: 'lena@example.com',
  password: 'Hangar2026',
  password_confirmation: 'Hangar2026',
  terms_and_conditions: 'on',
};

describe('account form fields at the edge (the accounts service\'s rules and messages)', () => {
  it('accepts a valid registration', async () => {
    expect(await errorsOf(RegisterDto, valid)).toEqual({});
  });

  it('lists a password\'s problems in the service\'s order: length, number, uppercase', async () => {
    const errors = await errorsOf(RegisterDto, { ...valid, password: 'short', password_confirmation: 'short' });
    expect(errors).toEqual({
      password: [AccountMessages.minLength('password', 8), AccountMessages.passwordNumber, AccountMessages.passwordUppercase],
    });
  });

  it('says only "required" for a missing field, and only "must be text" for an object', async () => {
    const errors = await errorsOf(RegisterDto, { ...valid, nick: undefined, first_name: { $gt: '' } });
    expect(errors).toEqual({ nick: [AccountMessages.required('nick')], first_name: [AccountMessages.mustBeText('first name')] });
  });

  it('trims text and takes numbers as text, like the service', async () => {
    expect(await errorsOf(RegisterDto, { ...valid, nick: '  x  ' })).toEqual({ nick: [AccountMessages.minLength('nick', 2)] });
    expect(await errorsOf(RegisterDto, { ...valid, nick: 12345 })).toEqual({});
  });

  it('checks the e-mail format only once its length is valid', async () => {
    const errors = await errorsOf(RegisterDto, { ...valid, email: `${'a'.repeat(256)}` });
    expect(errors).toEqual({ email: [AccountMessages.maxLength('email', 255)] });
  });

  it('checks company fields only for a corporate account, and refuses one from an invitation', async () => {
    expect(await errorsOf(RegisterDto, { ...valid, company_name: 'x'.repeat(300) })).toEqual({});
    expect(await errorsOf(RegisterDto, { ...valid, type: 'company' })).toEqual(
      expect.objectContaining({ company_name: [AccountMessages.required('company name')] }),
    );
    expect(await errorsOf(RegisterDto, { ...valid, email: undefined, invitation_token: 'abc', is_corporate: '1' })).toEqual({
      is_corporate: [AccountMessages.invitationCorporate],
    });
  });

  it('requires a region for the United States, Canada and Mexico only', async () => {
    const billing = { person: 'Lena Berg', email: 'b@example.com', country: 'CA', city: 'Toronto', address: 'King St 1', zip: 'M5H 2N2' };
    expect(await errorsOf(BillingDto, billing)).toEqual({ region: [AccountMessages.regionRequired] });
    expect(await errorsOf(BillingDto, { ...billing, region: 'Ontario' })).toEqual({});
    expect(await errorsOf(BillingDto, { ...billing, country: 'LT' })).toEqual({});
  });
});
