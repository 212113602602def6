import {
  AccountMessages,
  AccountsRpc,
  DEMO_ACCOUNTS,
  DEMO_COMPANY,
  InvitationsRpc,
  ProfileRpc,
  type InvitationSent,
  type UserNewsletterConsentChanged,
  type UserRegistered,
} from '@aero/contracts';
import { actingAs, inSession, testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { corporateForm, outboxEvents, publishedEvent, register, rejection, startAccounts, streamEvents, studentForm, unique } from './support/accounts-test-kit.js';

describe('registration (AccountsRpc.Register)', () => {
  const kit = testKit(startAccounts);

  describe('a valid registration', () => {
    it('creates a verified-pending student with the student role, terms accepted now, and redirects to /profile', async () => {
      const form = studentForm({ email: `  Mixed.${unique()}@Example.com ` });
      const result = await kit.rpc.call(AccountsRpc.Register, form);
      expect(result.redirect).toBe('/profile');
      expect(result.message).toBe(AccountMessages.registered);
      expect(result.data).toEqual(
        expect.objectContaining({
          email: form.email!.trim(),
          nick: form.nick,
          first_name: 'Lena',
          last_name: 'Berg',
          name: 'Lena Berg',
          roles: ['student'],
          type: 'student',
          company_id: null,
          email_verified: false,
          status: 'active',
          restriction: null,
          terms_up_to_date: true,
          kyc_status: 'not_confirmed',
          newsletter_opt_in: false,
        }),
      );
      expect(Date.now() - Date.parse(result.data.terms_accepted_at!)).toBeLessThan(60_000);
    });

    it('stores the password as an Argon2id hash, never as given', async () => {
      const { data } = await register(kit);
      const [row]: { password_hash: string }[] = await kit.service.infra.dataSource.query(
        'SELECT password_hash FROM accounts_invitations.users WHERE id = $1',
        [data.id],
      );
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(row.password_hash).not.toContain('Hangar2026');
    });

    it('keeps a safe redirect path and replaces an off-site one with /profile', async () => {
      expect((await register(kit, { redirect: '/cart?step=2' })).redirect).toBe('/cart?step=2');
      expect((await register(kit, { redirect: 'https://evil.example/' })).redirect).toBe('/profile');
      expect((await register(kit, { redirect: '//evil.example/' })).redirect).toBe('/profile');
    });

    it('publishes user.registered once through the outbox, with a signed verification link on PUBLIC_BASE_URL', async () => {
      const { data } = await register(kit);
      const row = await publishedEvent<UserRegistered>(kit, 'user.registered', { userId: data.id });
      expect(await outboxEvents(kit, 'user.registered', { userId: data.id })).toHaveLength(1);
      const event = row.payload.data;
      expect(event).toEqual(
        expect.objectContaining({ userId: data.id, email: data.email, name: 'Lena Berg', type: 'student', emailVerified: false }),
      );
      expect(event.verificationUrl).toMatch(/^http:\/\/localhost:3000\/email\/verify\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(Date.parse(event.verificationExpiresAt!)).toBeGreaterThan(Date.now());
      const inStream = (await streamEvents(kit)).filter((e) => e.type === 'user.registered' && e.data.userId === data.id);
      expect(inStream).toHaveLength(1);
      expect(inStream[0].id).toBe(row.id);
    });

    it('puts the page the registration came from (the checkout) in the verification link, so the verified page leads back there', async () => {
      const { data } = await register(kit, { redirect: '/cart/credentials' });
      const event = (await publishedEvent<UserRegistered>(kit, 'user.registered', { userId: data.id })).payload.data;
      const link = new URL(event.verificationUrl!);
      expect(link.pathname).toBe('/email/verify');
      expect(link.searchParams.get('redirect')).toBe('/cart/credentials');
      expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      const offSite = await register(kit, { redirect: 'https://evil.example/' });
      const offSiteEvent = (await publishedEvent<UserRegistered>(kit, 'user.registered', { userId: offSite.data.id })).payload.data;
      expect(new URL(offSiteEvent.verificationUrl!).searchParams.has('redirect')).toBe(false);
    });

    it('records the newsletter opt-in and publishes user.newsletter_consent_changed only when newsletters is ticked', async () => {
      const ticked = await register(kit, { newsletters: 'on' });
      expect(ticked.data.newsletter_opt_in).toBe(true);
      const row = await publishedEvent<UserNewsletterConsentChanged>(kit, 'user.newsletter_consent_changed', { userId: ticked.data.id });
      expect(row.payload.data).toEqual(expect.objectContaining({ optIn: true, source: 'registration', policyVersion: '2024-08-19' }));
      const consents: { opt_in: boolean; policy_version: string }[] = await kit.service.infra.dataSource.query(
        `SELECT opt_in, policy_version FROM accounts_invitations.consents WHERE user_id = $1 AND kind = 'newsletter'`,
        [ticked.data.id],
      );
      expect(consents).toEqual([{ opt_in: true, policy_version: '2024-08-19' }]);

      const unticked = await register(kit, { newsletters: '0' });
      expect(unticked.data.newsletter_opt_in).toBe(false);
      expect(await outboxEvents(kit, 'user.newsletter_consent_changed', { userId: unticked.data.id })).toHaveLength(0);
    });

    it('records cookie consents given in the registration form with the visitor session', async () => {
      const sessionId = unique('session');
      const { data } = await inSession(sessionId, null, () => register(kit, { necessary_cookies_consent: '1', statistics_cookies_consent: '1', social_cookies_consent: '0' }));
      const consent = await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.GetConsents, {}));
      expect(consent.data.cookies).toEqual(expect.objectContaining({ necessary: true, statistics: true, social: false, policy_version: '2024-08-19' }));
      const bySession = await inSession(sessionId, null, () => kit.rpc.call(AccountsRpc.GetConsents, {}));
      expect(bySession.data.cookies?.statistics).toBe(true);
    });
  });

  describe('bad input answers 422 with a message under each field', () => {
    it('requires every personal field, the password and the terms', async () => {
      const payload = await rejection(kit.rpc.call(AccountsRpc.Register, {}));
      expect(payload.status).toBe(422);
      expect(payload.message).toBe(AccountMessages.formInvalid);
      expect(payload.errors).toEqual({
        nick: ['The nick is required.'],
        first_name: ['The first name is required.'],
        last_name: ['The last name is required.'],
        email: ['The email is required.'],
        password: ['The password is required.'],
        terms_and_conditions: ['You must accept the terms and conditions.'],
      });
    });

    it('treats blank text as missing', async () => {
      const payload = await rejection(register(kit, { first_name: '   ', last_name: '' }));
      expect(payload.errors?.first_name).toEqual(['The first name is required.']);
      expect(payload.errors?.last_name).toEqual(['The last name is required.']);
    });

    it('refuses text longer than its limit', async () => {
      const payload = await rejection(register(kit, { nick: 'n'.repeat(51), first_name: 'f'.repeat(101), last_name: 'l'.repeat(101) }));
      expect(payload.errors).toEqual({
        nick: ['The nick must have up to 50 characters.'],
        first_name: ['The first name must have up to 100 characters.'],
        last_name: ['The last name must have up to 100 characters.'],
      });
      const short = await rejection(register(kit, { nick: 'n' }));
      expect(short.errors).toEqual({ nick: ['The nick must have at least 2 characters.'] });
    });

    it('refuses a malformed e-mail address', async () => {
      for (const email of ['not-an-email', 'a@b', 'two@@example.com', 'spaces in@example.com']) {
        const payload = await rejection(register(kit, { email }));
        expect(payload.errors).toEqual({ email: ['The email must be a valid email address.'] });
      }
    });

    it('refuses non-text values instead of crashing', async () => {
      const payload = await rejection(register(kit, { first_name: { $ne: '' } as unknown as string, email: ['x@example.com'] as unknown as string }));
      expect(payload.errors).toEqual({ first_name: ['The first name must be text.'], email: ['The email must be text.'] });
    });

    it('requires the confirmation to match the password', async () => {
      const payload = await rejection(register(kit, { password_confirmation: 'Hangar2027' }));
      expect(payload.errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    });

    it('requires at least 8 characters, a number and an uppercase letter (decisions #1)', async () => {
      const cases: [string, string[]][] = [
        ['Short1', ['The password must have at least 8 characters.']],
        ['nouppercase1', ['The password must contain at least one uppercase letter.']],
        ['NoNumberHere', ['The password must contain at least one number.']],
        ['abc', ['The password must have at least 8 characters.', 'The password must contain at least one number.', 'The password must contain at least one uppercase letter.']],
      ];
      for (const [password, messages] of cases) {
        const payload = await rejection(register(kit, { password, password_confirmation: password }));
        expect(payload.errors).toEqual({ password: messages });
      }
    });

    it('requires the terms to be accepted', async () => {
      for (const terms_and_conditions of [undefined, '0', false, 'no']) {
        const payload = await rejection(register(kit, { terms_and_conditions }));
        expect(payload.errors).toEqual({ terms_and_conditions: ['You must accept the terms and conditions.'] });
      }
    });

    it('refuses an unknown account type', async () => {
      const payload = await rejection(register(kit, { type: 'administrator' }));
      expect(payload.errors).toEqual({ type: ['The selected type is invalid.'] });
    });

    it('refuses an e-mail already taken, whatever its letter case, and a taken nick', async () => {
      const first = await register(kit);
      const payload = await rejection(register(kit, { email: first.data.email.toUpperCase() }));
      expect(payload.errors).toEqual({ email: ['The email has already been taken.'] });
      const nick = await rejection(register(kit, { nick: first.data.nick.toUpperCase() }));
      expect(nick.errors).toEqual({ nick: ['The nick has already been taken.'] });
      const demo = await rejection(register(kit, { email: DEMO_ACCOUNTS.student.email }));
      expect(demo.errors?.email).toEqual(['The email has already been taken.']);
    });

    it('lets only one of two simultaneous registrations of the same e-mail through', async () => {
      const email = `${unique()}@example.com`;
      const results = await Promise.allSettled([register(kit, { email }), register(kit, { email })]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rows: unknown[] = await kit.service.infra.dataSource.query('SELECT 1 FROM accounts_invitations.users WHERE lower(email) = lower($1)', [email]);
      expect(rows).toHaveLength(1);
    });

    it('writes nothing and publishes nothing for a refused registration', async () => {
      const email = `${unique()}@example.com`;
      await rejection(register(kit, { email, password_confirmation: 'nope' }));
      const rows: unknown[] = await kit.service.infra.dataSource.query('SELECT 1 FROM accounts_invitations.users WHERE email = $1', [email]);
      expect(rows).toHaveLength(0);
      expect(await outboxEvents(kit, 'user.registered', { email })).toHaveLength(0);
    });
  });

  describe('corporate accounts', () => {
    it('makes a company account owned by the registering company admin', async () => {
      const form = corporateForm();
      const { data } = await kit.rpc.call(AccountsRpc.Register, form);
      expect(data).toEqual(expect.objectContaining({ type: 'company', roles: ['company'], company_name: 'Baltic Aero Technics', kyc_status: 'not_confirmed' }));
      const company = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.GetCompany, {}));
      expect(company.data).toEqual(
        expect.objectContaining({
          id: data.company_id,
          name: 'Baltic Aero Technics',
          code: 'BAT-1',
          vat_number: 'LT100001234567',
          country: 'LT',
          country_name: 'Lithuania',
          city: 'Vilnius',
          zip: 'LT-02189',
          editable: false,
          change_request_message: AccountMessages.companyReadOnly,
        }),
      );
      const [owner]: { owner_user_id: string }[] = await kit.service.infra.dataSource.query(
        'SELECT owner_user_id FROM accounts_invitations.companies WHERE id = $1',
        [data.company_id],
      );
      expect(owner.owner_user_id).toBe(data.id);
    });

    it('treats type "company" like the ticked is_corporate box', async () => {
      const { data } = await kit.rpc.call(AccountsRpc.Register, corporateForm({ is_corporate: undefined, type: 'company' }));
      expect(data.type).toBe('company');
    });

    it('requires company name, country, city, address and zip; code and VAT are optional', async () => {
      const payload = await rejection(
        kit.rpc.call(
          AccountsRpc.Register,
          corporateForm({ company_name: '', company_country: '', city: '', address: '', zip: '', company_code: '', vat_number: '' }),
        ),
      );
      expect(payload.errors).toEqual({
        company_name: ['The company name is required.'],
        company_country: ['The company country is required.'],
        city: ['The city is required.'],
        address: ['The address is required.'],
        zip: ['The zip code is required.'],
      });
      const optional = await kit.rpc.call(AccountsRpc.Register, corporateForm({ company_code: '', vat_number: '' }));
      expect(optional.data.type).toBe('company');
    });

    it('refuses an unknown company country and malformed or too long company fields', async () => {
      const payload = await rejection(
        kit.rpc.call(AccountsRpc.Register, corporateForm({ company_country: 'XX', vat_number: 'LT 1/2', zip: '#12', company_code: 'c'.repeat(51) })),
      );
      expect(payload.errors).toEqual({
        company_country: ['The selected company country is invalid.'],
        vat_number: ['The VAT number has an invalid format.'],
        zip: ['The zip code has an invalid format.'],
        company_code: ['The company code must have up to 50 characters.'],
      });
    });

    it('ignores company fields sent with an unticked is_corporate: a student without a company', async () => {
      const { data } = await kit.rpc.call(AccountsRpc.Register, corporateForm({ is_corporate: '0', company_country: 'not checked' }));
      expect(data).toEqual(expect.objectContaining({ type: 'student', roles: ['student'], company_id: null }));
      const [row]: { count: number }[] = await kit.service.infra.dataSource.query(
        'SELECT count(*)::int AS count FROM accounts_invitations.companies WHERE owner_user_id = $1',
        [data.id],
      );
      expect(row.count).toBe(0);
    });
  });

  describe('registration from an invitation', () => {
    /** An invitation by the demo company admin, with the token of the link its e-mail carries. */
    async function invite(email = `${unique()}@example.com`) {
      const answer = await actingAs({ userId: DEMO_ACCOUNTS.companyAdmin.id, roles: ['company'], companyId: DEMO_COMPANY.id }, () =>
        kit.rpc.call(InvitationsRpc.Create, { email, department: 'Line maintenance' }),
      );
      const [sent] = await outboxEvents<InvitationSent>(kit, 'invitation.sent', { invitationId: answer.data.id });
      return { ...answer, token: new URL(sent.payload.data.inviteUrl).searchParams.get('invitation')! };
    }

    it('shows the invitation e-mail read-only and uses it whatever e-mail the form sends', async () => {
      const invitation = await invite();
      const lookup = await kit.rpc.call(InvitationsRpc.Lookup, { token: invitation.token });
      expect(lookup.data).toEqual({ email: invitation.data.email, company_name: 'Nordic Line Maintenance', status: 'pending' });
      const { data, message } = await register(kit, { invitation_token: invitation.token, email: 'someone-else@example.com' });
      expect(message).toBe(AccountMessages.registeredByInvitation);
      expect(data).toEqual(
        expect.objectContaining({
          email: invitation.data.email,
          roles: ['student', 'employee'],
          type: 'student',
          company_id: invitation.data.company_id,
          email_verified: true,
        }),
      );
      const event = await publishedEvent<UserRegistered>(kit, 'user.registered', { userId: data.id });
      expect(event.payload.data).toEqual(expect.objectContaining({ emailVerified: true, verificationUrl: null, invitationId: invitation.data.id }));
    });

    it('forbids a corporate account', async () => {
      const invitation = await invite();
      const payload = await rejection(kit.rpc.call(AccountsRpc.Register, corporateForm({ invitation_token: invitation.token })));
      expect(payload.errors).toEqual({ is_corporate: [AccountMessages.invitationCorporate] });
    });

    it('accepts an invitation once; an unknown token is refused', async () => {
      const invitation = await invite();
      await register(kit, { invitation_token: invitation.token });
      const again = await rejection(register(kit, { invitation_token: invitation.token }));
      expect(again.errors).toEqual({ invitation_token: [AccountMessages.invitationInvalid] });
      const unknown = await rejection(register(kit, { invitation_token: 'not-a-real-token' }));
      expect(unknown.errors).toEqual({ invitation_token: [AccountMessages.invitationInvalid] });
      const lookup = await rejection(kit.rpc.call(InvitationsRpc.Lookup, { token: invitation.token }));
      expect(lookup.status).toBe(422);
    });

    it('stores only a hash of the invitation token', async () => {
      const invitation = await invite();
      const rows: { token_hash: string }[] = await kit.service.infra.dataSource.query(
        'SELECT token_hash FROM accounts_invitations.invitations WHERE id = $1',
        [invitation.data.id],
      );
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].token_hash).not.toBe(invitation.token);
    });

    it('refuses a second pending invitation of the same e-mail to the same company', async () => {
      const invitation = await invite();
      const payload = await rejection(invite(invitation.data.email.toUpperCase()));
      expect(payload.errors).toEqual({ email: [AccountMessages.invitationDuplicate] });
    });
  });
});
