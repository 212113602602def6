import { AccountsRpc, DEMO_ACCOUNTS, type AccountRole, type EmployeeDto, type InvitationDto } from '@aero/contracts';
import { actingAs, studentForm, unique, waitFor } from '@aero/backend-testing';
import { expect } from '@jest/globals';
import { signedIn, type AccountBrowser, type TestUser } from './accounts.js';
import { queryDb, type Platform } from './platform.js';

/** The demo company admin (company@aeromaint.local). */
export const COMPANY_ADMIN_EMAIL = 'company@aeromaint.local';

/** A new company: its owner registered a corporate account (role `company`), signed in. */
export async function newCompany(platform: Platform, name = `Aero ${unique('co')}`): Promise<{ admin: AccountBrowser; user: TestUser; companyId: string }> {
  const form = studentForm({
    is_corporate: '1',
    company_name: name,
    company_code: unique('code'),
    vat_number: 'LT100001234567',
    company_country: 'LT',
    city: 'Vilnius',
    address: 'Rodūnios kelias 2',
    zip: 'LT-02189',
  });
  const { data } = await platform.gateway.infra.rpc.call(AccountsRpc.Register, form);
  expect(data.company_id).toEqual(expect.any(String));
  const user = { id: data.id, email: data.email, password: form.password! };
  return { admin: await signedIn(platform, user.email, user.password), user, companyId: data.company_id! };
}

/** The link token of the latest invitation e-mail of this invitation (from the accounts outbox). */
export async function invitationToken(platform: Platform, invitationId: string, after = 0): Promise<string> {
  const url = await waitFor(
    async () => {
      const rows = await queryDb<{ url: string }>(
        platform,
        `SELECT payload->'data'->>'inviteUrl' AS url FROM accounts_invitations.outbox
          WHERE type = 'invitation.sent' AND payload->'data'->>'invitationId' = $1 ORDER BY created_at, id`,
        [invitationId],
      );
      return rows.length > after ? rows[rows.length - 1].url : null;
    },
    { what: 'invitation.sent' },
  );
  return new URL(url!).searchParams.get('invitation')!;
}

/**
 * A member of the admin's company holding exactly `role`: invited by the admin, registered from
 * the invitation link (so they belong to the company), then given the role by the demo
 * administrator; signed in.
 */
export async function companyMember(platform: Platform, admin: AccountBrowser, role: AccountRole): Promise<{ browser: AccountBrowser; user: TestUser }> {
  const email = `${unique(role.replace('_', ''))}@example.com`;
  const invited = await admin.call<{ data: InvitationDto }>('POST', '/invitations', { email });
  expect(invited.status).toBe(201);
  const token = await invitationToken(platform, invited.body.data.id);
  const form = studentForm({ email, invitation_token: token });
  const { data } = await platform.gateway.infra.rpc.call(AccountsRpc.Register, form);
  await actingAs({ userId: DEMO_ACCOUNTS.administrator.id }, () => platform.gateway.infra.rpc.call(AccountsRpc.SetRoles, { userId: data.id, roles: [role] }));
  const user = { id: data.id, email, password: form.password! };
  return { browser: await signedIn(platform, email, form.password), user };
}

/** Adds an employee through the API (fails the test when refused). */
export async function addEmployee(browser: AccountBrowser, fields: Record<string, unknown> = {}): Promise<EmployeeDto> {
  const name = `Mechanic ${unique('n')}`;
  const answer = await browser.call<{ data: EmployeeDto }>('POST', '/employees', { name, email: `${unique('e')}@example.com`, ...fields });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

export interface OutboxEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  data: T;
}

/** Events of accounts-invitations' outbox of one type whose data contains `where`. */
export async function accountsEvents<T = Record<string, unknown>>(platform: Platform, type: string, where: Record<string, unknown>): Promise<OutboxEvent<T>[]> {
  return queryDb<OutboxEvent<T>>(
    platform,
    `SELECT id, type, payload->'data' AS data FROM accounts_invitations.outbox WHERE type = $1 AND payload->'data' @> $2::jsonb ORDER BY created_at, id`,
    [type, JSON.stringify(where)],
  );
}
