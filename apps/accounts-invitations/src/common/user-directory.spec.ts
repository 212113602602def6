import { AccountMessages } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { restrictionOf, toUserDto, type UserRecord } from './user-directory.js';

const now = new Date('2026-06-15T12:00:00Z');
const user = (overrides: Partial<UserRecord> = {}): UserRecord => ({
  id: 'u1',
  email: 'a@example.com',
  nick: 'a',
  first_name: 'Ann',
  last_name: 'Lee',
  password_hash: 'secret-hash',
  type: 'student',
  company_id: null,
  status: 'active',
  review_until: null,
  email_verified_at: null,
  terms_version: '2024-08-19',
  terms_accepted_at: now,
  newsletter_opt_in: false,
  kyc_status: 'not_confirmed',
  kyc_reason: null,
  kyc_decided_at: null,
  birth_date: null,
  gender: null,
  birth_place: null,
  personal_info_filled_at: null,
  created_at: now,
  company_name: null,
  company_status: null,
  company_review_until: null,
  company_kyc_status: null,
  roles: ['student'],
  avatar_updated_at: null,
  session_version: 1,
  ...overrides,
});

describe('account restriction', () => {
  it('is none for an active user in an active company', () => {
    expect(restrictionOf(user({ company_id: 'c', company_status: 'active' }), now)).toBeNull();
  });

  it("reports the user's ban before a company review, and the company's ban before the user's review", () => {
    const until = new Date('2026-06-16T12:00:00Z');
    expect(restrictionOf(user({ status: 'banned', company_id: 'c', company_status: 'compliance_review', company_review_until: until }), now)?.scope).toBe('user');
    expect(restrictionOf(user({ status: 'compliance_review', review_until: until, company_id: 'c', company_status: 'banned' }), now)).toEqual({
      status: 'banned',
      scope: 'company',
      review_until: null,
      message: AccountMessages.companyBanned,
    });
  });

  it('ends a compliance review at review_until', () => {
    const until = new Date('2026-06-15T12:00:00Z');
    expect(restrictionOf(user({ status: 'compliance_review', review_until: until }), new Date(until.getTime() - 1))?.status).toBe('compliance_review');
    expect(restrictionOf(user({ status: 'compliance_review', review_until: until }), until)).toBeNull();
  });
});

describe('the user as answered to the gateway', () => {
  it('never carries the password hash, and reports the company KYC for company members', () => {
    const dto = toUserDto(user({ company_id: 'c', company_kyc_status: 'approved', kyc_status: null }), now);
    expect(JSON.stringify(dto)).not.toContain('secret-hash');
    expect(dto.kyc_status).toBe('approved');
    expect(dto.terms_up_to_date).toBe(true);
    expect(toUserDto(user({ terms_version: null }), now).terms_up_to_date).toBe(false);
  });

  it('orders roles as the role list does', () => {
    expect(toUserDto(user({ roles: ['reports_viewer', 'student', 'administrator'] }), now).roles).toEqual(['administrator', 'student', 'reports_viewer']);
  });
});
