import {
  AccountLimits,
  AccountMessages,
  AccountsRpc,
  DEMO_ACCOUNTS,
  DEMO_COMPANY,
  type BillingInformationDto,
  type CompanyDto,
  type CountryDto,
  type KycSubjectDto,
  type PaginationMeta,
  type ProfileDto,
} from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createUser,
  GOOD_PASSWORD,
  lastLinkToken,
  newAddress,
  resetTokenOf,
  signedIn,
  startAccountsPlatform,
  visitor,
  type AccountBrowser,
  type TestUser,
} from './support/accounts.js';
import type { Platform } from './support/platform.js';
import { actingAs } from '@aero/backend-testing';

/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SIGN_IN_REQUIRED = { message: 'Please sign in to continue.' };
const NOT_ALLOWED = { message: 'You are not allowed to do this.' };

type Errors = { message: string; errors: Record<string, string[]> };

/** `{ field: message }` as the 422 body writes it: `{ field: [message] }`. */
const fieldErrors = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));

describe('gateway: e-mail, password reset, terms, profile, billing, KYC, consents and countries', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startAccountsPlatform();
  });

  afterAll(async () => {
    await platform?.stop();
  });

  /** A new student, signed in. */
  async function newStudent(): Promise<{ user: TestUser; browser: AccountBrowser }> {
    const user = await createUser(platform);
    return { user, browser: await signedIn(platform, user.email, user.password) };
  }

  describe('e-mail verification', () => {
    it('POST /email/verify with the token of the e-mailed link verifies the address', async () => {
      const { user, browser } = await newStudent();
      const link = await lastLinkToken(platform, 'user.registered', user.id, 'verificationUrl');
      expect(link.pathname).toBe('/email/verify');
      const answer = await (await visitor(platform)).call('POST', '/email/verify', { token: link.searchParams.get('token') });
      expect(answer).toEqual(expect.objectContaining({ status: 200, body: { message: AccountMessages.verified } }));
      expect((await browser.me())?.email_verified).toBe(true);
      // The link is single-use.
      const again = await (await visitor(platform)).call('POST', '/email/verify', { token: link.searchParams.get('token') });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ token: [AccountMessages.verificationUsed] });
    });

    it.each([[{}], [{ token: '' }], [{ token: 'forged.token' }]])('answers %j with 422 under token', async (body) => {
      const answer = await (await visitor(platform)).call<Errors>('POST', '/email/verify', body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ token: [AccountMessages.verificationInvalid] });
    });

    it('POST /email/verification-notification sends a new link to the signed-in user, 3 times per 10 minutes', async () => {
      const { user, browser } = await newStudent();
      for (let i = 0; i < 3; i++) {
        expect(await browser.call('POST', '/email/verification-notification')).toEqual(
          expect.objectContaining({ status: 200, body: { message: AccountMessages.verificationResent } }),
        );
      }
      const link = await lastLinkToken(platform, 'user.email_verification_requested', user.id, 'verificationUrl');
      expect(link.searchParams.get('token')).toBeTruthy();
      const blocked = await browser.call('POST', '/email/verification-notification');
      expect(blocked.status).toBe(429);
      const seconds = Number(blocked.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(540);
      expect(blocked.body.message).toBe(`Too Many Requests. Retry in ${seconds} seconds.`);
      // Per user: signing in again (a new session) does not reset it.
      const again = await signedIn(platform, user.email, user.password);
      expect((await again.call('POST', '/email/verification-notification')).status).toBe(429);
    });

    it('resending is refused for a visitor (401) and for a verified address (422)', async () => {
      expect(await (await visitor(platform)).call('POST', '/email/verification-notification')).toEqual(
        expect.objectContaining({ status: 401, body: SIGN_IN_REQUIRED }),
      );
      const verified = await signedIn(platform, DEMO_ACCOUNTS.student.email);
      const answer = await verified.call('POST', '/email/verification-notification');
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ email: [AccountMessages.alreadyVerified] });
    });
  });

  describe('password reset', () => {
    it('e-mails a link, and the link sets a new password: { message, redirect: "/login" }', async () => {
      const user = await createUser(platform);
      const browser = await visitor(platform);
      expect(await browser.call('POST', '/password/email', { email: user.email })).toEqual(
        expect.objectContaining({ status: 200, body: { message: AccountMessages.resetLinkSent } }),
      );
      const link = await lastLinkToken(platform, 'user.password_reset_requested', user.id, 'resetUrl');
      // The link opens the web app's new-password page, /password/reset/<token>?email=….
      expect(link.pathname).toMatch(/^\/password\/reset\/[^/?]+$/);
      const reset = {
        token: resetTokenOf(link),
        email: link.searchParams.get('email'),
        password: 'Runway2027x',
        password_confirmation: 'Runway2027x',
      };
      expect(await browser.call('POST', '/password/reset', reset)).toEqual(
        expect.objectContaining({ status: 200, body: { message: AccountMessages.passwordReset, redirect: '/login' } }),
      );
      expect((await browser.signIn(user.email, 'Runway2027x')).status).toBe(200);
      // Used once, the link is spent: reported under email (the visible field of the form).
      const again = await (await visitor(platform)).call('POST', '/password/reset', { ...reset, password: 'Other2027x', password_confirmation: 'Other2027x' });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ email: [AccountMessages.resetTokenUsed] });
    });

    it('a reset ends every remember-me token of the account', async () => {
      const user = await createUser(platform);
      const remembered = await visitor(platform);
      await remembered.signIn(user.email, user.password, true);
      await (await visitor(platform)).call('POST', '/password/email', { email: user.email });
      const link = await lastLinkToken(platform, 'user.password_reset_requested', user.id, 'resetUrl');
      await (await visitor(platform)).call('POST', '/password/reset', {
        token: resetTokenOf(link),
        email: user.email,
        password: 'Runway2027x',
        password_confirmation: 'Runway2027x',
      });
      remembered.cookies.delete('aero_session');
      expect(await remembered.me()).toBeNull();
    });

    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ['a missing e-mail', {}, { email: AccountMessages.required('email') }],
      ['a bad e-mail', { email: 'lena(at)example.com' }, { email: AccountMessages.invalidEmail('email') }],
      ['an unknown e-mail', { email: 'nobody-here@example.com' }, { email: AccountMessages.resetUserNotFound }],
    ])('a request with %s is a 422 under email', async (_case, body, errors) => {
      const answer = await (await visitor(platform)).call<Errors>('POST', '/password/email', body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(fieldErrors(errors));
    });

    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ['a password mismatch', { password_confirmation: 'Hangar2027' }, { password_confirmation: AccountMessages.passwordConfirmation }],
      ['no number and no uppercase', { password: 'hangarhangar', password_confirmation: 'hangarhangar' }, { password: AccountMessages.passwordNumber }],
      ['a forged token', { token: 'forged' }, { email: AccountMessages.resetTokenInvalid }],
      ['a missing password', { password: undefined }, { password: AccountMessages.required('password') }],
    ])('a reset with %s is a 422 with the field message', async (_case, overrides, errors) => {
      const body = { token: 'forged', email: DEMO_ACCOUNTS.student.email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, ...overrides };
      const answer = await (await visitor(platform)).call<Errors>('POST', '/password/reset', body);
      expect(answer.status).toBe(422);
      for (const [field, message] of Object.entries(errors)) expect(answer.body.errors[field][0]).toBe(message);
    });

    it('allows 5 reset requests per address within 10 minutes, then 429 with the seconds', async () => {
      const address = newAddress();
      for (let i = 0; i < 5; i++) {
        expect((await (await visitor(platform, address)).call('POST', '/password/email', { email: `nobody${i}@example.com` })).status).toBe(422);
      }
      const blocked = await (await visitor(platform, address)).call('POST', '/password/email', { email: DEMO_ACCOUNTS.student.email });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(540);
      expect(blocked.body.message).toBe(`Too Many Requests. Retry in ${blocked.headers.get('retry-after')} seconds.`);
    });
  });

  describe('terms and conditions', () => {
    it('GET /api/terms answers the terms article body and its version (updated_at)', async () => {
      const answer = await (await visitor(platform)).call<{ data: { body: string; version: string } }>('GET', '/api/terms');
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.data).sort()).toEqual(['body', 'version']);
      expect(answer.body.data.body.length).toBeGreaterThan(20);
      expect(Number.isNaN(Date.parse(answer.body.data.version))).toBe(false);
    });

    it('POST /terms/accept records the acceptance: { message, redirect } with / by default', async () => {
      const { browser } = await newStudent();
      expect(await browser.call('POST', '/terms/accept', { terms_and_conditions: '1' })).toEqual(
        expect.objectContaining({ status: 200, body: { message: AccountMessages.termsAccepted, redirect: '/' } }),
      );
      const withRedirect = await browser.call('POST', '/terms/accept', { terms_and_conditions: true, redirect: '/my-courses' });
      expect(withRedirect.body.redirect).toBe('/my-courses');
      expect((await browser.me())?.terms_up_to_date).toBe(true);
    });

    it('refuses an unticked box (422), a visitor (401) and unknown fields (422)', async () => {
      const { browser } = await newStudent();
      const unticked = await browser.call<Errors>('POST', '/terms/accept', { terms_and_conditions: '0' });
      expect(unticked.status).toBe(422);
      expect(unticked.body).toEqual({ message: AccountMessages.formInvalid, errors: { terms_and_conditions: [AccountMessages.termsRequired] } });
      expect(await (await visitor(platform)).call('POST', '/terms/accept', { terms_and_conditions: '1' })).toEqual(
        expect.objectContaining({ status: 401, body: SIGN_IN_REQUIRED }),
      );
      expect((await browser.call('POST', '/terms/accept', { terms_and_conditions: '1', version: '1999-01-01' })).status).toBe(422);
    });
  });

  describe('profile', () => {
    it('GET /api/profile answers the profile page data', async () => {
      const { user, browser } = await newStudent();
      const answer = await browser.call<{ data: ProfileDto }>('GET', '/api/profile');
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual(
        expect.objectContaining({ id: user.id, email: user.email, email_change_supported: false, company: null, kyc: expect.objectContaining({ status: 'not_confirmed' }) }),
      );
    });

    it('PATCH /profile changes nick and names: { message, data }', async () => {
      const { browser } = await newStudent();
      const nick = `pilot${Date.now()}`;
      const answer = await browser.call<{ message: string; data: ProfileDto }>('PATCH', '/profile', { nick, first_name: 'Anna', last_name: 'Kowalska' });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(AccountMessages.accountUpdated);
      expect(answer.body.data).toEqual(expect.objectContaining({ nick, first_name: 'Anna', last_name: 'Kowalska', name: 'Anna Kowalska' }));
      // A field not sent keeps its value.
      const partial = await browser.call<{ data: ProfileDto }>('PATCH', '/profile', { first_name: 'Ania' });
      expect(partial.body.data).toEqual(expect.objectContaining({ nick, first_name: 'Ania', last_name: 'Kowalska' }));
    });

    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ['an emptied field', { first_name: '  ' }, { first_name: AccountMessages.required('first name') }],
      ['too-long text', { last_name: 'x'.repeat(AccountLimits.nameMax + 1) }, { last_name: AccountMessages.maxLength('last name', AccountLimits.nameMax) }],
      ['a too-short nick', { nick: 'x' }, { nick: AccountMessages.minLength('nick', AccountLimits.nickMin) }],
      ['another e-mail address', { email: 'new-address@example.com' }, { email: AccountMessages.emailChangeNotSupported }],
      ['text that is not text', { nick: { $ne: '' } }, { nick: AccountMessages.mustBeText('nick') }],
    ])('PATCH /profile with %s is a 422 under the field', async (_case, body, errors) => {
      const { browser } = await newStudent();
      const answer = await browser.call<Errors>('PATCH', '/profile', body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(fieldErrors(errors));
    });

    it('PATCH /profile with a nick another user has is a 422 under nick', async () => {
      const { data: other } = await platform.gateway.infra.rpc.call(AccountsRpc.GetUser, { userId: DEMO_ACCOUNTS.student.id });
      const { browser } = await newStudent();
      const answer = await browser.call<Errors>('PATCH', '/profile', { nick: other!.nick.toUpperCase() });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ nick: [AccountMessages.nickTaken] });
    });

    it('uploads, serves and removes the avatar', async () => {
      const { user, browser } = await newStudent();
      const uploaded = await browser.call<{ message: string; data: { avatar_url: string } }>('POST', '/profile/avatar', {
        avatar: `data:image/png;base64,${PNG_BASE64}`,
        content_type: 'image/png',
      });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.message).toBe(AccountMessages.avatarUpdated);
      expect(uploaded.body.data.avatar_url).toMatch(/^\/profile\/avatar\?v=\d+$/);

      for (const path of [`/profile/avatar/${user.id}`, uploaded.body.data.avatar_url]) {
        const image = await browser.request('GET', path);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
      }
      expect((await browser.me())?.avatar_url).toMatch(/^\/profile\/avatar\?v=\d+$/);

      expect(await browser.call('DELETE', '/profile/avatar')).toEqual(
        expect.objectContaining({ status: 200, body: { message: AccountMessages.avatarRemoved } }),
      );
      expect((await browser.call('GET', `/profile/avatar/${user.id}`)).status).toBe(404);
    });

    it('serves avatars to signed-in users only', async () => {
      const { user } = await newStudent();
      expect(await (await visitor(platform)).call('GET', `/profile/avatar/${user.id}`)).toEqual(
        expect.objectContaining({ status: 401, body: SIGN_IN_REQUIRED }),
      );
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a missing image', { content_type: 'image/png' }, AccountMessages.avatarEmpty],
      ['an unsupported type', { avatar: PNG_BASE64, content_type: 'image/gif' }, AccountMessages.avatarType],
      ['bytes that are not the declared type', { avatar: Buffer.from('GIF89a-not-a-png').toString('base64'), content_type: 'image/png' }, AccountMessages.avatarType],
      ['an image over 700 KB', { avatar: Buffer.alloc(AccountLimits.avatarMaxBytes + 3).toString('base64'), content_type: 'image/png' }, AccountMessages.avatarTooLarge],
    ])('refuses %s with 422 under avatar', async (_case, body, message) => {
      const { browser } = await newStudent();
      const answer = await browser.call<Errors>('POST', '/profile/avatar', body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.avatar).toEqual([message]);
    });

    it('saves personal information once: { message, data }, then 422', async () => {
      const { browser } = await newStudent();
      const saved = await browser.call<{ message: string; data: Record<string, unknown> }>('POST', '/profile/personal-information', {
        birth_date: '1990-05-17',
        gender: 'female',
        birth_place: 'Kaunas',
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({
        message: AccountMessages.personalInfoSaved,
        data: expect.objectContaining({ birth_date: '1990-05-17', gender: 'female', birth_place: 'Kaunas', filled: true }),
      });
      const again = await browser.call<Errors>('POST', '/profile/personal-information', { birth_date: '1991-01-01', gender: 'male' });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ personal_information: [AccountMessages.personalInfoAlreadyFilled] });
    });

    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ['missing fields', {}, { birth_date: AccountMessages.required('birth date'), gender: AccountMessages.required('gender') }],
      ['a date that does not exist', { birth_date: '1990-02-30', gender: 'male' }, { birth_date: AccountMessages.birthDateFormat }],
      ['a date in the future', { birth_date: '2999-01-01', gender: 'male' }, { birth_date: AccountMessages.birthDatePast }],
      ['an unknown gender', { birth_date: '1990-01-01', gender: 'robot' }, { gender: AccountMessages.invalidChoice('gender') }],
      ['a too-long birth place', { birth_date: '1990-01-01', gender: 'male', birth_place: 'x'.repeat(101) }, { birth_place: AccountMessages.maxLength('birth place', 100) }],
    ])('personal information with %s is a 422 under the field', async (_case, body, errors) => {
      const { browser } = await newStudent();
      const answer = await browser.call<Errors>('POST', '/profile/personal-information', body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(fieldErrors(errors));
    });

    it('PATCH /profile/password checks the current password and the new one', async () => {
      const { user, browser } = await newStudent();
      const wrong = await browser.call<Errors>('PATCH', '/profile/password', { current_password: 'Nope12345', password: 'Runway2027x', password_confirmation: 'Runway2027x' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ current_password: [AccountMessages.currentPasswordWrong] });
      const mismatch = await browser.call<Errors>('PATCH', '/profile/password', { current_password: user.password, password: 'Runway2027x', password_confirmation: 'Runway2028x' });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors).toEqual({ password_confirmation: [AccountMessages.passwordConfirmation] });
      const missing = await browser.call<Errors>('PATCH', '/profile/password', { password: 'Runway2027x', password_confirmation: 'Runway2027x' });
      expect(missing.body.errors).toEqual({ current_password: [AccountMessages.currentPasswordWrong] });
      expect((await browser.call('PATCH', '/profile/password', { current_password: user.password, password: 'Runway2027x', password_confirmation: 'Runway2027x' })).status).toBe(200);
      expect((await (await visitor(platform)).signIn(user.email, 'Runway2027x')).status).toBe(200);
    });
  });

  describe('billing and company', () => {
    const billing = {
      person: 'Lena Berg',
      email: 'billing@example.com',
      phone: '+370 600 12345',
      country: 'LT',
      city: 'Vilnius',
      address: 'Rodūnios kelias 2',
      zip: 'LT-02189',
    };

    it('GET /api/profile/billing is pre-filled until saved; PATCH /profile/billing saves it: { message }', async () => {
      const { user, browser } = await newStudent();
      const before = await browser.call<{ data: BillingInformationDto }>('GET', '/api/profile/billing');
      expect(before.body.data).toEqual(expect.objectContaining({ person: 'Lena Berg', email: user.email, updated_at: null }));
      const saved = await browser.call('PATCH', '/profile/billing', { ...billing, to_company: '1', company: 'Baltic Aero', company_code: 'BA-1', vat: 'lt100001234567' });
      expect(saved).toEqual(expect.objectContaining({ status: 200, body: { message: AccountMessages.billingUpdated } }));
      const after = await browser.call<{ data: BillingInformationDto }>('GET', '/api/profile/billing');
      expect(after.body.data).toEqual(expect.objectContaining({ ...billing, to_company: true, company: 'Baltic Aero', vat: 'LT100001234567' }));
      expect(after.body.data.updated_at).not.toBeNull();
    });

    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ['missing fields', { person: '', city: undefined }, { person: AccountMessages.required('person'), city: AccountMessages.required('city') }],
      ['a bad e-mail', { email: 'billing@' }, { email: AccountMessages.invalidEmail('email') }],
      ['too-long text', { address: 'x'.repeat(256) }, { address: AccountMessages.maxLength('address', 255) }],
      ['a bad phone number', { phone: 'call me' }, { phone: AccountMessages.invalidFormat('phone') }],
      ['the United States without a region', { country: 'us' }, { region: AccountMessages.regionRequired }],
      ['an unknown country', { country: 'XX' }, { country: AccountMessages.invalidChoice('country') }],
      ['a company bill without the company', { to_company: true }, { company: AccountMessages.required('company'), company_code: AccountMessages.required('company code'), vat: AccountMessages.required('VAT number') }],
    ])('PATCH /profile/billing with %s is a 422 under the field', async (_case, overrides, errors) => {
      const { browser } = await newStudent();
      const answer = await browser.call<Errors>('PATCH', '/profile/billing', { ...billing, ...overrides });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(fieldErrors(errors));
    });

    it('GET /api/profile/company: the company for its admin, null for staff without one, 403 for a student', async () => {
      const admin = await signedIn(platform, DEMO_ACCOUNTS.companyAdmin.email);
      const company = await admin.call<{ data: CompanyDto }>('GET', '/api/profile/company');
      expect(company.status).toBe(200);
      expect(company.body.data).toEqual(
        expect.objectContaining({ id: DEMO_COMPANY.id, name: DEMO_COMPANY.name, editable: false, change_request_message: AccountMessages.companyReadOnly }),
      );
      const staff = await signedIn(platform, DEMO_ACCOUNTS.administrator.email);
      expect(await staff.call('GET', '/api/profile/company')).toEqual(expect.objectContaining({ status: 200, body: { data: null } }));
      const student = await signedIn(platform, DEMO_ACCOUNTS.student.email);
      expect(await student.call('GET', '/api/profile/company')).toEqual(expect.objectContaining({ status: 403, body: NOT_ALLOWED }));
    });
  });

  describe('KYC', () => {
    it('a KYC user lists pending checks with pagination and search', async () => {
      const { user } = await newStudent();
      const kyc = await signedIn(platform, DEMO_ACCOUNTS.kyc.email);
      const all = await kyc.call<{ data: KycSubjectDto[]; meta: { pagination: PaginationMeta } }>('GET', '/api/kyc/pending?page=1');
      expect(all.status).toBe(200);
      expect(all.body.meta.pagination).toEqual(expect.objectContaining({ current_page: 1, per_page: 10 }));
      const found = await kyc.call<{ data: KycSubjectDto[] }>('GET', `/api/kyc/pending?search=${encodeURIComponent(user.email)}`);
      expect(found.body.data).toEqual([expect.objectContaining({ subject_type: 'user', subject_id: user.id, status: 'not_confirmed' })]);
      const badPage = await kyc.call<Errors>('GET', '/api/kyc/pending?page=zero');
      expect(badPage.status).toBe(422);
      expect(badPage.body.errors).toEqual({ page: [AccountMessages.invalidChoice('page')] });
    });

    it('approves, and declines with a reason: { message, data }', async () => {
      const first = await newStudent();
      const second = await newStudent();
      const kyc = await signedIn(platform, DEMO_ACCOUNTS.kyc.email);
      const approved = await kyc.call<{ message: string; data: KycSubjectDto }>('POST', `/kyc/user/${first.user.id}/approve`, {});
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({ message: AccountMessages.kycApproved, data: expect.objectContaining({ status: 'approved' }) });
      const declined = await kyc.call<{ message: string; data: KycSubjectDto }>('POST', `/kyc/user/${second.user.id}/decline`, { reason: 'Document unreadable' });
      expect(declined.body).toEqual({ message: AccountMessages.kycDeclined, data: expect.objectContaining({ status: 'declined', reason: 'Document unreadable' }) });
      expect((await second.browser.me())?.kyc_status).toBe('declined');
      // Decided once: a second decision is a conflict.
      expect((await kyc.call('POST', `/kyc/user/${second.user.id}/approve`, {})).status).toBe(409);
    });

    it.each<[string, string, Record<string, unknown>, number, Record<string, string> | null]>([
      ['declining without a reason', 'user/{id}/decline', {}, 422, { reason: AccountMessages.kycReasonRequired }],
      ['a too-long reason', 'user/{id}/decline', { reason: 'x'.repeat(1001) }, 422, { reason: AccountMessages.maxLength('reason', 1000) }],
      ['an unknown subject type', 'planet/{id}/approve', {}, 422, { subject_type: AccountMessages.invalidChoice('subject type') }],
      ['an unknown check', 'user/00000000-0000-4000-8000-00000000dead/approve', {}, 404, null],
    ])('answers %s', async (_case, path, body, status, errors) => {
      const { user } = await newStudent();
      const kyc = await signedIn(platform, DEMO_ACCOUNTS.kyc.email);
      const answer = await kyc.call<Errors>('POST', `/kyc/${path.replace('{id}', user.id)}`, body);
      expect(answer.status).toBe(status);
      if (errors) expect(answer.body.errors).toEqual(fieldErrors(errors));
    });
  });

  describe('consents', () => {
    it('POST /cookie-consent records a visitor\'s choice, and a signed-in user\'s: { message }', async () => {
      const guest = await visitor(platform);
      expect(await guest.call('POST', '/cookie-consent', { necessary: true, statistics: false, social: false })).toEqual(
        expect.objectContaining({ status: 200, body: { message: AccountMessages.consentRecorded } }),
      );
      const { user, browser } = await newStudent();
      expect((await browser.call('POST', '/cookie-consent', { necessary: 1, statistics: 1, social: 0 })).status).toBe(200);
      const { data } = await actingAs({ userId: user.id }, () => platform.gateway.infra.rpc.call(AccountsRpc.GetConsents, {}));
      expect(data.cookies).toEqual(expect.objectContaining({ necessary: true, statistics: true, social: false }));
    });

    it('POST /cookie-consent refuses necessary=false and unknown fields (422)', async () => {
      const guest = await visitor(platform);
      const refused = await guest.call<Errors>('POST', '/cookie-consent', { necessary: false, statistics: true, social: true });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ necessary: [AccountMessages.necessaryCookies] });
      const extra = await guest.call<Errors>('POST', '/cookie-consent', { necessary: true, marketing: true });
      expect(extra.status).toBe(422);
      expect(Object.keys(extra.body.errors)).toEqual(['marketing']);
    });

    it('PATCH /profile/update-newsletter-consent opts in with 1 and out with 0: { message }', async () => {
      const { browser } = await newStudent();
      expect(await browser.call('PATCH', '/profile/update-newsletter-consent', { opt_in: 1 })).toEqual(
        expect.objectContaining({ status: 200, body: { message: AccountMessages.newsletterSubscribed } }),
      );
      expect((await browser.me())?.newsletter_opt_in).toBe(true);
      expect(await browser.call('PATCH', '/profile/update-newsletter-consent', { opt_in: '0' })).toEqual(
        expect.objectContaining({ status: 200, body: { message: AccountMessages.newsletterUnsubscribed } }),
      );
      expect((await browser.me())?.newsletter_opt_in).toBe(false);
    });

    it('refuses another opt_in value (422) and a visitor (401)', async () => {
      const { browser } = await newStudent();
      const bad = await browser.call<Errors>('PATCH', '/profile/update-newsletter-consent', { opt_in: 'maybe' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ opt_in: [AccountMessages.invalidChoice('opt in')] });
      expect(await (await visitor(platform)).call('PATCH', '/profile/update-newsletter-consent', { opt_in: 1 })).toEqual(
        expect.objectContaining({ status: 401, body: SIGN_IN_REQUIRED }),
      );
    });
  });

  describe('countries (public)', () => {
    it('GET /countries/all lists every country as { id, name }', async () => {
      const answer = await (await visitor(platform)).call<{ data: CountryDto[] }>('GET', '/countries/all');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body.data.length).toBeGreaterThan(240);
      expect(answer.body.data).toContainEqual({ id: 'LT', name: 'Lithuania' });
    });

    it('GET /countries/search?q= matches ids and names', async () => {
      const byName = await (await visitor(platform)).call<{ data: CountryDto[] }>('GET', '/countries/search?q=lithu');
      expect(byName.body.data).toEqual([{ id: 'LT', name: 'Lithuania' }]);
      const byId = await (await visitor(platform)).call<{ data: CountryDto[] }>('GET', '/countries/search?q=de');
      expect(byId.body.data[0]).toEqual({ id: 'DE', name: 'Germany' });
      const tooLong = await (await visitor(platform)).call<Errors>('GET', `/countries/search?q=${'x'.repeat(101)}`);
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.errors).toEqual({ q: [AccountMessages.maxLength('search query', 100)] });
    });
  });

  it('every account route is in the OpenAPI document with a tag and a summary', async () => {
    const doc = (await (await fetch(`${platform.url}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    const routes: [string, string][] = [
      ['/api/me', 'get'], ['/login', 'post'], ['/logout', 'post'], ['/register', 'post'], ['/email/verify', 'post'],
      ['/email/verification-notification', 'post'], ['/password/email', 'post'], ['/password/reset', 'post'],
      ['/api/terms', 'get'], ['/terms/accept', 'post'], ['/api/profile', 'get'], ['/profile', 'patch'],
      ['/profile/avatar', 'post'], ['/profile/avatar', 'delete'], ['/profile/avatar/{userId}', 'get'],
      ['/profile/personal-information', 'post'], ['/profile/password', 'patch'], ['/api/profile/billing', 'get'],
      ['/profile/billing', 'patch'], ['/api/profile/company', 'get'], ['/api/kyc/pending', 'get'],
      ['/kyc/{subject_type}/{id}/approve', 'post'], ['/kyc/{subject_type}/{id}/decline', 'post'], ['/cookie-consent', 'post'],
      ['/profile/update-newsletter-consent', 'patch'], ['/countries/all', 'get'], ['/countries/search', 'get'],
    ];
    for (const [path, method] of routes) {
      const operation = doc.paths[path]?.[method];
      expect({ path, method, tags: operation?.tags?.length, summary: Boolean(operation?.summary) }).toEqual({ path, method, tags: 1, summary: true });
    }
  });
});
