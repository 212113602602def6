import {
  AccountMessages,
  DEMO_COMPANY,
  EmployeeMessages,
  INVITATION_RESEND_INTERVAL_SECONDS,
  InvitationsRpc,
  type AccountUserDto,
  type EmployeeDto,
  type InvitationAccepted,
  type InvitationDto,
  type PaginationMeta,
} from '@aero/contracts';
import { studentForm, unique, waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createUser, lastLinkToken, signedIn, startAccountsPlatform, visitor, type AccountBrowser } from './support/accounts.js';
import { accountsEvents, COMPANY_ADMIN_EMAIL, companyMember, invitationToken, newCompany } from './support/employees.js';
import { startWithMailCatcher, type CaughtMessage, type MailCatcher } from './support/mail-catcher.js';
import { queryDb, type Platform } from './support/platform.js';

type InvitationList = { success: boolean; data: InvitationDto[]; meta: { pagination: PaginationMeta } };

const SUBJECT = `${DEMO_COMPANY.name} invites you to its Student List - AeroMaint Academy`;
const NOT_FOUND = { message: EmployeeMessages.invitationNotFound, code: 'not_found' };

describe("gateway: invitations to a company's Student List (learning §2, §4, §7, §8)", () => {
  jest.setTimeout(60_000);
  let platform: Platform;
  let catcher: MailCatcher;
  let admin: AccountBrowser;
  let rival: AccountBrowser;

  beforeAll(async () => {
    ({ platform, smtp: catcher } = await startWithMailCatcher(startAccountsPlatform));
    admin = await signedIn(platform, COMPANY_ADMIN_EMAIL);
    rival = (await newCompany(platform)).admin;
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  async function invite(fields: Record<string, unknown> = {}): Promise<InvitationDto> {
    const answer = await admin.call<{ success: boolean; data: InvitationDto }>('POST', '/invitations', {
      email: `${unique('invitee')}@example.com`,
      ...fields,
    });
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  /** The e-mails caught for this address, once notifications has sent `count` of them. */
  async function emailsTo(address: string, count: number): Promise<CaughtMessage[]> {
    return waitFor<CaughtMessage[] | null>(() => (catcher.find(address, SUBJECT).length >= count ? catcher.find(address, SUBJECT) : null), {
      what: `${count} invitation e-mail(s) to ${address}`,
      timeoutMs: 20_000,
    }) as Promise<CaughtMessage[]>;
  }

  /** Lets the resend throttle of this invitation pass, as if the last e-mail went out long enough ago. */
  async function sentLongAgo(id: string): Promise<void> {
    await queryDb(platform, `UPDATE accounts_invitations.invitations SET last_sent_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      id,
      INVITATION_RESEND_INTERVAL_SECONDS + 1,
    ]);
  }

  describe('inviting (POST /invitations)', () => {
    it('creates a pending invitation with division, department and position, and e-mails the link once', async () => {
      const email = `${unique('ana')}@example.com`;
      const answer = await admin.call<{ success: boolean; message: string; data: InvitationDto }>('POST', '/invitations', {
        email,
        division: 'Base',
        department: 'Hangar 1',
        position: 'B1 mechanic',
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        success: true,
        message: AccountMessages.invitationCreated,
        data: expect.objectContaining({ email, division: 'Base', department: 'Hangar 1', position: 'B1 mechanic', status: 'pending', company_name: DEMO_COMPANY.name }),
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/token/);
      const [mail] = await emailsTo(email, 1);
      const token = await invitationToken(platform, answer.body.data.id);
      // The link of the e-mail: the registration form with the e-mail read-only.
      expect(mail.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=')).toContain(`/register?invitation=${token}`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(catcher.find(email, SUBJECT)).toHaveLength(1);
    });

    it('refuses a second pending invitation of the same e-mail, and bad fields', async () => {
      const first = await invite();
      const again = await admin.call('POST', '/invitations', { email: first.email.toUpperCase() });
      expect(again.status).toBe(422);
      expect(again.body).toEqual(expect.objectContaining({ errors: { email: [AccountMessages.invitationDuplicate] } }));
      const bad = await admin.call('POST', '/invitations', { email: 'nope', position: 'x'.repeat(101) });
      expect(bad.body).toEqual({
        message: AccountMessages.formInvalid,
        errors: { email: ['The email must be a valid email address.'], position: ['The position must have up to 100 characters.'] },
      });
    });
  });

  describe("'My pending invitations' (GET /api/invitations)", () => {
    it('answers success, data and meta.pagination: pending ones, oldest first, 10 a page, searchable', async () => {
      const tag = unique('list');
      const made: InvitationDto[] = [];
      for (let i = 0; i < 11; i++) made.push(await invite({ department: `${tag} ${i}` }));
      const page1 = await admin.call<InvitationList>('GET', `/api/invitations?search_query=${tag}&page=1`);
      expect(page1.status).toBe(200);
      expect(page1.body.success).toBe(true);
      expect(page1.body.data.map((i) => i.id)).toEqual(made.slice(0, 10).map((i) => i.id));
      expect(page1.body.meta.pagination).toEqual({ total: 11, count: 10, per_page: 10, current_page: 1, total_pages: 2 });
      const page2 = await admin.call<InvitationList>('GET', `/api/invitations?search_query=${tag}&page=2`);
      expect(page2.body.data.map((i) => i.id)).toEqual([made[10].id]);
      const one = await admin.call<InvitationList>('GET', `/api/invitations?search_query=${encodeURIComponent(made[3].email)}`);
      expect(one.body.data.map((i) => i.id)).toEqual([made[3].id]);
      const unknownField = await admin.call('GET', '/api/invitations?search=x');
      expect(unknownField.status).toBe(422);
    });
  });

  describe('editing (GET /api/invitations/{id}, PATCH /invitations/{id})', () => {
    it('changes division, department and position; a new e-mail gets a new link and the old one stops working', async () => {
      const invitation = await invite({ division: 'Old' });
      const oldToken = await invitationToken(platform, invitation.id);
      expect((await admin.call<{ data: InvitationDto }>('GET', `/api/invitations/${invitation.id}`)).body.data).toEqual(invitation);
      const edited = await admin.call<{ success: boolean; message: string; data: InvitationDto }>('PATCH', `/invitations/${invitation.id}`, {
        division: 'New',
        position: 'Planner',
      });
      expect(edited.body).toEqual({
        success: true,
        message: EmployeeMessages.invitationUpdated,
        data: expect.objectContaining({ email: invitation.email, division: 'New', position: 'Planner' }),
      });
      const email = `${unique('moved')}@example.com`;
      const moved = await admin.call<{ data: InvitationDto }>('PATCH', `/invitations/${invitation.id}`, { email });
      expect(moved.body.data.email).toBe(email);
      const newToken = await invitationToken(platform, invitation.id, 1);
      expect(newToken).not.toBe(oldToken);
      await emailsTo(email, 1);
      const oldLink = await platform.gateway.infra.rpc.call(InvitationsRpc.Lookup, { token: oldToken }).catch((e: { payload: { status: number } }) => e.payload);
      expect(oldLink).toEqual(expect.objectContaining({ status: 422 }));
      const blank = await admin.call('PATCH', `/invitations/${invitation.id}`, { email: '' });
      expect(blank.body).toEqual(expect.objectContaining({ errors: { email: ['The email is required.'] } }));
    });
  });

  describe('resending (POST /invitations/{id}/resend)', () => {
    it('answers 429 with a message saying when it may be tried again while the last e-mail is recent', async () => {
      const invitation = await invite();
      const answer = await admin.call<{ message: string }>('POST', `/invitations/${invitation.id}/resend`);
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe(EmployeeMessages.invitationResendTooSoon(INVITATION_RESEND_INTERVAL_SECONDS));
      expect(answer.body.message).toBe('This invitation was sent recently. You may resend it in 5 minutes.');
    });

    it("resends once the time is up: 'Invitation resent successfully!', one more e-mail, a new link", async () => {
      const invitation = await invite();
      await emailsTo(invitation.email, 1);
      const first = await invitationToken(platform, invitation.id);
      await sentLongAgo(invitation.id);
      const answer = await admin.call('POST', `/invitations/${invitation.id}/resend`);
      expect(answer).toEqual(expect.objectContaining({ status: 200, body: { success: true, message: 'Invitation resent successfully!' } }));
      const second = await invitationToken(platform, invitation.id, 1);
      expect(second).not.toBe(first);
      await emailsTo(invitation.email, 2);
      // Asked again at once: the throttle holds again.
      const soon = await admin.call<{ message: string }>('POST', `/invitations/${invitation.id}/resend`);
      expect(soon.status).toBe(429);
      expect(soon.body.message).toMatch(/You may resend it in [45] minutes\.$/);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(catcher.find(invitation.email, SUBJECT)).toHaveLength(2);
    });

    it('two resends at once send one e-mail', async () => {
      const invitation = await invite();
      await emailsTo(invitation.email, 1);
      await sentLongAgo(invitation.id);
      const answers = await Promise.all([1, 2, 3].map(() => admin.call('POST', `/invitations/${invitation.id}/resend`)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
      await emailsTo(invitation.email, 2);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(catcher.find(invitation.email, SUBJECT)).toHaveLength(2);
    });
  });

  describe('removing (DELETE /invitations/{id})', () => {
    it("answers success and 'The invitation has been removed.'; it leaves the list and its link stops working", async () => {
      const invitation = await invite();
      const token = await invitationToken(platform, invitation.id);
      const removed = await admin.call('DELETE', `/invitations/${invitation.id}`);
      expect(removed).toEqual(expect.objectContaining({ status: 200, body: { success: true, message: 'The invitation has been removed.' } }));
      const list = await admin.call<InvitationList>('GET', `/api/invitations?search_query=${encodeURIComponent(invitation.email)}`);
      expect(list.body.data).toEqual([]);
      expect(await admin.call('DELETE', `/invitations/${invitation.id}`)).toEqual(expect.objectContaining({ status: 404, body: NOT_FOUND }));
      const register = await (await visitor(platform)).call('POST', '/register', { ...studentForm(), invitation_token: token });
      expect(register.status).toBe(422);
      // Invited again after removal: a new invitation.
      expect((await admin.call('POST', '/invitations', { email: invitation.email })).status).toBe(201);
    });
  });

  describe('accepting', () => {
    it('registering from the link makes the person an employee of the company, in the list and the pickers', async () => {
      const invitation = await invite({ department: 'Avionics', position: 'B2 engineer' });
      const token = await invitationToken(platform, invitation.id);
      const browser = await visitor(platform);
      const form = studentForm({ first_name: 'Rasa', last_name: 'Kairė', email: 'ignored@example.com', invitation_token: token });
      const registered = await browser.call('POST', '/register', form);
      expect(registered.status).toBe(200);
      const me = (await browser.me())!;
      expect(me).toEqual(expect.objectContaining({ email: invitation.email, company_id: DEMO_COMPANY.id, roles: ['student', 'employee'] }));

      const search = await admin.call<{ data: EmployeeDto[] }>('GET', `/employees-search?limit=100&query=${encodeURIComponent(invitation.email)}`);
      expect(search.body.data).toEqual([
        expect.objectContaining({ name: 'Rasa Kairė', email: invitation.email, department: 'Avionics', position: 'B2 engineer', user_id: me.id }),
      ]);
      const list = await admin.call<{ data: EmployeeDto[] }>('GET', `/api/employees?search=${encodeURIComponent(invitation.email)}`);
      expect(list.body.data.map((e) => e.id)).toEqual([search.body.data[0].id]);
      const [event] = await accountsEvents<InvitationAccepted>(platform, 'invitation.accepted', { invitationId: invitation.id });
      expect(event.data).toEqual(
        expect.objectContaining({ companyId: DEMO_COMPANY.id, userId: me.id, employeeId: search.body.data[0].id, via: 'registration' }),
      );
      expect(await accountsEvents(platform, 'employee.created', { employeeId: search.body.data[0].id, source: 'invitation' })).toHaveLength(1);
      const pending = await admin.call<InvitationList>('GET', `/api/invitations?search_query=${encodeURIComponent(invitation.email)}`);
      expect(pending.body.data).toEqual([]);
    });

    it('an account with that e-mail sees the pending invitation after sign-in and joins (the popup)', async () => {
      const user = await createUser(platform);
      const verify = await lastLinkToken(platform, 'user.registered', user.id, 'verificationUrl');
      expect((await (await visitor(platform)).call('POST', '/email/verify', { token: verify.searchParams.get('token') })).status).toBe(200);
      // The company already had them as an employee without an account: the same employee is linked.
      const known = await admin.call<{ data: EmployeeDto }>('POST', '/employees', { name: 'Known Person', email: user.email });
      const invitation = await invite({ email: user.email, division: 'Line' });
      const person = await signedIn(platform, user.email, user.password);

      const check = await person.call('GET', '/api/invitations/pending');
      expect(check).toEqual(expect.objectContaining({ status: 200, body: { inviting_company: { id: DEMO_COMPANY.id, company_name: DEMO_COMPANY.name } } }));
      const joined = await person.call<{ success: boolean; message: string; data: { employee_id: string } }>('POST', '/invitations/accept');
      expect(joined.status).toBe(200);
      expect(joined.body).toEqual({
        success: true,
        message: EmployeeMessages.invitationAccepted(DEMO_COMPANY.name),
        data: { company_id: DEMO_COMPANY.id, company_name: DEMO_COMPANY.name, employee_id: known.body.data.id },
      });
      expect(await person.call('GET', '/api/invitations/pending')).toEqual(expect.objectContaining({ body: { inviting_company: null } }));
      const me = (await person.me()) as AccountUserDto;
      expect(me).toEqual(expect.objectContaining({ company_id: DEMO_COMPANY.id, roles: expect.arrayContaining(['employee']) }));
      const employee = await admin.call<{ data: EmployeeDto }>('GET', `/api/employees/${known.body.data.id}`);
      expect(employee.body.data).toEqual(expect.objectContaining({ name: 'Known Person', user_id: user.id, division: 'Line' }));
      const [event] = await accountsEvents<InvitationAccepted>(platform, 'invitation.accepted', { invitationId: invitation.id });
      expect(event.data.via).toBe('popup');
      expect(await accountsEvents(platform, 'employee.updated', { employeeId: known.body.data.id })).toHaveLength(1);
      expect((await person.call('POST', '/invitations/accept')).status).toBe(404);
    });

    it("does not offer a member of another company this company's invitation, nor let them join it", async () => {
      const { browser: member, user } = await companyMember(platform, rival, 'employee');
      const invitation = await invite({ email: user.email });
      expect(await member.call('GET', '/api/invitations/pending')).toEqual(expect.objectContaining({ status: 200, body: { inviting_company: null } }));
      const join = await member.call('POST', '/invitations/accept');
      expect(join).toEqual(expect.objectContaining({ status: 409, body: expect.objectContaining({ message: EmployeeMessages.invitationOtherCompany }) }));
      const me = (await member.me()) as AccountUserDto;
      expect(me.company_id).not.toBe(DEMO_COMPANY.id);
      expect((await admin.call<{ data: InvitationDto }>('GET', `/api/invitations/${invitation.id}`)).body.data.status).toBe('pending');
      expect(await accountsEvents(platform, 'invitation.accepted', { invitationId: invitation.id })).toEqual([]);
    });

    it('offers nothing to an unverified address (anyone may register with any address), nor to a visitor', async () => {
      const user = await createUser(platform);
      await invite({ email: user.email });
      const person = await signedIn(platform, user.email, user.password);
      expect(await person.call('GET', '/api/invitations/pending')).toEqual(expect.objectContaining({ status: 200, body: { inviting_company: null } }));
      const join = await person.call('POST', '/invitations/accept');
      expect(join).toEqual(expect.objectContaining({ status: 403, body: expect.objectContaining({ message: EmployeeMessages.invitationEmailUnverified }) }));
      expect((await (await visitor(platform)).call('GET', '/api/invitations/pending')).status).toBe(401);
    });
  });

  describe('company isolation: another company never sees or changes these invitations by changing an id', () => {
    let invitation: InvitationDto;

    beforeAll(async () => {
      invitation = await invite({ division: 'Kept' });
    });

    it('GET /api/invitations/{id}: 404; the list has only their own', async () => {
      expect(await rival.call('GET', `/api/invitations/${invitation.id}`)).toEqual(expect.objectContaining({ status: 404, body: NOT_FOUND }));
      const list = await rival.call<InvitationList>('GET', '/api/invitations');
      expect(list.body.data.map((i) => i.id)).not.toContain(invitation.id);
    });

    it('PATCH, resend and DELETE: 404, and nothing changes or is sent', async () => {
      await sentLongAgo(invitation.id);
      expect((await rival.call('PATCH', `/invitations/${invitation.id}`, { division: 'Stolen' })).status).toBe(404);
      expect((await rival.call('POST', `/invitations/${invitation.id}/resend`)).status).toBe(404);
      expect((await rival.call('DELETE', `/invitations/${invitation.id}`)).status).toBe(404);
      const mine = await admin.call<{ data: InvitationDto }>('GET', `/api/invitations/${invitation.id}`);
      expect(mine.body.data).toEqual(expect.objectContaining({ division: 'Kept', status: 'pending', last_sent_at: expect.any(String) }));
      expect(await accountsEvents(platform, 'invitation.sent', { invitationId: invitation.id })).toHaveLength(1);
    });
  });

  describe('who may (docs/permissions.md: invitations.manage)', () => {
    it('a coordinator of the company manages its invitations', async () => {
      const { browser } = await companyMember(platform, admin, 'coordinator');
      const answer = await browser.call<{ data: InvitationDto }>('POST', '/invitations', { email: `${unique()}@example.com`, division: 'Coordinated' });
      expect(answer.status).toBe(201);
      expect(answer.body.data.company_id).toBe(DEMO_COMPANY.id);
      const list = await browser.call<InvitationList>('GET', `/api/invitations?search_query=${encodeURIComponent(answer.body.data.email)}`);
      expect(list.body.data.map((i) => i.id)).toEqual([answer.body.data.id]);
      expect((await browser.call('PATCH', `/invitations/${answer.body.data.id}`, { position: 'Planner' })).status).toBe(200);
      expect((await browser.call('DELETE', `/invitations/${answer.body.data.id}`)).status).toBe(200);
    });

    it('a reports viewer of the company may not see or send invitations; a visitor must sign in', async () => {
      const invitation = await invite();
      const { browser } = await companyMember(platform, admin, 'reports_viewer');
      expect((await browser.call('GET', '/api/invitations')).status).toBe(403);
      expect((await browser.call('GET', `/api/invitations/${invitation.id}`)).status).toBe(403);
      expect((await browser.call('POST', '/invitations', { email: `${unique()}@example.com` })).status).toBe(403);
      expect((await browser.call('POST', `/invitations/${invitation.id}/resend`)).status).toBe(403);
      expect((await browser.call('DELETE', `/invitations/${invitation.id}`)).status).toBe(403);
      const guest = await visitor(platform);
      expect((await guest.call('GET', '/api/invitations')).status).toBe(401);
      expect((await guest.call('POST', '/invitations', { email: `${unique()}@example.com` })).status).toBe(401);
    });

    it('a training manager of the company manages invitations', async () => {
      const { browser } = await companyMember(platform, admin, 'training_manager');
      const answer = await browser.call<{ data: InvitationDto }>('POST', '/invitations', { email: `${unique()}@example.com` });
      expect(answer.status).toBe(201);
      expect(answer.body.data.company_id).toBe(DEMO_COMPANY.id);
    });
  });
});
