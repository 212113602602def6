import type { AccountUserDto, BillingInformationDto, CountryDto, ProfileDto } from '@aero/contracts';

/** A signed-in user as `GET /api/me` answers it (a verified student by default). */
export function userFixture(overrides: Partial<AccountUserDto> = {}): AccountUserDto {
  return {
    id: '5a1d0000-0000-4000-8000-000000000001',
    email: 'student@aeromaint.local',
    nick: 'anna',
    first_name: 'Anna',
    last_name: 'Berg',
    name: 'Anna Berg',
    roles: ['student'],
    type: 'student',
    company_id: null,
    company_name: null,
    email_verified: true,
    status: 'active',
    review_until: null,
    restriction: null,
    terms_accepted_version: '2024-08-19',
    terms_accepted_at: '2026-01-10T09:00:00.000Z',
    terms_up_to_date: true,
    kyc_status: null,
    newsletter_opt_in: false,
    avatar_url: null,
    created_at: '2026-01-10T09:00:00.000Z',
    session_version: 1,
    ...overrides,
  };
}

/** A company admin (`company` role) of "Nordic Line Maintenance". */
export function companyAdminFixture(overrides: Partial<AccountUserDto> = {}): AccountUserDto {
  return userFixture({
    id: '5a1d0000-0000-4000-8000-000000000002',
    email: 'company@aeromaint.local',
    nick: 'lars',
    first_name: 'Lars',
    last_name: 'Nilsen',
    name: 'Lars Nilsen',
    roles: ['company'],
    type: 'company',
    company_id: 'c0a10000-0000-4000-8000-000000000001',
    company_name: 'Nordic Line Maintenance',
    kyc_status: 'approved',
    ...overrides,
  });
}

/** `GET /api/profile` for a user: nothing filled in, no company. */
export function profileFixture(user: AccountUserDto = userFixture(), overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    ...user,
    email_change_supported: false,
    personal_information: { birth_date: null, gender: null, birth_place: null, filled: false, filled_at: null },
    company: null,
    kyc: null,
    ...overrides,
  };
}

/** `GET /api/profile/billing`: a German private address. */
export function billingFixture(overrides: Partial<BillingInformationDto> = {}): BillingInformationDto {
  return {
    person: 'Anna Berg',
    email: 'student@aeromaint.local',
    phone: '+49 30 1234567',
    country: 'DE',
    region: '',
    city: 'Berlin',
    address: 'Hangarstraße 1',
    zip: '10115',
    to_company: false,
    company: '',
    company_code: '',
    vat: '',
    updated_at: null,
    ...overrides,
  };
}

/** A few countries of `GET /countries/all` (ISO ids, English names, sorted). */
export const COUNTRIES_FIXTURE: CountryDto[] = [
  { id: 'AT', name: 'Austria' },
  { id: 'CA', name: 'Canada' },
  { id: 'DE', name: 'Germany' },
  { id: 'MX', name: 'Mexico' },
  { id: 'NO', name: 'Norway' },
  { id: 'GB', name: 'United Kingdom' },
  { id: 'US', name: 'United States' },
];
