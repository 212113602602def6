import { actingAs, testKit } from '@aero/backend-testing';
import { AccountMessages, AccountsRpc, DEMO_ACCOUNTS, DEMO_COMPANY, ProfileRpc, type UpdateBillingRequest } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { corporateForm, register, rejection, startAccounts, TINY_JPEG_HEADER, TINY_PNG, TINY_WEBP, userWithRoles } from './support/accounts-test-kit.js';

describe('profile, avatar, personal information, billing and account restriction', () => {
  const kit = testKit(startAccounts);

  const admin = DEMO_ACCOUNTS.administrator.id;

  describe('account data', () => {
    it('answers the profile of the actor, with the e-mail marked as not changeable', async () => {
      const { data } = await register(kit);
      const profile = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.Get, {}));
      expect(profile.data).toEqual(
        expect.objectContaining({
          id: data.id,
          email: data.email,
          email_change_supported: false,
          personal_information: { birth_date: null, gender: null, birth_place: null, filled: false, filled_at: null },
          company: null,
          kyc: { status: 'not_confirmed', reason: null, decided_at: null },
        }),
      );
    });

    it('updates nick and names with the registration rules, and refuses an e-mail change', async () => {
      const { data } = await register(kit);
      const updated = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateAccount, { nick: `${data.nick}x`, first_name: 'Lina', last_name: 'Borg' }));
      expect(updated.message).toBe(AccountMessages.accountUpdated);
      expect(updated.data).toEqual(expect.objectContaining({ nick: `${data.nick}x`, first_name: 'Lina', last_name: 'Borg', name: 'Lina Borg' }));
      const payload = await rejection(
        actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateAccount, { first_name: '', email: 'new@example.com', nick: 'demo-student' })),
      );
      expect(payload.errors).toEqual({
        first_name: ['The first name is required.'],
        email: [AccountMessages.emailChangeNotSupported],
        nick: [AccountMessages.nickTaken],
      });
    });
  });

  describe('avatar', () => {
    it('stores PNG, JPEG and WebP images and serves the latest one back to its owner', async () => {
      const { data } = await register(kit);
      for (const [content_type, content_base64] of [
        ['image/jpeg', TINY_JPEG_HEADER],
        ['image/webp', TINY_WEBP],
        ['image/png', `data:image/png;base64,${TINY_PNG}`],
      ]) {
        const result = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UploadAvatar, { content_type, content_base64 }));
        expect(result.avatar_url).toMatch(/^\/profile\/avatar\?v=\d+$/);
      }
      const avatar = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.GetAvatar, {}));
      expect(avatar.data).toEqual(expect.objectContaining({ content_type: 'image/png', content_base64: TINY_PNG, size: 70 }));
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data?.avatar_url).toMatch(/^\/profile\/avatar\?v=/);
      await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.RemoveAvatar, {}));
      expect((await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.GetAvatar, {}))).data).toBeNull();
    });

    it('refuses other types, files whose bytes are not the declared image, empty files and malformed base64', async () => {
      const { data } = await register(kit);
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64');
      const cases: [string, string, string][] = [
        ['image/gif', gif, AccountMessages.avatarType],
        ['image/svg+xml', Buffer.from('<svg/>').toString('base64'), AccountMessages.avatarType],
        ['image/png', Buffer.from('%PDF-1.7 not an image').toString('base64'), AccountMessages.avatarType],
        ['image/jpeg', TINY_PNG, AccountMessages.avatarType],
        ['image/png', '', AccountMessages.avatarEmpty],
        ['image/png', '!!!not base64!!!', AccountMessages.avatarEmpty],
      ];
      for (const [content_type, content_base64, message] of cases) {
        const payload = await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UploadAvatar, { content_type, content_base64 })));
        expect(payload).toEqual(expect.objectContaining({ status: 422, errors: { avatar: [message] } }));
      }
    });
    // The 700 KB limit itself is covered byte-exactly by src/profile/avatar-rules.spec.ts.
  });

  describe('personal information for certificates', () => {
    it('is saved once; a second attempt is refused and changes nothing', async () => {
      const { data } = await register(kit);
      const saved = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.SavePersonalInfo, { birth_date: '1990-05-17', gender: 'female', birth_place: 'Gdańsk' }));
      expect(saved.data).toEqual(expect.objectContaining({ birth_date: '1990-05-17', gender: 'female', birth_place: 'Gdańsk', filled: true }));
      const again = await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.SavePersonalInfo, { birth_date: '1991-01-01', gender: 'male' })));
      expect(again).toEqual(
        expect.objectContaining({ status: 422, errors: { personal_information: [AccountMessages.personalInfoAlreadyFilled] } }),
      );
      expect((await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.Get, {}))).data.personal_information.birth_date).toBe('1990-05-17');
    });

    it('lets only one of two simultaneous first fillings through', async () => {
      const { data } = await register(kit);
      const results = await Promise.allSettled([
        actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.SavePersonalInfo, { birth_date: '1980-01-01', gender: 'male' })),
        actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.SavePersonalInfo, { birth_date: '1981-01-01', gender: 'female' })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    });

    it('requires a real past date in YYYY-MM-DD and a gender of male or female', async () => {
      const { data } = await register(kit);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const cases: [Record<string, string>, Record<string, string[]>][] = [
        [{}, { birth_date: ['The birth date is required.'], gender: ['The gender is required.'] }],
        [{ birth_date: '17.05.1990', gender: 'female' }, { birth_date: [AccountMessages.birthDateFormat] }],
        [{ birth_date: '1990-02-30', gender: 'female' }, { birth_date: [AccountMessages.birthDateFormat] }],
        [{ birth_date: tomorrow, gender: 'female' }, { birth_date: [AccountMessages.birthDatePast] }],
        [{ birth_date: '1990-05-17', gender: 'other' }, { gender: ['The selected gender is invalid.'] }],
      ];
      for (const [input, errors] of cases) {
        const payload = await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.SavePersonalInfo, { ...input })));
        expect(payload.errors).toEqual(errors);
      }
      expect((await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.Get, {}))).data.personal_information.filled).toBe(false);
    });
  });

  describe('billing information', () => {
    const valid: Omit<UpdateBillingRequest, 'actorId'> = {
      person: 'Lena Berg',
      email: 'billing@example.com',
      phone: '+49 30 1234567',
      country: 'DE',
      city: 'Berlin',
      address: 'Flughafenstraße 1',
      zip: '12529',
    };

    it('is pre-filled from the account until saved, then answers what was saved with the success message', async () => {
      const { data } = await register(kit);
      const before = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.GetBilling, {}));
      expect(before.data).toEqual(expect.objectContaining({ person: 'Lena Berg', email: data.email, to_company: false, updated_at: null }));
      const saved = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, { ...valid, company: 'ignored', redirect: '/cart/credentials' }));
      expect(saved.message).toBe('Billing information updated successfully.');
      expect(saved.redirect).toBe('/cart/credentials');
      expect(saved.data).toEqual(expect.objectContaining({ ...valid, region: '', to_company: false, company: '', company_code: '', vat: '' }));
      expect((await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.GetBilling, {}))).data).toEqual(saved.data);
    });

    it('pre-fills a company account with its company as the bill-to party', async () => {
      const { data } = await kit.rpc.call(AccountsRpc.Register, corporateForm());
      const billing = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.GetBilling, {}));
      expect(billing.data).toEqual(expect.objectContaining({ to_company: true, company: 'Baltic Aero Technics', vat: 'LT100001234567', country: 'LT' }));
    });

    it('requires person, email, country, city, address and zip, and checks their format', async () => {
      const { data } = await register(kit);
      const empty = await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, {})));
      expect(empty.errors).toEqual({
        person: ['The person is required.'],
        email: ['The email is required.'],
        country: ['The country is required.'],
        city: ['The city is required.'],
        address: ['The address is required.'],
        zip: ['The zip code is required.'],
      });
      const bad = await rejection(
        actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, { ...valid, email: 'x@', country: 'ZZ', phone: 'call me', city: 'c'.repeat(101) })),
      );
      expect(bad.errors).toEqual({
        email: ['The email must be a valid email address.'],
        country: ['The selected country is invalid.'],
        phone: ['The phone has an invalid format.'],
        city: ['The city must have up to 100 characters.'],
      });
    });

    it('requires the region for the United States, Canada and Mexico only', async () => {
      const { data } = await register(kit);
      for (const country of ['US', 'CA', 'MX', 'us']) {
        const payload = await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, { ...valid, country })));
        expect(payload.errors).toEqual({ region: [AccountMessages.regionRequired] });
      }
      const withRegion = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, { ...valid, country: 'ca', region: 'Quebec' }));
      expect(withRegion.data).toEqual(expect.objectContaining({ country: 'CA', region: 'Quebec' }));
      await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, { ...valid, country: 'FR' }));
    });

    it('requires company, company code and VAT when billing to a company', async () => {
      const { data } = await register(kit);
      const payload = await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, { ...valid, to_company: '1' })));
      expect(payload.errors).toEqual({
        company: ['The company is required.'],
        company_code: ['The company code is required.'],
        vat: ['The VAT number is required.'],
      });
      const saved = await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, { ...valid, to_company: true, company: 'Berg Aero GmbH', company_code: 'HRB 1234', vat: 'de123456789' }));
      expect(saved.data).toEqual(expect.objectContaining({ to_company: true, company: 'Berg Aero GmbH', vat: 'DE123456789' }));
    });
  });

  describe('company details', () => {
    it('are read-only for the company admin, with the "contact support" text', async () => {
      const company = await actingAs({ userId: DEMO_ACCOUNTS.companyAdmin.id }, () => kit.rpc.call(ProfileRpc.GetCompany, {}));
      expect(company.data).toEqual(
        expect.objectContaining({ id: DEMO_COMPANY.id, name: DEMO_COMPANY.name, editable: false, change_request_message: AccountMessages.companyReadOnly }),
      );
      const profile = await actingAs({ userId: DEMO_ACCOUNTS.companyAdmin.id }, () => kit.rpc.call(ProfileRpc.Get, {}));
      expect(profile.data.company?.id).toBe(DEMO_COMPANY.id);
      expect(profile.data.kyc?.status).toBe('approved');
    });

    it('are refused to a student (no company) and to a company employee who is not an admin', async () => {
      const { data } = await register(kit);
      expect((await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.GetCompany, {})))).status).toBe(403);
      const employee = await userWithRoles(kit, ['employee']);
      await kit.service.infra.dataSource.query('UPDATE accounts_invitations.users SET company_id = $2 WHERE id = $1', [employee, DEMO_COMPANY.id]);
      expect((await rejection(actingAs({ userId: employee }, () => kit.rpc.call(ProfileRpc.GetCompany, {})))).status).toBe(403);
      // Even holding the `company` role, a member of another company only ever sees their own company.
      const other = await kit.rpc.call(AccountsRpc.Register, corporateForm());
      expect((await actingAs({ userId: other.data.id }, () => kit.rpc.call(ProfileRpc.GetCompany, {}))).data.id).toBe(other.data.company_id);
    });
  });

  describe('account restriction (ban, compliance review up to three days)', () => {
    it('reports a ban with its notice; a banned user keeps the profile and may withdraw consents, but not subscribe', async () => {
      const { data } = await register(kit);
      await actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetAccountStatus, { subject_type: 'user', subject_id: data.id, status: 'banned' }));
      const user = (await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data!;
      expect(user.status).toBe('banned');
      expect(user.restriction).toEqual({ status: 'banned', scope: 'user', review_until: null, message: AccountMessages.banned });
      await actingAs({ userId: data.id }, () => kit.rpc.call(ProfileRpc.Get, {}));
      expect((await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: 1 })))).status).toBe(403);
      // Withdrawing a consent stays possible whatever the account's state.
      await actingAs({ userId: data.id }, () => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: 0 }));
      await actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetAccountStatus, { subject_type: 'user', subject_id: data.id, status: 'active' }));
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data?.restriction).toBeNull();
    });

    it('reports a company compliance review to its members with the end time, at most three days ahead', async () => {
      const corporate = await kit.rpc.call(AccountsRpc.Register, corporateForm());
      const result = await actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetAccountStatus, { subject_type: 'company', subject_id: corporate.data.company_id!, status: 'compliance_review' }));
      const until = Date.parse(result.data.review_until!);
      expect(until - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
      expect(until - Date.now()).toBeLessThanOrEqual(3 * 86_400_000);
      const user = (await kit.rpc.call(AccountsRpc.GetUser, { userId: corporate.data.id })).data!;
      expect(user.restriction).toEqual({
        status: 'compliance_review',
        scope: 'company',
        review_until: result.data.review_until,
        message: AccountMessages.companyComplianceReview,
      });
      const tooLong = await rejection(
        actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetAccountStatus, { subject_type: 'user', subject_id: corporate.data.id, status: 'compliance_review', review_days: 4 })),
      );
      expect(tooLong.errors).toEqual({ review_days: [AccountMessages.reviewTooLong] });
    });

    it('ends a compliance review by itself when its time is up', async () => {
      const { data } = await register(kit);
      await actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetAccountStatus, { subject_type: 'user', subject_id: data.id, status: 'compliance_review', review_days: 1 }));
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data?.status).toBe('compliance_review');
      await kit.service.infra.dataSource.query(
        `UPDATE accounts_invitations.users SET review_until = now() - interval '1 minute' WHERE id = $1`,
        [data.id],
      );
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data).toEqual(expect.objectContaining({ status: 'active', restriction: null }));
    });
  });

  describe('ownership: the actor comes from the session, never from the body', () => {
    it('user A reading or changing "their" profile, billing, avatar or consents only ever touches A', async () => {
      const a = await register(kit);
      const b = await register(kit);
      await actingAs({ userId: b.data.id }, () => kit.rpc.call(ProfileRpc.UpdateBilling, { ...{ person: 'B', email: 'b@example.com', country: 'FR', city: 'Paris', address: '1 rue', zip: '75001' } }));
      // A smuggles B's id in every field a handler could mistake for a target.
      const smuggled = { actorId: b.data.id, userId: b.data.id, id: b.data.id, user_id: b.data.id } as unknown as Record<string, never>;
      const asA = <T>(call: () => Promise<T>) => actingAs({ userId: a.data.id }, call);
      const profile = await asA(() => kit.rpc.call(ProfileRpc.Get, smuggled));
      expect(profile.data.id).toBe(a.data.id);
      const billing = await asA(() => kit.rpc.call(ProfileRpc.GetBilling, smuggled));
      expect(billing.data.person).toBe('Lena Berg');
      await asA(() => kit.rpc.call(ProfileRpc.UpdateAccount, { ...smuggled, first_name: 'Changed' }));
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: b.data.id })).data?.first_name).toBe('Lena');
      await asA(() => kit.rpc.call(ProfileRpc.UploadAvatar, { ...smuggled, content_type: 'image/png', content_base64: TINY_PNG }));
      expect((await actingAs({ userId: b.data.id }, () => kit.rpc.call(ProfileRpc.GetAvatar, {}))).data).toBeNull();
      await asA(() => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { ...smuggled, opt_in: 1 }));
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: b.data.id })).data?.newsletter_opt_in).toBe(false);
      await asA(() => kit.rpc.call(ProfileRpc.SavePersonalInfo, { ...smuggled, birth_date: '1990-01-01', gender: 'male' }));
      expect((await actingAs({ userId: b.data.id }, () => kit.rpc.call(ProfileRpc.Get, {}))).data.personal_information.filled).toBe(false);
    });

    it('a missing, malformed or unknown actor id is 401, never another user', async () => {
      for (const actorId of [undefined, '', 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const payload = await rejection(actingAs({ userId: actorId as string }, () => kit.rpc.call(ProfileRpc.Get, {})));
        expect(payload).toEqual(expect.objectContaining({ status: 401, message: AccountMessages.unauthenticated }));
      }
    });
  });
});
