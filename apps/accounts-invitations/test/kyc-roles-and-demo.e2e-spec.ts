import {
  ACCOUNT_ROLES,
  AccountMessages,
  AccountsRpc,
  can,
  DEMO_ACCOUNTS,
  DEMO_COMPANY,
  InvitationsRpc,
  KycRpc,
  ProfileRpc,
  type AccountRole,
  type Capability,
  type KycDecided,
} from '@aero/contracts';
import { actingAs, testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { seedDemoAccounts } from '../src/seed/demo-accounts.seed.js';
import { corporateForm, DEMO_PASSWORD, outboxEvents, publishedEvent, register, rejection, startAccounts, unique, userWithRoles } from './support/accounts-test-kit.js';

describe('KYC, the role matrix and the demo accounts', () => {
  const kit = testKit(startAccounts);
  const kycUser = DEMO_ACCOUNTS.kyc.id;
  const admin = DEMO_ACCOUNTS.administrator.id;

  describe('KYC review', () => {
    it('lists pending companies and individual buyers, oldest first, with pagination', async () => {
      const student = await register(kit);
      const corporate = await kit.rpc.call(AccountsRpc.Register, corporateForm());
      const list = await actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.ListPending, { per_page: 50 }));
      const keys = list.data.map((s) => `${s.subject_type}:${s.subject_id}`);
      expect(keys).toEqual(expect.arrayContaining([`user:${DEMO_ACCOUNTS.student.id}`, `user:${student.data.id}`, `company:${corporate.data.company_id}`]));
      // Approved companies, company members and staff are not pending.
      expect(keys).not.toContain(`company:${DEMO_COMPANY.id}`);
      expect(keys).not.toContain(`user:${corporate.data.id}`);
      expect(keys).not.toContain(`user:${kycUser}`);
      expect(list.data.every((s) => s.status === 'not_confirmed')).toBe(true);
      const created = list.data.map((s) => s.created_at);
      expect([...created].sort()).toEqual(created);
      expect(list.meta.pagination).toEqual(expect.objectContaining({ per_page: 50, current_page: 1, total: list.data.length }));

      const companies = await actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.ListPending, { subject_type: 'company', search: 'baltic' }));
      expect(companies.data.every((s) => s.subject_type === 'company' && /baltic/i.test(s.name))).toBe(true);
      expect(companies.data.find((s) => s.subject_id === corporate.data.company_id)).toEqual(
        expect.objectContaining({ email: corporate.data.email, country: 'LT', vat_number: 'LT100001234567' }),
      );
      const paged = await actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.ListPending, { per_page: 10, page: 999 }));
      expect(paged.data).toEqual([]);
      expect(paged.meta.pagination.current_page).toBe(999);
    });

    it('approves a pending user once and publishes kyc.decided once', async () => {
      const { data } = await register(kit);
      const result = await actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'user', subject_id: data.id, decision: 'approve' }));
      expect(result).toEqual(expect.objectContaining({ message: AccountMessages.kycApproved, data: expect.objectContaining({ status: 'approved', reason: null }) }));
      expect((await kit.rpc.call(AccountsRpc.GetUser, { userId: data.id })).data?.kyc_status).toBe('approved');
      const event = await publishedEvent<KycDecided>(kit, 'kyc.decided', { subjectId: data.id });
      expect(event.payload.data).toEqual(expect.objectContaining({ subjectType: 'user', userId: data.id, email: data.email, status: 'approved', decidedBy: kycUser }));
      const again = await rejection(actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'user', subject_id: data.id, decision: 'decline', reason: 'x' })));
      expect(again).toEqual(expect.objectContaining({ status: 409, message: AccountMessages.kycAlreadyDecided }));
      expect(await outboxEvents(kit, 'kyc.decided', { subjectId: data.id })).toHaveLength(1);
    });

    it('requires a reason to decline, and shows it to the company on its profile', async () => {
      const corporate = await kit.rpc.call(AccountsRpc.Register, corporateForm());
      const companyId = corporate.data.company_id!;
      for (const reason of [undefined, '', '   ']) {
        const payload = await rejection(actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'company', subject_id: companyId, decision: 'decline', reason })));
        expect(payload.errors).toEqual({ reason: [AccountMessages.kycReasonRequired] });
      }
      const tooLong = await rejection(
        actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'company', subject_id: companyId, decision: 'decline', reason: 'r'.repeat(1001) })),
      );
      expect(tooLong.errors).toEqual({ reason: ['The reason must have up to 1000 characters.'] });
      await actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'company', subject_id: companyId, decision: 'decline', reason: 'Registry extract missing' }));
      const profile = await actingAs({ userId: corporate.data.id }, () => kit.rpc.call(ProfileRpc.Get, {}));
      expect(profile.data.kyc).toEqual(expect.objectContaining({ status: 'declined', reason: 'Registry extract missing' }));
      const event = await publishedEvent<KycDecided>(kit, 'kyc.decided', { subjectId: companyId });
      expect(event.payload.data).toEqual(
        expect.objectContaining({ subjectType: 'company', companyId, userId: corporate.data.id, status: 'declined', reason: 'Registry extract missing' }),
      );
    });

    it('refuses bad input, unknown subjects and a KYC user deciding their own check', async () => {
      const bad = await rejection(actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'robot' as 'user', subject_id: 'x', decision: 'maybe' as 'approve' })));
      expect(bad.errors).toEqual({ subject_type: ['The selected subject type is invalid.'], decision: ['The selected decision is invalid.'] });
      const unknown = await rejection(
        actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'user', subject_id: '00000000-0000-4000-8000-000000000000', decision: 'approve' })),
      );
      expect(unknown.status).toBe(404);
      const self = await register(kit);
      await actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetRoles, { userId: self.data.id, roles: ['student', 'kyc'] }));
      const own = await rejection(actingAs({ userId: self.data.id }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'user', subject_id: self.data.id, decision: 'approve' })));
      expect(own).toEqual(expect.objectContaining({ status: 403, message: AccountMessages.kycOwn }));
    });

    it('lets only one of two KYC users deciding the same check at once win', async () => {
      const { data } = await register(kit);
      const results = await Promise.allSettled([
        actingAs({ userId: kycUser }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'user', subject_id: data.id, decision: 'approve' })),
        actingAs({ userId: admin }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'user', subject_id: data.id, decision: 'decline', reason: 'Duplicate' })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await outboxEvents(kit, 'kyc.decided', { subjectId: data.id })).toHaveLength(1);
    });

    it('is refused (403) to a student and a company admin', async () => {
      const { data } = await register(kit);
      for (const actorId of [data.id, DEMO_ACCOUNTS.companyAdmin.id]) {
        expect((await rejection(actingAs({ userId: actorId }, () => kit.rpc.call(KycRpc.ListPending, {})))).status).toBe(403);
        expect((await rejection(actingAs({ userId: actorId }, () => kit.rpc.call(KycRpc.Decide, { subject_type: 'user', subject_id: data.id, decision: 'approve' })))).status).toBe(403);
      }
    });
  });

  describe('the permission matrix is enforced for every role', () => {
    /** Each guarded RPC of this service and the capability it needs. */
    const guarded: { capability: Capability; call: (actorId: string, target: string, role: AccountRole) => Promise<unknown> }[] = [
      { capability: 'kyc.review', call: (actorId) => actingAs({ userId: actorId }, () => kit.rpc.call(KycRpc.ListPending, {})) },
      { capability: 'users.manage', call: (actorId, target) => actingAs({ userId: actorId }, () => kit.rpc.call(AccountsRpc.SetRoles, { userId: target, roles: ['student'] })) },
      {
        capability: 'users.manage',
        call: (actorId, target) => actingAs({ userId: actorId }, () => kit.rpc.call(AccountsRpc.SetAccountStatus, { subject_type: 'user', subject_id: target, status: 'active' })),
      },
      { capability: 'company.view', call: (actorId) => actingAs({ userId: actorId }, () => kit.rpc.call(ProfileRpc.GetCompany, {})) },
      {
        capability: 'invitations.manage',
        // Who is acting travels in the request context: here a member of the demo company holding the role.
        call: (actorId, _target, role) =>
          actingAs({ userId: actorId, roles: [role], companyId: DEMO_COMPANY.id }, () =>
            kit.rpc.call(InvitationsRpc.Create, { email: `${unique()}@example.com` }),
          ),
      },
      { capability: 'profile.manage_own', call: (actorId) => actingAs({ userId: actorId }, () => kit.rpc.call(ProfileRpc.Get, {})) },
      { capability: 'newsletter.subscribe', call: (actorId) => actingAs({ userId: actorId }, () => kit.rpc.call(AccountsRpc.UpdateNewsletterConsent, { opt_in: 1 })) },
    ];

    it.each(ACCOUNT_ROLES.map((role) => [role]))('%s: refused exactly where the matrix says no', async (role: AccountRole) => {
      const actor = await userWithRoles(kit, [role]);
      const target = (await register(kit)).data.id;
      const denied: Capability[] = [];
      for (const { capability, call } of guarded) {
        const status = await call(actor, target, role).then(
          () => 200,
          (error: { payload?: { status: number } }) => error.payload?.status ?? 500,
        );
        if (can([role], capability)) expect([capability, status]).not.toEqual([capability, 403]);
        else {
          expect([capability, status]).toEqual([capability, 403]);
          denied.push(capability);
        }
      }
      // Every role but the administrator is refused something here.
      if (role !== 'administrator') expect(denied.length).toBeGreaterThan(0);
    });

    it('the administrator cannot remove their own administrator role, nor grant an unknown role', async () => {
      const payload = await rejection(actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetRoles, { userId: admin, roles: ['student'] })));
      expect(payload.errors).toEqual({ roles: ['You cannot remove your own administrator role.'] });
      const invalid = await rejection(actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetRoles, { userId: admin, roles: ['root' as AccountRole] })));
      expect(invalid.errors).toEqual({ roles: ['The selected role is invalid.'] });
    });

    it('roles granted by an administrator show on the user and take effect at once', async () => {
      const { data } = await register(kit);
      const updated = await actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetRoles, { userId: data.id, roles: ['reports_viewer', 'student'] }));
      expect(updated.data.roles).toEqual(['student', 'reports_viewer']);
      expect((await rejection(actingAs({ userId: data.id }, () => kit.rpc.call(KycRpc.ListPending, {})))).status).toBe(403);
      await actingAs({ userId: admin }, () => kit.rpc.call(AccountsRpc.SetRoles, { userId: data.id, roles: ['kyc'] }));
      await actingAs({ userId: data.id }, () => kit.rpc.call(KycRpc.ListPending, {}));
    });
  });

  describe('demo accounts', () => {
    const expected: [keyof typeof DEMO_ACCOUNTS, AccountRole[]][] = [
      ['student', ['student']],
      ['companyAdmin', ['company']],
      ['kyc', ['kyc']],
      ['administrator', ['administrator']],
      ['instructor', ['instructor']],
    ];

    it.each(expected)('%s signs in with the demo password, verified, with its fixed id and roles', async (key, roles) => {
      const { id, email } = DEMO_ACCOUNTS[key];
      const { data } = await kit.rpc.call(AccountsRpc.Authenticate, { email, password: DEMO_PASSWORD });
      expect(data).toEqual(expect.objectContaining({ id, email, roles, email_verified: true, terms_up_to_date: true }));
    });

    it('seeding again changes nothing (idempotent)', async () => {
      const snapshot = () =>
        kit.service.infra.dataSource.query(
          `SELECT u.id, u.password_hash, u.company_id, (SELECT count(*) FROM accounts_invitations.companies) AS companies,
                  (SELECT count(*) FROM accounts_invitations.user_roles r WHERE r.user_id = u.id) AS roles
             FROM accounts_invitations.users u WHERE u.id = ANY($1::uuid[]) ORDER BY u.id`,
          [Object.values(DEMO_ACCOUNTS).map((a) => a.id)],
        );
      const before = await snapshot();
      await seedDemoAccounts(kit.service.infra.dataSource);
      expect(await snapshot()).toEqual(before);
      expect(before).toHaveLength(5);
    });
  });
});
